import Foundation
import VeetChat
import VeetConsole
import VeetMarkdown
import VeetTerminal
import VeetTransport
import VeetWire

/// The state of `veet chat` between prompts, and its slash commands.
struct InteractiveChat {
    enum Outcome { case handled, quit }

    let host: ChatCommandHost
    let console: Console
    let api: ChatAPI
    let mode: TerminalTurnView.ApprovalMode
    var sessionID: String? { didSet { visibility.report(sessionID) } }
    /// Names the new conversation while `sessionID` is nil: every message
    /// typed into it (even while the server is out of reach) opens that one.
    private var newConversationKey = IdempotencyKey()
    /// The profile chosen for new conversations, kept with their first message.
    let browserProfileID: String?
    /// Tells a running veetd which conversation is on screen, so it raises no alert for it.
    let visibility: any ConversationOnScreen
    var watcher: InterruptWatcher?
    /// The last turn's view: its answer and tool bundles.
    private var lastView: TerminalTurnView?
    /// The last turn's transcript (TurnRunner's): where a later follow resumes, which question it showed.
    private var lastTranscript: Transcript?
    /// Who this chat talks to (approval cards are tagged with it), read once.
    private var connectionIdentity: ConnectionIdentity?
    private var composer: AttachmentComposer?
    /// The last message handed back unsent (another run was active): `/resend` sends it.
    private var unsentText: String?

    init(host: ChatCommandHost, console: Console, api: ChatAPI, mode: TerminalTurnView.ApprovalMode, sessionID: String?,
         browserProfileID: String? = nil) {
        self.host = host
        self.console = console
        self.browserProfileID = browserProfileID
        self.api = api
        self.mode = mode
        visibility = host.daemon.visibility()
        self.sessionID = sessionID
        visibility.report(sessionID)
    }

    var runner: TurnRunner { TurnRunner(api: api) }
    var opener: ConversationOpener { ConversationOpener(api: api) }

    static let help = """
        /new              start a new conversation
        /open ID          continue another conversation
        /session          show this conversation's id
        /attach PATH      upload a file for the next message (/attach alone lists them)
        /approve          approve the pending approval once
        /deny [REASON]    deny the pending approval
        /answer TEXT      answer the agent's pending question
        /resend           send again the message that met another reply running (it was not sent)
        /tools            expand the last turn's tool activity
        /copy [N]         copy the last answer (or its Nth code block) to the clipboard (OSC 52)
        /cancel           stop the conversation's active run
        /help             this list
        /quit             leave (also Ctrl-D); Ctrl-C stops a running answer
        """

    mutating func send(_ text: String) async throws {
        let view = TerminalTurnView(console: console, approvalMode: mode)
        let watcher = self.watcher
        let api = self.api
        let content: [ContentBlock]
        if let composer {
            content = try await composer.messageContent(text: text)
        } else {
            content = [.text(text)]
        }
        let store = try host.store()
        let mirror = ConversationMirror(api: api, store: store)
        let result: TurnResult
        do {
            result = try await runner.send(
                content: content, sessionID: sessionID, conversationKey: newConversationKey,
                browserProfileID: browserProfileID, outbox: store, interaction: view,
                onRunStarted: { session, runID in
                    await watcher?.watch(api: api, runID: runID, view: view)
                    // The conversation joins the mirror at once: `veet sessions list` shows it now, not after a sync.
                    _ = try? await mirror.join(sessionID: session)
                })
        } catch let held as OutboxHeldError {
            // The message stays in the outbox, but its new conversation may exist
            // already: stay in it, so /attach or /approve do not open another.
            if sessionID == nil, let created = try? store.outboxEntry(id: held.entryID)?.sessionID { sessionID = created }
            throw held
        }
        sessionID = result.sessionID
        // Not sent (docs/chat.md): the files stay attached and the words wait for /resend.
        unsentText = result.unsentMessage?.text
        if result.unsentMessage == nil { await composer?.clear() }
        lastView = view
        lastTranscript = result.transcript
        await view.finish()
        await watcher?.runEnded()
        _ = try? await mirror.refresh(sessionID: result.sessionID)
        if result.isWaitingForOwner {
            console.err.writeLine(console.errStyle.dim(
                result.status == .waitingForUser ? "The agent still waits for your answer: /answer TEXT."
                    : "The approval is still pending: /approve or /deny."))
        }
        if let unsent = result.unsentMessage { await view.unsent(unsent, resend: "with /resend") }
    }

