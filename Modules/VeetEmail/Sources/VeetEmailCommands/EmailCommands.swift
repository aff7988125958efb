import Foundation
import VeetConsole
import VeetEmail
import VeetTransport

/// `veet email ...`: triage the mailboxes the server ranks, teach it, and
/// reply with drafts sent only through a verified approval. Nothing of the
/// mail is written on this computer except the $EDITOR buffer of `reply`
/// (0600, removed when the editor exits). A server without Email says so (exit 1).
/// `discuss` opens the chat bound to a thread through `openChat`, which the app
/// hands in (Email never imports Chat).
public struct EmailCommands: CommandGroup {
    /// Runs the chat on a conversation (`veet chat --session ID`, `--once` a prompt when given).
    public typealias OpenChat = @Sendable (_ sessionID: String, _ once: String?) async throws -> ExitCode

    let api: EmailAPI
    let environment: [String: String]
    let openChat: OpenChat

    /// `environment`: where $VISUAL, $EDITOR and $XDG_RUNTIME_DIR are read (the reply editor).
    public init(api: EmailAPI, environment: [String: String], openChat: @escaping OpenChat) {
        self.api = api
        self.environment = environment
        self.openChat = openChat
    }

    static let thread = Argument("thread", help: "The thread id (from `veet email inbox`).")
    static let revision = Argument("rev", help: "The revision number (from `draft history`).")
    static let feedbackThread = Argument("thread", help: "The thread id, or `undo`.")
    static let judgment = Argument("judgment", help: "The judgment, or after `undo` the feedback id.")
    static let scope = Argument("scope", help: "preferences, style or all.")
    static let other = Flag("other", help: "Other mail: everything not important, archived and handled too.")
    static let all = Flag("all", help: "Every thread.")
    static let account = ValueOption("account", valueName: "id", help: "Only this account (from `veet email accounts`).")
    static let search = ValueOption("search", valueName: "text", help: "Subject, senders or gist containing text.")
    static let limit = ValueOption("limit", valueName: "n", help: "At most n threads (1-100).")
    static let cursor = ValueOption("cursor", valueName: "c", help: "Continue from a previous page.")
    static let instruction = ValueOption("instruction", valueName: "text", help: "How the agent should draft a new reply.")
    static let keep = ValueOption("keep", valueName: "mine|theirs",
                                  help: "On a conflict without a terminal: keep your text or the other device's.")
    static let yes = Flag("yes", help: "Approve the verified message without asking.")
    static let person = ValueOption("person", valueName: "address", help: "Every thread from this sender.")
    static let topic = ValueOption("topic", valueName: "name", help: "Every thread about this topic.")
    static let about = ValueOption("about", valueName: "thread|person|topic", help: "The scope, when you want the choices listed.")
    static let because = ValueOption("because", valueName: "text", help: "Why (shown as the thread's reason).")
    static let wait = Flag("wait", help: "Wait until the refresh ends.")
    static let once = ValueOption("once", valueName: "prompt", help: "Send one prompt, stream the answer, exit.")

