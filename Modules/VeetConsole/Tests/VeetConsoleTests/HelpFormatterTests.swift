import Testing
import VeetConsole

@Suite struct HelpFormatterTests {
    let formatter = HelpFormatter(root: sampleTree, width: 60)

    @Test func rootHelp() {
        #expect(formatter.help(for: []) == """
            Usage: veet [options] <command>

            Talk to your Veetbot server from the terminal.

            Commands:
              sessions            List and show chat sessions.
              send                Send a message to a session.
              chat                Start an interactive chat.

            Options:
                  --json          Print machine-readable JSON.
                  --color <when>  Use colour: auto, always or never
                                  (default auto).
              -s, --server <url>  Use this server instead of the default
                                  connection.
              -h, --help          Show help for this command.

            Run 'veet <command> --help' for more about a command.

            """)
    }

    @Test func leafHelpWithDiscussionExamplesAndAnOverlongOption() {
        #expect(formatter.help(for: ["sessions", "list"]) == """
            Usage: veet sessions list [options]

            List recent sessions, newest first.

            Sessions come from the local mirror when the server cannot
            be reached.

            Archived sessions are left out unless asked for.

            Options:
              -n, --limit <n>           Show at most n sessions.
              -t, --tag <tag>           Only sessions with this tag.
                                        (repeatable)
              -a, --archived            Include archived sessions.
              -v, --verbose             Show each session's first
                                        message and its tool calls too.
                  --sort-by-most-recent-activity <order>
                                        Sort order.
              -h, --help                Show help for this command.

            Global options:
                  --json                Print machine-readable JSON.
                  --color <when>        Use colour: auto, always or
                                        never (default auto).
              -s, --server <url>        Use this server instead of the
                                        default connection.

            Examples:
              # The five newest sessions.
              veet sessions list --limit 5

              veet sessions list --tag work --tag urgent --json

            """)
    }

    @Test func positionalsInUsageAndArgumentsTable() {
        let help = HelpFormatter(root: sampleTree, width: 100).help(for: ["send"])
        #expect(help == """
            Usage: veet send [options] <session-id> [<message>...]

            Send a message to a session.

            Arguments:
              <session-id>        The session to send to.
              [<message>...]      Words of the message; read from stdin when absent.

            Options:
              -h, --help          Show help for this command.

            Global options:
                  --json          Print machine-readable JSON.
                  --color <when>  Use colour: auto, always or never (default auto).
              -s, --server <url>  Use this server instead of the default connection.

            """)
    }

    @Test func narrowWidthWrapsTheUsageLineWithAHangingIndent() throws {
        let help = try #require(HelpFormatter(root: sampleTree, width: 30).help(for: ["send"]))
        #expect(help.hasPrefix("""
            Usage: veet send [options]
                   <session-id>
                   [<message>...]

            """))
    }

    @Test func nearerOptionHidesTheInheritedOneOfTheSameName() throws {
        let root = CommandSpec(
            name: "tool", summary: "",
            options: [.flag("json", help: "Global JSON.")],
            subcommands: [CommandSpec(name: "sub", summary: "", options: [.flag("json", help: "Local JSON.")])])
        let help = try #require(HelpFormatter(root: root, width: 80).help(for: ["sub"]))
        #expect(help.contains("Local JSON."))
        #expect(!help.contains("Global JSON."))
        #expect(!help.contains("Global options:"))
    }

    @Test func unknownPathHasNoHelp() {
        #expect(formatter.help(for: ["nope"]) == nil)
    }
}
