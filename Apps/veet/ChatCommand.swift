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
        enum CodingKeys: String, CodingKey {
            case sessionID = "session_id", runID = "run_id", status, text, failure
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
            context.err.writeLine("veet: --approve-all and --deny-all cannot be used together.")
            return .usage
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
            context.err.writeLine("veet: the prompt is empty.")
            return .usage
        }
        let view = TerminalTurnView(context: context, approvalMode: mode, jsonl: context.jsonl)
        let watcher = InterruptWatcher(onIdle: { exit(130) })
        await watcher.start()
        var sessionID = command.value("session")
        var content: [ContentBlock] = [.text(prompt)]
        let paths = command.values("attach")
        if !paths.isEmpty {
            let session: String
            if let sessionID { session = sessionID } else {
                session = try await Self.creatingNow(api, profile: browserProfileID).createSession().id
            }
            sessionID = session
            guard let attached = try await upload(paths, sessionID: session, api: api, text: prompt) else {
                return .failure
            }
            content = attached
        }
        let (store, _) = try context.store()
        let result = try await TurnRunner(api: api).send(
            content: content, sessionID: sessionID, browserProfileID: browserProfileID, outbox: store, interaction: view,
            onRunStarted: { _, runID in await watcher.watch(api: api, runID: runID) })
        await view.finish()
        if context.json {
            try JSONOutput.print(OnceResult(sessionID: result.sessionID, runID: result.runID,
                                            status: result.status.rawValue, text: result.text,
                                            failure: result.failure), layout: .compact)
        }
        return await exitCode(for: result, interrupted: watcher.interrupted)
    }

    /// Uploads every file before the message is sent; nil (after saying why) when one is not accepted.
    private func upload(_ paths: [String], sessionID: String, api: ChatAPI, text: String) async throws -> [ContentBlock]? {
        let composer = api.attachmentComposer(sessionID: sessionID, onChange: { _ in })
        for path in paths {
            do {
                let attachment = try await composer.addFile(at: URL(fileURLWithPath: path))
                context.err.writeLine("\(attachment.filename): \(attachment.state.label)")
            } catch {
                context.err.writeLine("veet: \(path): \(error)")
                return nil
            }
        }
        for attachment in await composer.attachments where attachment.state.label != "uploaded" {
            context.err.writeLine("veet: \(attachment.filename) was not uploaded (\(attachment.state.label)); nothing was sent.")
            return nil
        }
        return try await composer.messageContent(text: text)
    }

    private func exitCode(for result: TurnResult, interrupted: Bool) -> ExitCode {
        switch result.status {
        case .completed: return .success
        case .failed: return .runFailed
        case .cancelled: return interrupted ? .interrupted : .runCancelled
        case .waitingForApproval, .waitingForUser:
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