    mutating func slash(_ line: String) async throws -> Outcome {
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        let argument = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        let style = console.errStyle
        switch parts[0] {
        case "/quit", "/exit", "/q":
            return .quit
        case "/help":
            console.err.writeLine(Self.help)
        case "/new":
            sessionID = nil
            newConversationKey = IdempotencyKey()
            composer = nil
            console.err.writeLine(style.dim("The next message starts a new conversation."))
        case "/session":
            console.err.writeLine(sessionID ?? "(no conversation yet)")
        case "/open":
            guard !argument.isEmpty else { return usage("/open ID") }
            try await open(argument)
        case "/attach":
            try await attach(argument)
        case "/approve", "/deny":
            try await decide(approve: parts[0] == "/approve", reason: argument.isEmpty ? nil : argument)
        case "/answer":
            guard !argument.isEmpty else { return usage("/answer TEXT") }
            try await answerQuestion(argument)
        case "/resend":
            guard let text = unsentText else {
                console.err.writeLine(style.dim("No message waits to be sent again."))
                return .handled
            }
            try await send(text)
        case "/tools":
            await expandTools()
        case "/copy":
            try await copy(argument)
        case "/cancel":
            guard let sessionID, let runID = try await api.session(id: sessionID).activeRunID else {
                console.err.writeLine("No run is active in this conversation.")
                return .handled
            }
            _ = try await api.cancel(runID: runID)
            console.err.writeLine("Cancel requested.")
            try await follow(runID: runID)
        default:
            console.err.writeLine("Unknown command \(parts[0]). /help lists them.")
        }
        return .handled
    }

    /// Switches to a conversation and follows its run if one is in flight (VeetChat's `ConversationOpener`).
    mutating func open(_ id: String) async throws {
        let restored = try await opener.restore(sessionID: id, toFollow: .activeOnly)
        sessionID = restored.session.id
        newConversationKey = IdempotencyKey()
        composer = nil
        // An opened conversation joins the mirror too (a sync would have found it later).
        if let store = try? host.store() { _ = try? store.upsert(session: restored.session) }
        console.err.writeLine(console.errStyle.dim("Now in \"\(ServerText.line(restored.session.title ?? "untitled"))\"."))
        if restored.transcriptProblem != nil {
            console.err.writeLine(console.errStyle.warning("The conversation's messages could not be read; following its run anyway."))
        }
        if let runID = restored.run(.activeOnly) { try await follow(runID: runID, of: restored) }
    }

    private func usage(_ text: String) -> Outcome {
        console.err.writeLine("Usage: \(text)")
        return .handled
    }

    /// Follows a run of this conversation after what the last turn already showed
    /// (read again, or as restored when the conversation was just opened).
    private mutating func follow(runID: String, of restored: RestoredConversation? = nil) async throws {
        guard let sessionID else { return }
        let view = TerminalTurnView(console: console, approvalMode: mode)
        let shown = lastTranscript
        await watcher?.watch(api: api, runID: runID, view: view)
        let result: TurnResult
        if let restored {
            result = try await opener.follow(runID: runID, of: restored, shown: shown, interaction: view)
        } else {
            result = try await opener.follow(runID: runID, sessionID: sessionID, shown: shown, interaction: view)
        }
        await view.finish()
        await watcher?.runEnded()
        lastView = view
        lastTranscript = result.transcript
    }

