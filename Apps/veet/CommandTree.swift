import VeetCallsCommands
import VeetChatCommands
import VeetConsole
import VeetEmailCommands
import VeetFoldersCommands
import VeetMemoryCommands
import VeetSchedulesCommands
import VeetWebsiteAccessCommands
import VeetPeopleCommands
import VeetAccountCommands
import VeetSettingsCommands
import VeetSubscriptionsCommands
import VeetSurfacesCommands

/// Every command, option and example of `veet`, in one place.
enum CommandTree {
    static let json = Flag("json", help: "Print machine-readable JSON on stdout.")
    static let connection = ValueOption(
        "connection", valueName: "name", help: "Use this saved connection instead of the current one.")

    static let root = CommandSpec(
        name: "veet",
        summary: "Talk to a Veetbot server from the terminal.",
        discussion: """
            VEET_URL and VEET_TOKEN override the saved connection for one command. \
            Exit codes are listed in docs/cli.md.
            """,
        examples: [
            CommandExample("veet connect https://veetbot.example.com"),
            CommandExample("veet chat --once \"What is 17 multiplied by 23?\""),
            CommandExample("veet sessions list --json"),
        ],
        options: [json.spec, connection.spec, ValueOption.color.spec],
        subcommands: [ConnectCommand.spec, ChatCommands.chat, ChatCommands.sessions, ChatCommands.sync, ChatCommands.search, ChatCommands.outbox, FoldersCommands.spec, SchedulesCommands.spec, MemoryCommands.spec,
                     PeopleCommands.spec,
                     EmailCommands.spec,
                     SettingsCommands.spec,
                     SubscriptionsCommands.spec,
                     CallsCommands.spec, SurfacesCommands.spec,
                     ChatCommands.approvals, NeedsYouCommand.spec, WebsiteAccessCommands.spec, DevicesCommands.spec, NotificationsCommands.spec, ChatCommands.artifacts, ChatCommands.run, DaemonCommand.spec, ConnectionsCommands.spec, TokensCommands.spec, CompletionCommands.spec, doctor, debug, version])

    static let doctor = CommandSpec(
        name: "doctor",
        summary: "Check the connection, the token, the store, the daemon and the terminal; say how to fix each problem.",
        discussion: """
            One line per check. The server part reads /health/live and /health/ready, then one harmless read \
            per route family to say which the server offers and which the token lacks a scope for. \
            The store part runs SQLite's quick check. Exit 0 when nothing is a problem, 1 otherwise.
            """,
        examples: [CommandExample("veet doctor"), CommandExample("veet doctor --json | jq '.checks[] | select(.status != \"ok\")'")])

    static let debug = CommandSpec(
        name: "debug",
        summary: "Tools for diagnosing a server.",
        subcommands: [
            ChatCommands.debugSSE,
            ChatCommands.debugTranscript,
        ])

    static let version = CommandSpec(name: "version", summary: "Print the version, the build and the commit.")
}