    public static let spec = CommandSpec(
        name: "email",
        summary: "Email: the important threads, replies drafted by the agent, Review & Send.",
        discussion: """
            Mail is read from the server and kept in memory only: no subject, address, body or draft \
            is written on this computer (the one exception is the buffer `reply` hands to $EDITOR, \
            created 0600 in $XDG_RUNTIME_DIR and removed when the editor exits). A send goes out only \
            after its approval was checked field by field against the message you reviewed; an \
            approval that cannot be verified is not sent (exit 10).
            """,
        examples: [CommandExample("veet email inbox"), CommandExample("veet email show THREAD"),
                   CommandExample("veet email reply THREAD"), CommandExample("veet email send THREAD"),
                   CommandExample("veet email inbox --other --json")],
        subcommands: [
            CommandSpec(name: "accounts", summary: "The connected mailboxes, their freshness and what each offers.",
                        examples: [CommandExample("veet email accounts --json")]),
            CommandSpec(name: "inbox", summary: "List threads: the important ones first (the default), Other mail, or all.",
                        discussion: "Without --limit, the important view shows five threads and the others twenty. "
                            + "The next page's cursor is printed on stderr (next_cursor in --json).",
                        examples: [CommandExample("veet email inbox --all --account work --search invoice"),
                                   CommandExample("veet email inbox --other --limit 50 --cursor 20")],
                        options: [other.spec, all.spec] + [account, search, limit, cursor].map(\.spec)),
            CommandSpec(name: "show", summary: "Read a thread: the gist, why it matters, every message as text.",
                        discussion: "Attachments are listed by name, type and size; nothing remote is fetched.",
                        examples: [CommandExample("veet email show THREAD --json")], positionals: [thread.spec]),
            CommandSpec(name: "reply", summary: "Edit the reply in $EDITOR (drafted by the agent first when there is none).",
                        discussion: """
                            Opens $VISUAL or $EDITOR on the draft (To, Cc, Bcc and Subject lines, a blank line, \
                            then the body) and saves what you wrote as the next revision. If the draft changed \
                            on another device meanwhile, both versions are shown and you pick one, or keep both \
                            to edit again; without a terminal --keep decides, or nothing is saved and your text \
                            is printed back (exit 7).
                            """,
                        examples: [CommandExample("veet email reply THREAD"),
                                   CommandExample("veet email reply THREAD --instruction \"Say yes, Friday works\""),
                                   CommandExample("EDITOR=nano veet email reply THREAD --keep mine")],
                        options: [instruction.spec, keep.spec], positionals: [thread.spec]),
            CommandSpec(name: "draft", summary: "The thread's reply draft: show, history, restore, discard, endorse.",
                        subcommands: [
                            CommandSpec(name: "show", summary: "Show the draft as it would be sent.",
                                        examples: [CommandExample("veet email draft show THREAD")], positionals: [thread.spec]),
                            CommandSpec(name: "history", summary: "Every revision, oldest first (conflicting saves too).",
                                        examples: [CommandExample("veet email draft history THREAD --json")],
                                        positionals: [thread.spec]),
                            CommandSpec(name: "restore", summary: "Save an older revision's text as the next revision.",
                                        examples: [CommandExample("veet email draft restore 2 THREAD")],
                                        positionals: [revision.spec, thread.spec]),
                            CommandSpec(name: "discard", summary: "Discard the draft.",
                                        examples: [CommandExample("veet email draft discard THREAD")], positionals: [thread.spec]),
                            CommandSpec(name: "endorse", summary: "Endorse the draft's wording as an example of how you write.",
                                        examples: [CommandExample("veet email draft endorse THREAD")], positionals: [thread.spec]),
                        ]),
            CommandSpec(name: "send", summary: "Review & Send: verify the approval against the draft, show it, ask, send once.",
                        discussion: """
                            Saves nothing new: the draft's latest saved revision is frozen and proposed; the \
                            server's send approval is then checked field by field (tool, account, thread, \
                            recipients, subject, body by its SHA-256 digest when cut, reply headers). Only a \
                            verified message is printed and offered; --yes approves it without asking, and only \
                            then. An approval that cannot be verified is not sent (exit 10). A send whose outcome \
                            is unknown is never retried: check your Sent mail.
                            """,
                        examples: [CommandExample("veet email send THREAD"), CommandExample("veet email send THREAD --yes --json")],
                        options: [yes.spec], positionals: [thread.spec]),
            action("archive", "Archive in Gmail (the thread leaves the Inbox)."),
            action("unarchive", "Move the thread back to the Inbox."),
            action("handled", "Mark handled: it leaves the important list until something new arrives."),
            action("unhandled", "Mark not handled."),
            action("spam", "Report spam (moves the thread to Gmail's Spam)."),
            action("not-spam", "Not spam: out of Gmail's Spam, or clear the agent's suspicion."),
            CommandSpec(name: "feedback", summary: "Teach the agent what matters (or `feedback undo ID`).",
                        discussion: """
                            JUDGMENT is important, less-important, needs-reply or no-reply. It applies to this \
                            thread, or with --person to everything from one sender (always an explicit choice), \
                            or with --topic to one kind of content. The applied scope and the feedback id are \
                            printed; `veet email feedback undo ID` takes it back.
                            """,
                        examples: [CommandExample("veet email feedback THREAD important"),
                                   CommandExample("veet email feedback THREAD less-important --person news@example.com"),
                                   CommandExample("veet email feedback THREAD no-reply --topic receipts --because \"Just records\""),
                                   CommandExample("veet email feedback undo FEEDBACK_ID")],
                        options: [person, topic, about, because].map(\.spec),
                        positionals: [feedbackThread.spec, judgment.spec]),
            CommandSpec(name: "learning", summary: "What the agent learns from your mail (alone: the state and the disclosure).",
                        subcommands: [
                            CommandSpec(name: "show", summary: "The learning state, coverage and what is shared (the default).",
                                        examples: [CommandExample("veet email learning"), CommandExample("veet email learning show --json")]),
                            CommandSpec(name: "pause", summary: "Pause learning from mail.",
                                        examples: [CommandExample("veet email learning pause")]),
                            CommandSpec(name: "resume", summary: "Resume learning from mail.",
                                        examples: [CommandExample("veet email learning resume")]),
                            CommandSpec(name: "reset", summary: "Forget what was learned: preferences, style or all.",
                                        examples: [CommandExample("veet email learning reset style")],
                                        positionals: [scope.spec]),
                            CommandSpec(name: "exclude", summary: "Never learn from this thread; erase what came from it.",
                                        examples: [CommandExample("veet email learning exclude THREAD")],
                                        positionals: [thread.spec]),
                        ]),
            CommandSpec(name: "refresh", summary: "Fetch new mail on every account now.",
                        discussion: "Prints the operation; with --wait, follows it (progress on stderr) and prints each account's freshness.",
                        examples: [CommandExample("veet email refresh --wait")],
                        options: [wait.spec]),
            CommandSpec(name: "discuss", summary: "Discuss the thread with the agent: opens the chat bound to it.",
                        discussion: "The same chat as `veet chat --session`; with --json, prints the session id instead.",
                        examples: [CommandExample("veet email discuss THREAD"),
                                   CommandExample("veet email discuss THREAD --once \"Draft a polite no\"")],
                        options: [once.spec], positionals: [thread.spec]),
        ])

