import Foundation
import VeetChat
import VeetConsole
import VeetTransport
import VeetWire

/// `veet chat`: one prompt with --once, or an interactive line-mode chat.
struct ChatRun {
    let host: ChatCommandHost
    let console: Console
    let command: ParsedCommand

    struct OnceResult: Encodable {
        let sessionID: String
        let runID: String
        let status: String
        let text: String
        let failure: RunFailureView?
        /// Set when the message was not sent (another run was active and was followed instead).
        let unsent: Unsent?
        enum CodingKeys: String, CodingKey {
            case sessionID = "session_id", runID = "run_id", status, text, failure, unsent
        }

        struct Unsent: Encodable {
            let text: String
            let activeRunID: String
            enum CodingKeys: String, CodingKey { case text, activeRunID = "active_run_id" }
        }
    }

    /// `api` carrying the chosen profile for a conversation created here and
    /// now (an upload needs its conversation before the message is sent).
    static func creatingNow(_ api: ChatAPI, profile: String?) async -> ChatAPI {
        var api = api
        if let profile { api.newSessionBrowserProfileID = await api.checkBrowserProfile?(profile) ?? nil }
        return api
    }

    private var jsonl: Bool { command.flag(ChatCommands.jsonl) }

    func run() async throws -> ExitCode {
        if command.flag(ChatCommands.approveAll) && command.flag(ChatCommands.denyAll) {
            throw CommandFailure.usage("\(console.programName): --approve-all and --deny-all cannot be used together.")
        }
        var api = try host.api()
        // The chosen website-access profile goes with a new conversation only
        // (`veet sites use`): kept with the message (a local read), checked
        // when the conversation is created.
        var browserProfileID: String?
        if command.value(ChatCommands.session) == nil, let store = try? host.store(),
           let choice = host.browserProfile(store) {
            browserProfileID = choice.profileID
            api.checkBrowserProfile = choice.check
        }
        let mode: TerminalTurnView.ApprovalMode =
            command.flag(ChatCommands.approveAll) ? .approveAll : command.flag(ChatCommands.denyAll) ? .denyAll : .ask
        if let prompt = command.value(ChatCommands.once) {
            return try await once(prompt, api: api, mode: mode, profile: browserProfileID)
        }
        return try await interactive(api: api, mode: mode, profile: browserProfileID)
    }