    private mutating func decide(approve: Bool, reason: String?) async throws {
        guard let sessionID else { _ = console.err.writeLine("No conversation yet."); return }
        let service = ApprovalService(api: api, connection: try identity())
        var board = ApprovalBoard(scope: service.scope(sessionID: sessionID))
        try await service.refresh(&board)
        guard let pending = try await api.pendingApprovals(sessionID: sessionID).first else {
            _ = console.err.writeLine("Nothing in this conversation waits for your approval."); return
        }
        let card = await service.decide(approve ? .approveOnce : .deny(reason: reason), approvalID: pending.id, on: &board)
        if let notice = card?.notice { console.err.writeLine(notice.description) }
        try await follow(runID: pending.runID)
    }

    /// Answers the question VeetChat's `QuestionToAnswer` picks (the one this chat showed, by its id).
    private mutating func answerQuestion(_ text: String) async throws {
        guard let sessionID else { _ = console.err.writeLine("No question is waiting in this conversation."); return }
        switch try await QuestionToAnswer.find(sessionID: sessionID, shown: lastTranscript, api: api) {
        case .failure(.noActiveRun):
            console.err.writeLine("No question is waiting in this conversation.")
        case .failure(.notWaitingForAnswer):
            console.err.writeLine("The run is not waiting for an answer.")
        case .success(let question):
            _ = try await api.answer(runID: question.runID, questionID: question.questionID, text: text)
            try await follow(runID: question.runID)
        }
    }

    /// The connection's identity, read from the registry on the first decision only.
    private mutating func identity() throws -> ConnectionIdentity {
        if let connectionIdentity { return connectionIdentity }
        let identity = try host.identity()
        connectionIdentity = identity
        return identity
    }

    private mutating func attach(_ path: String) async throws {
        if path.isEmpty {
            let attachments = await composer?.attachments ?? []
            if attachments.isEmpty { console.err.writeLine("No files attached. /attach PATH adds one.") }
            for attachment in attachments { console.err.writeLine("\(attachment.filename)  \(attachment.state.label)") }
            return
        }
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        // Checked before a conversation is created for it: a refused file leaves nothing behind.
        if let problem = AttachmentComposer.problem(withFileAt: url) {
            console.err.writeLine("\(console.programName): \(problem)")
            return
        }
        if sessionID == nil {
            sessionID = try await ChatRun.creatingNow(api, profile: browserProfileID).createSession().id
        }
        if composer == nil, let sessionID { composer = api.attachmentComposer(sessionID: sessionID, onChange: { _ in }) }
        do {
            let attachment = try await composer!.addFile(at: url)
            console.err.writeLine("\(attachment.filename): \(attachment.state.label)"
                                      + (attachment.notice.map { " (\($0))" } ?? ""))
        } catch {
            console.err.writeLine("\(console.programName): \(host.describe(error))")
        }
    }

    private func expandTools() async {
        guard let bundles = await lastView?.bundles, !bundles.isEmpty else {
            _ = console.err.writeLine("No tool activity in the last turn."); return
        }
        let style = console.errStyle
        for bundle in bundles {
            if bundle.count > 1 { console.err.writeLine(style.accent("▾ ") + bundle.summary) }
            for call in bundle.calls {
                console.err.writeLine("  " + TerminalTurnView.line(for: call, style: style)
                                      + style.dim("  [\(call.statusText), risk \(call.risk)]"))
                console.err.writeLine(style.dim("    arguments: \(call.arguments.compactText)"))
                if let result = call.resultText, !result.isEmpty {
                    console.err.writeLine(style.dim("    result: \(result)"))
                }
            }
        }
    }

    private func copy(_ argument: String) async throws {
        guard let answer = await lastView?.lastAnswer, !answer.isEmpty else {
            _ = console.err.writeLine("Nothing to copy yet."); return
        }
        var text = answer
        if let index = Int(argument) {
            let blocks = MarkdownDocument.parse(answer).codeBlocks
            guard index >= 1, index <= blocks.count else {
                _ = console.err.writeLine("The last answer has \(blocks.count) code block(s)."); return
            }
            text = blocks[index - 1].contents
        }
        let outcome = Clipboard.copy(text, environment: host.environment)
        if let sequence = outcome.sequence { console.err.write(sequence) }
        console.err.writeLine(outcome.notice(what: "\(text.count) characters") + ".")
    }
}
