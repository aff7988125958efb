import VeetConsole

/// A small command tree shaped like the real CLI, used across the tests.
let sampleTree = CommandSpec(
    name: "veet",
    summary: "Talk to your Veetbot server from the terminal.",
    options: [
        .flag("json", help: "Print machine-readable JSON."),
        .color,
        .value("server", short: "s", valueName: "url", help: "Use this server instead of the default connection."),
    ],
    subcommands: [
        CommandSpec(
            name: "sessions",
            summary: "List and show chat sessions.",
            subcommands: [
                CommandSpec(
                    name: "list",
                    summary: "List recent sessions, newest first.",
                    discussion: "Sessions come from the local mirror when the server cannot be reached.\n\nArchived sessions are left out unless asked for.",
                    examples: [
                        CommandExample("veet sessions list --limit 5", explanation: "The five newest sessions."),
                        CommandExample("veet sessions list --tag work --tag urgent --json"),
                    ],
                    options: [
                        .value("limit", short: "n", valueName: "n", help: "Show at most n sessions."),
                        .value("tag", short: "t", valueName: "tag", help: "Only sessions with this tag.", repeatable: true),
                        .flag("archived", short: "a", help: "Include archived sessions."),
                        .flag("verbose", short: "v", help: "Show each session's first message and its tool calls too."),
                        .value("sort-by-most-recent-activity", valueName: "order", help: "Sort order."),
                    ]),
                CommandSpec(
                    name: "show",
                    summary: "Show one session.",
                    positionals: [PositionalSpec("session-id", help: "The session to show.")]),
            ]),
        CommandSpec(
            name: "send",
            summary: "Send a message to a session.",
            positionals: [
                PositionalSpec("session-id", help: "The session to send to."),
                PositionalSpec("message", help: "Words of the message; read from stdin when absent.", isOptional: true, isVariadic: true),
            ]),
        CommandSpec(name: "chat", summary: "Start an interactive chat."),
    ])

let sampleParser = CommandLineParser(root: sampleTree)
