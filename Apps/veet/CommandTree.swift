import VeetCallsCommands
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
    static let json = OptionSpec.flag("json", help: "Print machine-readable JSON on stdout.")
    static let connection = OptionSpec.value(
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
        options: [json, connection, .color],
        subcommands: [connect, chat, sessions, sync, search, OutboxCommand.spec, FoldersCommands.spec, SchedulesCommands.spec, MemoryCommands.spec,
                     PeopleCommands.spec,
                     EmailCommands.spec,
                     SettingsCommands.spec,
                     SubscriptionsCommands.spec,
                     CallsCommands.spec, SurfacesCommands.spec,
                     ApprovalsCommand.spec, NeedsYouCommand.spec, WebsiteAccessCommands.spec, DevicesCommands.spec, NotificationsCommands.spec, ArtifactsCommand.spec, RunCommand.spec, DaemonCommand.spec, connections, TokensCommand.spec, CompletionCommand.spec, doctor, debug, version])

    static let connect = CommandSpec(
        name: "connect",
        summary: "Save a server and its token (asked without echo, or read from stdin).",
        discussion: """
            The address must be https://, or plain http:// for a loopback server. The token is \
            checked against the server before anything is saved, then kept in the desktop keyring when \
            one answers (GNOME Keyring, KeePassXC: the Secret Service), else in an owner-only file; \
            the command says which. It never moves by itself: `veet connections migrate` moves file \
            tokens into a keyring that appeared later.
            """,
        examples: [
            CommandExample("veet connect https://veetbot.example.com"),
            CommandExample("printf %s \"$TOKEN\" | veet connect http://127.0.0.1:8080 --name dev"),
        ],
        options: [.value("name", valueName: "name", help: "Name for this connection (default: the host)."),
                  .flag("insecure-storage", help: "Keep the token in an owner-only file even when a keyring answers.")],
        positionals: [PositionalSpec("url", help: "The server's base address.")])

    static let chat = CommandSpec(
        name: "chat",
        summary: "Chat with the agent: interactive, or one prompt with --once.",
        discussion: """
            Interactive mode sends each line you type; Ctrl-C stops a running answer, /quit leaves. \
            On a terminal, approvals and questions are asked as prompts. Without a terminal nothing \
            is approved unless --approve-all is given; the command then exits 7.
            """,
        examples: [
            CommandExample("veet chat"),
            CommandExample("veet chat --once \"Summarise my week\" --json"),
            CommandExample("veet chat --session 0198d6a2-4c1e-7b3a-9f21-5e8c0d4a7b61"),
        ],
        options: [
            .value("once", valueName: "prompt", help: "Send one prompt, stream the answer, exit."),
            .value("session", valueName: "id", help: "Continue this conversation instead of starting one."),
            .value("attach", valueName: "path", help: "Upload a file and send it with the --once prompt (repeatable).",
                   repeatable: true),
            .flag("jsonl", help: "With --once: print each change (text, tools, approvals, end) as one JSON object per line."),
            .flag("approve-all", help: "Approve every approval once without asking (use with care)."),
            .flag("deny-all", help: "Deny every approval without asking."),
        ])

    static let sessions = CommandSpec(
        name: "sessions",
        summary: "Conversations, from the local mirror of the server's index.",
        subcommands: [
            CommandSpec(
                name: "list", summary: "List conversations, most recently active first (instantly, from the store).",
                options: [
                    .value("limit", valueName: "n", help: "Show at most n conversations (default 50)."),
                    .flag("all", help: "Show every conversation."),
                    .flag("refresh", help: "Reconcile with the server first."),
                    .flag("all-kinds", help: "Read the server's whole list, the server's own sessions too (background reviews, People audit and import), marked."),
                ]),
            CommandSpec(name: "show", summary: "Show a conversation's transcript (cached, then refreshed).",
                        positionals: [PositionalSpec("id", help: "The conversation id.")]),
            CommandSpec(name: "delete", summary: "Delete a conversation everywhere: on the server, then here.",
                        discussion: "Irreversible. A conversation with a running run must be stopped first (veet run cancel).",
                        positionals: [PositionalSpec("id", help: "The conversation id.")]),
        ])

    static let sync = CommandSpec(
        name: "sync", summary: "Reconcile the local mirror with the server now and print what changed.",
        discussion: "Also fetches the transcripts of conversations that changed (newest first), so search can find what was said.",
        options: [.value("transcripts", valueName: "n", help: "Fetch at most n transcripts (default 200; 0 for none).")])

    static let search = CommandSpec(
        name: "search",
        summary: "Find conversations by what was said in them (titles, messages, web searches).",
        discussion: "Words match as prefixes (plan finds planning). Searches the local mirror; run veet sync first for new history.",
        examples: [CommandExample("veet search lisbon hotels"), CommandExample("veet search budget --json")],
        options: [.value("limit", valueName: "n", help: "At most n results (default 50).")],
        positionals: [PositionalSpec("query", help: "Words to look for.", isVariadic: true)])

    static let connections = CommandSpec(
        name: "connections",
        summary: "Saved servers (alone: the list).",
        subcommands: [
            CommandSpec(name: "list", summary: "List saved servers; * marks the current one."),
            CommandSpec(name: "use", summary: "Make a saved server the current one.",
                        positionals: [PositionalSpec("name", help: "The saved connection.")]),
            CommandSpec(name: "forget", summary: "Forget a saved server and its token.",
                        positionals: [PositionalSpec("name", help: "The saved connection.")]),
            CommandSpec(name: "migrate", summary: "Move tokens kept in files into the desktop keyring (each read back first)."),
        ])

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
            CommandSpec(
                name: "sse",
                summary: "Decode a raw event stream from stdin, one JSON object per line.",
                discussion: """
                    Prints {"event","id","data","retry"} for each event. A decoding error is printed \
                    as a final {"error": ...} line and the command exits 1.
                    """,
                examples: [CommandExample(
                    "curl -sN -H \"Authorization: Bearer $TOKEN\" $URL/v1/runs/$RUN/events | veet debug sse")]),
            CommandSpec(
                name: "transcript",
                summary: "Reduce a raw event stream from stdin as the apps do; print the display items in order.",
                discussion: """
                    Runs the one reducer the apps use over the SSE of one or more runs on stdin and prints \
                    each display item on a line: messages, tool bundles, tool calls, approvals, questions, \
                    the thinking line, failures and cancellations. With --json one object per line \
                    (shapes in docs/cli.md). Unreadable or unknown frames are reported on stderr with \
                    their position and skipped. Exit 0 when the stream ends with a terminal event, else 1.
                    """,
                examples: [CommandExample(
                    "curl -sN -H \"Authorization: Bearer $TOKEN\" $URL/v1/runs/$RUN/events | veet debug transcript --json")],
                options: [json,
                          .value("messages", valueName: "file",
                                 help: "The session's transcript (what GET /v1/sessions/{id}/messages answers), restored first."),
                          .value("approvals", valueName: "file",
                                 help: "A JSON object from approval id to what GET /v1/approvals/{id} answers.")]),
        ])

    static let version = CommandSpec(name: "version", summary: "Print the version, the build and the commit.")
}
