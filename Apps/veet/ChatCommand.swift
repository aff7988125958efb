import Foundation
import VeetChat
import VeetConsole
import VeetWebsiteAccess
import VeetTransport
import VeetWire

/// `veet chat`: one prompt with --once, or an interactive line-mode chat.
struct ChatCommand {
    let context: CLIContext
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

    func run() async throws -> ExitCode {
        if command.flag("approve-all") && command.flag("deny-all") {
            return context.fail("veet: --approve-all and --deny-all cannot be used together.", .usage)
        }
        var api = ChatAPI(sender: .live(client: try context.client()))
        // The chosen website-access profile goes with a new conversation only
        // (`veet sites use`): kept with the message (a local read), checked
        // when the conversation is created.
        var browserProfileID: String?
        if command.value("session") == nil, let (store, client) = try? context.store() {
            let chosen = ChosenProfile(store: store)
            browserProfileID = (try? chosen.profileID()) ?? nil
            api.checkBrowserProfile = chosen.checkForNewSession(api: WebsiteAccessAPI(sender: .live(client: client)))
        }
        let mode: TerminalTurnView.ApprovalMode =
            command.flag("approve-all") ? .approveAll : command.flag("deny-all") ? .denyAll : .ask
        if let prompt = command.value("once") {
            return try await once(prompt, api: api, mode: mode, profile: browserProfileID)
        }
        return try await interactive(api: api, mode: mode, profile: browserProfileID)
    }

    private func once(_ prompt: String, api: ChatAPI, mode: TerminalTurnView.ApprovalMode,
                      profile browserProfileID: String?) async throws -> ExitCode {
        guard !prompt.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return context.fail("veet: the prompt is empty.", .usage)
        }
        let view = TerminalTurnView(context: context, approvalMode: mode, jsonl: context.jsonl, isOnce: true)
        let watcher = InterruptWatcher(onIdle: { exit(130) })
        await watcher.start()
        let (store, _) = try context.store()
        let mirror = ConversationMirror(api: api, store: store)
        var sessionID = command.value("session")
        var content: [ContentBlock] = [.text(prompt)]
        let paths = command.values("attach")
        if !paths.isEmpty {
            // Every file is checked before a conversation is created for them: a refusal leaves nothing behind.
            // The same limits, in the same words, as the TUI's tray (the chat feature's AttachmentLimits.standard).
            let problems = AttachmentComposer.problems(withFilesAt: paths.map { URL(fileURLWithPath: $0) })
            if let problem = problems.first {
                return context.fail("veet: \(problem) (nothing was sent)", .failure)
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
                return context.fail(refusal.text, .failure)
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
            await view.unsent(unsent, resend: "with `veet chat --session \(result.sessionID) --once ...`")
        }
        if context.json {
            try JSONOutput.print(OnceResult(sessionID: result.sessionID, runID: result.runID,
                                            status: result.status.rawValue, text: result.text,
                                            failure: result.failure,
                                            unsent: result.unsentMessage.map {
                                                .init(text: $0.text, activeRunID: $0.activeRunID)
                                            }), layout: .compact)
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
            context.err.writeLine("veet: the empty conversation \(sessionID) made for the files could not be removed "
                                  + "(\(CommandHints.message(for: error))); `veet sessions delete \(sessionID)` removes it.")
        }
    }

    /// Uploads every file before the message is sent; a failure (what to say) when one is not accepted.
    private func upload(_ paths: [String], sessionID: String, api: ChatAPI, text: String) async throws -> Result<[ContentBlock], UploadRefusal> {
        let composer = api.attachmentComposer(sessionID: sessionID, onChange: { _ in })
        for path in paths {
            do {
                let attachment = try await composer.addFile(at: URL(fileURLWithPath: path))
                context.err.writeLine("\(attachment.filename): \(attachment.state.label)"
                                      + (attachment.notice.map { " (\($0))" } ?? ""))
            } catch {
                return .failure(UploadRefusal(text: "veet: \(path): \(error); nothing was sent."))
            }
        }
        for attachment in await composer.attachments where attachment.state.label != "uploaded" {
            return .failure(UploadRefusal(
                text: "veet: \(attachment.filename) was not uploaded (\(attachment.state.label)); nothing was sent."))
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
            DaemonCommand.tellRunLeftWaiting(context: context, runID: result.runID, sessionID: result.sessionID)
            context.err.writeLine("veet: the run is waiting for you (session \(result.sessionID)); continue with `veet chat --session \(result.sessionID)`.")
            return .needsInteraction
        default: return .failure
        }
    }

    private func interactive(api: ChatAPI, mode: TerminalTurnView.ApprovalMode,
                             profile browserProfileID: String?) async throws -> ExitCode {
        let style = context.errStyle
        var chat = InteractiveChat(context: context, api: api, mode: mode, sessionID: command.value("session"),
                                   browserProfileID: browserProfileID)
        let watcher = InterruptWatcher(onIdle: {
            FileHandle.standardError.write(Data("\n(Type /quit or press Ctrl-D to leave.)\n> ".utf8))
        })
        await watcher.start()
        chat.watcher = watcher
        if let sessionID = chat.sessionID {
            try await chat.open(sessionID)
        }
        context.err.writeLine(style.dim("Type a message and press Enter. /help lists commands, /quit leaves."))
        while true {
            guard let line = await BlockingInput.run({ LinePrompt.readLine(prompt: "> ") }) else {
                context.err.writeLine("")
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
                ErrorReport(error: error).print(json: false)
            }
        }
    }
}