    private static func action(_ name: String, _ summary: String) -> CommandSpec {
        CommandSpec(name: name, summary: summary, examples: [CommandExample("veet email \(name) THREAD")],
                    positionals: [thread.spec])
    }

    public func run(_ command: ParsedCommand, console: Console) async throws -> ExitCode {
        let run = EmailCommandRun(api: api, console: console, environment: environment, openChat: openChat)
        do {
            return try await dispatch(command, run)
        } catch let error as APIError {
            throw await run.explain(error)
        }
    }

    private func dispatch(_ command: ParsedCommand, _ run: EmailCommandRun) async throws -> ExitCode {
        let thread = command.argument(Self.thread)
        switch command.path {
        case ["email", "accounts"]: return try await run.accounts()
        case ["email", "inbox"]: return try await run.inbox(command)
        case ["email", "show"]: return try await run.show(thread)
        case ["email", "reply"]: return try await run.reply(thread, command)
        case ["email", "draft", "show"]: return try await run.showDraft(thread)
        case ["email", "draft", "history"]: return try await run.history(thread)
        case ["email", "draft", "restore"]: return try await run.restore(command.argument(Self.revision), thread: thread)
        case ["email", "draft", "discard"]: return try await run.discard(thread)
        case ["email", "draft", "endorse"]: return try await run.endorse(thread)
        case ["email", "send"]: return try await run.send(thread, yes: command.flag(Self.yes))
        case ["email", "feedback"]: return try await run.feedback(command)
        case ["email", "learning", "show"]: return try await run.learning()
        case ["email", "learning", "pause"]: return try await run.printLearning(try await api.setLearningPaused(true))
        case ["email", "learning", "resume"]: return try await run.printLearning(try await api.setLearningPaused(false))
        case ["email", "learning", "reset"]: return try await run.reset(command.argument(Self.scope))
        case ["email", "learning", "exclude"]: return try await run.exclude(thread)
        case ["email", "refresh"]: return try await run.refresh(wait: command.flag(Self.wait))
        case ["email", "discuss"]: return try await run.discuss(thread, once: command.value(Self.once))
        case let path where path.count == 2 && EmailCommandRun.actions[path[1]] != nil:
            return try await run.act(path[1], on: thread)
        default:
            throw CommandFailure.usage("\(run.program): email needs a subcommand; see `\(run.program) help email`")
        }
    }
}
