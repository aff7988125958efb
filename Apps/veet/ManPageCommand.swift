import Foundation
import VeetConsole
import VeetTransport

/// `veet __man` prints veet(1) from `CommandTree`, the table `--help` reads;
/// `make install` and `make deb` write it to share/man/man1/veet.1.
enum ManPageCommand {
    static let hiddenCommand = "__man"

    static var page: String {
        ManPage(root: CommandTree.root, section: 1, version: BuildInfo.stamped, date: ManPage.date(),
                extraSections: [
                    ("Environment", [
                        "VEET_URL and VEET_TOKEN: a server and token for one command, instead of the saved connection.",
                        "NO_COLOR: no colour; --color always overrides it. VEET_APPEARANCE: light, dark or auto.",
                        "EDITOR or VISUAL: the editor commands open for longer text.",
                    ]),
                    ("Files", [
                        "$XDG_CONFIG_HOME/veet/connections.json: saved servers; $XDG_CONFIG_HOME/veet/credentials/: their tokens, owner-only files.",
                        "$XDG_DATA_HOME/veet/: veet.sqlite, the local store (conversation index, transcripts, outbox). Mail is never stored.",
                        "$XDG_STATE_HOME/veet/veetd.log and $XDG_RUNTIME_DIR/veet/veetd.sock: the daemon's log and socket.",
                    ]),
                    ManPage.exitStatusSection,
                ],
                seeAlso: ["veet-tui(1)", "veetd(8)"]).text
    }
}
