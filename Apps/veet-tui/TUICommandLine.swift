import Foundation
import VeetConsole
import VeetTransport

/// veet-tui's command line, one table for `--help` and veet-tui(1).
enum TUICommandLine {
    static let spec = CommandSpec(
        name: "veet-tui",
        summary: "The full-screen Veetbot client: chat, history, folders, schedules, website access, memory and people.",
        discussion: """
            Uses VEET_URL and VEET_TOKEN when set, else the current saved connection (see `veet connect`); \
            --connection picks another. Without either, a first-run form connects this computer (saved as `veet connect` saves). \
            Press ? or F1 inside for the keys (F8 settings, F9 connections); docs/tui.md describes every screen.
            """,
        examples: [CommandExample("veet-tui"), CommandExample("veet-tui --connection work"),
                   CommandExample("veet-tui --session 0198d6a2-4c1e-7b3a-9f21-5e8c0d4a7b61 --focus approval"),
                   CommandExample("veet-tui --call 5f0c2a9e-8d41-4b7a-9e36-2c1d7f4a8b90")],
        options: [connection.spec, version.spec, log.spec, session.spec, run.spec, call.spec, focus.spec, firstFrameExit.spec]
    )

    static let connection = ValueOption("connection", valueName: "name", help: "Use this saved connection instead of the current one.")
    static let version = Flag("version", help: "Print the version, build and commit, and leave.")
    static let log = Flag("log", help: "Append debug lines (ids and counts, never content) to $XDG_STATE_HOME/veet/veet-tui.log (as VEET_LOG=debug).")
    static let session = ValueOption("session", valueName: "id",
                                     help: "Open this conversation: its transcript, and the run in flight (or the latest) attached.")
    static let run = ValueOption("run", valueName: "id", help: "With --session: attach to this run of the conversation instead.")
    static let call = ValueOption("call", valueName: "id", help: "Open the Calls page on this phone call (where a call's result alert leads).")
    static let focus = ValueOption("focus", valueName: "approval|question",
                                   help: "With --session: put the keys on the waiting approval card or the question's answer box.",
                                   completion: .choices(DeepLink.Focus.allCases.map(\.rawValue)))
    static let firstFrameExit = Flag("first-frame-exit",
                                     help: "Draw one frame from the cached index and leave (measures cold start; `make bench` uses it).")

    /// The options that matter after parsing (help and the man page are handled before).
    struct Launch: Sendable, Equatable {
        var connection: String?
        var deepLink: DeepLink?
        var firstFrameExit = false
    }

    /// Reads the command line through `spec`, so help, the man page and
    /// parsing never disagree. Ids must look like the server's (UUIDs).
    static func launch(_ arguments: [String]) throws -> Launch {
        guard case .run(let command) = try CommandLineParser(root: spec).parse(arguments) else {
            return Launch()
        }
        var launch = Launch(connection: command.value(Self.connection), firstFrameExit: command.flag(Self.firstFrameExit))
        let focus = try command.choice(Self.focus, as: DeepLink.Focus.self)
        if let call = command.value(Self.call) {
            if command.value(Self.session) != nil { throw DeepLinkError("--call and --session open different things: give one") }
            launch.deepLink = DeepLink(callID: try DeepLink.identifier(call, option: "--call", what: "call", listedBy: "veet calls list"))
        }
        guard let session = command.value(Self.session) else {
            if command.value(Self.run) != nil { throw DeepLinkError("--run needs --session (the conversation the run is in)") }
            if focus != nil { throw DeepLinkError("--focus needs --session (the conversation to open)") }
            return launch
        }
        launch.deepLink = DeepLink(sessionID: try DeepLink.identifier(session, option: "--session", what: "conversation"),
                                   runID: try command.value(Self.run).map { try DeepLink.identifier($0, option: "--run", what: "run") },
                                   focus: focus)
        return launch
    }

    static var help: String { HelpFormatter(root: spec).help(for: []) ?? "" }

    static var manPage: String {
        ManPage(root: spec, section: 1, version: TUIBuild.stamped, date: ManPage.date(),
                extraSections: [("Environment", [
                    "VEET_URL and VEET_TOKEN: a server and token instead of the saved connection.",
                    "VEET_APPEARANCE: light, dark or auto (auto asks the terminal for its background).",
                    "NO_COLOR: no colour.",
                ])],
                seeAlso: ["veet(1)", "veetd(8)"]).text
    }
}