    private func once(_ prompt: String, api: ChatAPI, mode: TerminalTurnView.ApprovalMode,
                      profile browserProfileID: String?) async throws -> ExitCode {
        guard !prompt.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw CommandFailure.usage("\(console.programName): the prompt is empty.")
        }
        let view = TerminalTurnView(console: console, approvalMode: mode, jsonl: jsonl, isOnce: true)
        let watcher = InterruptWatcher(err: console.err, describe: host.describe, onIdle: { exit(130) })
        await watcher.start()
        let store = try host.store()
        let mirror = ConversationMirror(api: api, store: store)
        var sessionID = command.value(ChatCommands.session)
        var content: [ContentBlock] = [.text(prompt)]
        let paths = command.values(ChatCommands.attach)
        if !paths.isEmpty {
            // Every file is checked before a conversation is created for them: a refusal leaves nothing behind.
            // The same limits, in the same words, as the TUI's tray (the chat feature's AttachmentLimits.standard).
            let problems = AttachmentComposer.problems(withFilesAt: paths.map { URL(fileURLWithPath: $0) })
            if let problem = problems.first {
                throw CommandFailure("\(console.programName): \(problem) (nothing was sent)")
            }
            let created = sessionID == nil
            let session: String
            if let sessionID { session = sessionID } else {
                session = try await Self.creatingNow(api, profile: browserProfileID).createSession().id
            }
            sessionID = session
            switch try await upload(paths, sessionID: session, api: api, text: prompt) {
            case .success(let attached):
                content = attached
            case .failure(let refusal):
                if created { await discardEmpty(session, api: api) }
                throw CommandFailure(refusal.text)
            }
        }
        let result = try await TurnRunner(api: api).send(
            content: content, sessionID: sessionID, browserProfileID: browserProfileID, outbox: store, interaction: view,
            onRunStarted: { session, runID in
                await watcher.watch(api: api, runID: runID, view: view)
                // The conversation joins the mirror at once: `veet sessions list` shows it now, not after a sync.
                _ = try? await mirror.join(sessionID: session)
            })
        await view.finish()
        _ = try? await mirror.refresh(sessionID: result.sessionID)
        if let unsent = result.unsentMessage {
            await view.unsent(unsent, resend: "with `\(console.programName) chat --session \(result.sessionID) --once ...`")
        }
        if console.json {
            try console.printJSON(OnceResult(sessionID: result.sessionID, runID: result.runID,
                                             status: result.status.rawValue, text: result.text,
                                             failure: result.failure,
                                             unsent: result.unsentMessage.map {
                                                 .init(text: $0.text, activeRunID: $0.activeRunID)
                                             }))
        }
        let code = await exitCode(for: result, interrupted: watcher.interrupted)
        // The run followed may have completed, but the message asked for was not sent.
        return result.unsentMessage != nil && code == .success ? .failure : code
    }

    /// Deletes the conversation created for files the server then refused (nothing was sent in it).
    private func discardEmpty(_ sessionID: String, api: ChatAPI) async {
        do {
            try await api.deleteSession(id: sessionID)
        } catch {
            console.err.writeLine("\(console.programName): the empty conversation \(sessionID) made for the files could not be removed "
                                  + "(\(host.describe(error))); `\(console.programName) sessions delete \(sessionID)` removes it.")
        }
    }

    /// Uploads every file before the message is sent; a failure (what to say) when one is not accepted.
    private func upload(_ paths: [String], sessionID: String, api: ChatAPI, text: String) async throws -> Result<[ContentBlock], UploadRefusal> {
        let composer = api.attachmentComposer(sessionID: sessionID, onChange: { _ in })
        for path in paths {
            do {
                let attachment = try await composer.addFile(at: URL(fileURLWithPath: path))
                console.err.writeLine("\(attachment.filename): \(attachment.state.label)"
                                      + (attachment.notice.map { " (\($0))" } ?? ""))
            } catch {
                return .failure(UploadRefusal(text: "\(console.programName): \(path): \(error); nothing was sent."))
            }
        }
        for attachment in await composer.attachments where attachment.state.label != "uploaded" {
            return .failure(UploadRefusal(
                text: "\(console.programName): \(attachment.filename) was not uploaded (\(attachment.state.label)); nothing was sent."))
        }
        return .success(try await composer.messageContent(text: text))
    }

    struct UploadRefusal: Error {
        let text: String
    }

    private func exitCode(for result: TurnResult, interrupted: Bool) -> ExitCode {
        switch result.status {
        case .completed: return .success
        case .failed: return .runFailed
        case .cancelled: return interrupted ? .interrupted : .runCancelled
        case .waitingForApproval, .waitingForUser:
            host.daemon.runLeftWaiting(result.runID, result.sessionID)
            console.err.writeLine("\(console.programName): the run is waiting for you (session \(result.sessionID)); "
                                  + "continue with `\(console.programName) chat --session \(result.sessionID)`.")
            return .needsInteraction
        default: return .failure
        }
    }

    private func interactive(api: ChatAPI, mode: TerminalTurnView.ApprovalMode,
                             profile browserProfileID: String?) async throws -> ExitCode {
        let style = console.errStyle
        var chat = InteractiveChat(host: host, console: console, api: api, mode: mode,
                                   sessionID: command.value(ChatCommands.session), browserProfileID: browserProfileID)
        let err = console.err
        let watcher = InterruptWatcher(err: err, describe: host.describe, onIdle: {
            err.write("\n(Type /quit or press Ctrl-D to leave.)\n> ")
        })
        await watcher.start()
        chat.watcher = watcher
        if let sessionID = chat.sessionID {
            try await chat.open(sessionID)
        }
        console.err.writeLine(style.dim("Type a message and press Enter. /help lists commands, /quit leaves."))
        while true {
            guard let line = await BlockingInput.run({ LinePrompt.readLine(prompt: "> ") }) else {
                console.err.writeLine("")
                return .success
            }
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { continue }
            do {
                if text.hasPrefix("/") {
                    if try await chat.slash(text) == .quit { return .success }
                } else {
                    try await chat.send(text)
                }
            } catch {
                host.reportError(error)
            }
        }
    }
}
