import VeetConsole

/// The face's commands, options and examples, declared once and read through these values.
extension ChatCommands {
    // `veet chat`
    static let once = ValueOption("once", valueName: "prompt", help: "Send one prompt, stream the answer, exit.")
    static let session = ValueOption("session", valueName: "id", help: "Continue this conversation instead of starting one.")
    static let attach = ValueOption("attach", valueName: "path", help: "Upload a file and send it with the --once prompt (repeatable).",
                                    repeatable: true)
    /// Read by the app too: it decides how the whole command prints.
    public static let jsonl = Flag("jsonl", help: "With --once: print each change (text, tools, approvals, end) as one JSON object per line.")
    static let approveAll = Flag("approve-all", help: "Approve every approval once without asking (use with care).")
    static let denyAll = Flag("deny-all", help: "Deny every approval without asking.")

    // Positionals shared by several commands.
    static let id = Argument("id", help: "")
    static let sessionArgument = Argument("session", help: "The conversation id.")
    static let path = Argument("path", help: "Where to write it (default: its own name here).", isOptional: true)
    static let text = Argument("text", help: "Your answer.", isVariadic: true)
    static let query = Argument("query", help: "Words to look for.", isVariadic: true)

    // Options of the other commands.
    static let limit = ValueOption("limit", valueName: "n", help: "Show at most n conversations (default 50).")
    static let searchLimit = ValueOption("limit", valueName: "n", help: "At most n results (default 50).")
    static let all = Flag("all", help: "Show every conversation.")
    static let refresh = Flag("refresh", help: "Reconcile with the server first.")
    static let allKinds = Flag("all-kinds", help: "Read the server's whole list, the server's own sessions too (background reviews, People audit and import), marked.")
    static let transcripts = ValueOption("transcripts", valueName: "n", help: "Fetch at most n transcripts (default 200; 0 for none).")
    static let onlySession = ValueOption("session", valueName: "id", help: "Only this conversation.")
    static let reason = ValueOption("reason", valueName: "text", help: "Why (shown to the agent).")
    static let force = Flag("force", help: "Overwrite an existing file.")
    static let question = ValueOption("question", valueName: "id", help: "The question id shown with it (makes a repeat safe).")
    static let json = Flag("json", help: "Print machine-readable JSON on stdout.")
    static let messages = ValueOption("messages", valueName: "file",
                                      help: "The session's transcript (what GET /v1/sessions/{id}/messages answers), restored first.")
    static let approvalsFile = ValueOption("approvals", valueName: "file",
                                           help: "A JSON object from approval id to what GET /v1/approvals/{id} answers.")

    /// A positional `id` with its own help.
    private static func idArgument(_ help: String) -> PositionalSpec { PositionalSpec("id", help: help) }

    public static let chat = CommandSpec(
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
        options: [once.spec, session.spec, attach.spec, jsonl.spec, approveAll.spec, denyAll.spec])

    public static let sessions = CommandSpec(
        name: "sessions",
        summary: "Conversations, from the local mirror of the server's index.",
        subcommands: [
            CommandSpec(
                name: "list", summary: "List conversations, most recently active first (instantly, from the store).",
                options: [limit.spec, all.spec, refresh.spec, allKinds.spec]),
            CommandSpec(name: "show", summary: "Show a conversation's transcript (cached, then refreshed).",
                        positionals: [idArgument("The conversation id.")]),
            CommandSpec(name: "delete", summary: "Delete a conversation everywhere: on the server, then here.",
                        discussion: "Irreversible. A conversation with a running run must be stopped first (veet run cancel).",
                        positionals: [idArgument("The conversation id.")]),
        ])

    public static let sync = CommandSpec(
        name: "sync", summary: "Reconcile the local mirror with the server now and print what changed.",
        discussion: "Also fetches the transcripts of conversations that changed (newest first), so search can find what was said.",
        options: [transcripts.spec])

    public static let search = CommandSpec(
        name: "search",
        summary: "Find conversations by what was said in them (titles, messages, web searches).",
        discussion: "Words match as prefixes (plan finds planning). Searches the local mirror; run veet sync first for new history.",
        examples: [CommandExample("veet search lisbon hotels"), CommandExample("veet search budget --json")],
        options: [searchLimit.spec],
        positionals: [query.spec])

    public static let outbox = CommandSpec(
        name: "outbox",
        summary: "Messages you sent that the server has not confirmed yet.",
        discussion: "Every message is saved before it is sent and keeps one idempotency key, so a retry never makes a second run.",
        subcommands: [
            CommandSpec(name: "list", summary: "List unconfirmed messages."),
            CommandSpec(name: "retry", summary: "Send a held message again (same key).",
                        positionals: [idArgument("The outbox entry number.")]),
            CommandSpec(name: "discard", summary: "Drop a held message without sending it.",
                        positionals: [idArgument("The outbox entry number.")]),
        ])

    public static let approvals = CommandSpec(
        name: "approvals",
        summary: "Approvals the agent is waiting for.",
        subcommands: [
            CommandSpec(name: "list", summary: "List pending approvals (all, or one conversation's).",
                        options: [onlySession.spec]),
            CommandSpec(name: "show", summary: "Show one approval with every argument whole.",
                        positionals: [idArgument("The approval id.")]),
            CommandSpec(name: "approve", summary: "Approve a pending approval once.",
                        positionals: [idArgument("The approval id.")]),
            CommandSpec(name: "deny", summary: "Deny a pending approval.",
                        options: [reason.spec],
                        positionals: [idArgument("The approval id.")]),
        ])

    public static let artifacts = CommandSpec(
        name: "artifacts",
        summary: "Files the agent produced or you attached.",
        subcommands: [
            CommandSpec(name: "list", summary: "List the files referenced in a conversation.",
                        positionals: [sessionArgument.spec]),
            CommandSpec(name: "get", summary: "Show a file's metadata.",
                        positionals: [idArgument("The artifact id.")]),
            CommandSpec(name: "export", summary: "Save a file's exact bytes (checked against size and SHA-256).",
                        options: [force.spec],
                        positionals: [idArgument("The artifact id."), path.spec]),
        ])

    public static let run = CommandSpec(
        name: "run",
        summary: "Inspect or stop an agent run.",
        subcommands: [
            CommandSpec(name: "show", summary: "Show a run's status, counts, usage and failure.",
                        positionals: [idArgument("The run id.")]),
            CommandSpec(name: "answer", summary: "Answer the question a run is waiting on.",
                        options: [question.spec],
                        positionals: [idArgument("The run id."), text.spec]),
            CommandSpec(name: "cancel", summary: "Ask the server to stop a run (safe to repeat).",
                        discussion: """
                            A running run stops at its next safe point (the reply in progress finishes first); \
                            a queued or waiting run stops at once; a finished run is left as it is.
                            """,
                        positionals: [idArgument("The run id.")]),
        ])

    /// `veet debug transcript`, which the app lists under its `debug` group.
    public static let debugTranscript = CommandSpec(
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
        options: [json.spec, messages.spec, approvalsFile.spec])

    /// `veet debug sse`, which the app lists under its `debug` group.
    public static let debugSSE = CommandSpec(
        name: "sse",
        summary: "Decode a raw event stream from stdin, one JSON object per line.",
        discussion: """
            Prints {"event","id","data","retry"} for each event. A decoding error is printed \
            as a final {"error": ...} line and the command exits 1.
            """,
        examples: [CommandExample(
            "curl -sN -H \"Authorization: Bearer $TOKEN\" $URL/v1/runs/$RUN/events | veet debug sse")])
}
