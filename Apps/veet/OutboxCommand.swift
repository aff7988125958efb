import Foundation
import VeetChat
import VeetConsole
import VeetStore
import VeetTransport
import VeetWebsiteAccess

/// `veet outbox list|retry|discard`: messages saved but not yet confirmed by the server.
struct OutboxCommand {
    let context: CLIContext

    static let spec = CommandSpec(
        name: "outbox",
        summary: "Messages you sent that the server has not confirmed yet.",
        discussion: "Every message is saved before it is sent and keeps one idempotency key, so a retry never makes a second run.",
        subcommands: [
            CommandSpec(name: "list", summary: "List unconfirmed messages."),
            CommandSpec(name: "retry", summary: "Send a held message again (same key).",
                        positionals: [PositionalSpec("id", help: "The outbox entry number.")]),
            CommandSpec(name: "discard", summary: "Drop a held message without sending it.",
                        positionals: [PositionalSpec("id", help: "The outbox entry number.")]),
        ])

    func list() throws -> ExitCode {
        let (store, _) = try context.store()
        let entries = try store.outbox()
        if context.json {
            // A new conversation's message has no session yet: null, not an empty id.
            try JSONOutput.print(entries.map { entry -> [String: String?] in
                ["id": String(entry.id), "session_id": entry.sessionID, "state": entry.state.rawValue,
                 "attempts": String(entry.attempts), "text": entry.text, "error": entry.lastError ?? ""]
            }, layout: .compact)
            return .success
        }
        if entries.isEmpty { context.err.writeLine("The outbox is empty: everything you sent was delivered.") }
        for entry in entries {
            context.out.writeLine("#\(entry.id)  \(entry.state.rawValue)  \(entry.text.prefix(60))  "
                                  + context.outStyle.dim((entry.sessionID.map { "session \($0)" } ?? "new conversation") + (entry.lastError.map { " — \($0)" } ?? "")))
        }
        return .success
    }

    func retry(_ idText: String) async throws -> ExitCode {
        guard let id = Int64(idText.trimmingCharacters(in: CharacterSet(charactersIn: "#"))) else { return badID(idText) }
        let (store, client) = try context.store()
        _ = try store.retryOutboxEntry(id: id)
        guard let delivered = try store.outboxEntry(id: id) else { return badID(idText) }
        var api = ChatAPI(sender: .live(client: client))
        api.checkBrowserProfile = ChosenProfile(store: store).checkForNewSession(api: WebsiteAccessAPI(sender: .live(client: client)))
        let delivery = api.outboxDelivery(store: store)
        switch await delivery.deliver(entryID: id) {
        case .confirmed(let entry, let runID, let byEcho):
            let created = delivered.conversationKey != nil
            context.out.writeLine("Delivered" + (byEcho ? " (the server already had it)" : "")
                                  + (created ? entry.sessionID.map { " into the new conversation \($0)" } ?? "" : "")
                                  + (runID.map { "; run \($0)" } ?? "") + ".")
            return .success
        case .busy(_, let runID):
            context.err.writeLine("A run is still working in that conversation (\(runID)); try again when it ends.")
            return .failure
        case .failed(_, let reason):
            context.err.writeLine("Not delivered: \(reason). It stays in the outbox.")
            return .failure
        case .refused(let entry, let reason, _):
            context.err.writeLine("#\(entry.id) was refused by the server (\(reason)); it will not be sent again. "
                                  + "`veet outbox discard \(entry.id)` removes it.")
            return .failure
        case .waiting(let entry, let behind):
            let conversation = entry.sessionID == nil ? "the new conversation it opens" : "that conversation"
            context.err.writeLine("An earlier message (#\(behind)) of \(conversation) must go first.")
            return .failure
        case .claimedElsewhere(let entry):
            context.err.writeLine("#\(entry.id) is being sent right now by another program (veetd, or another window); "
                                  + "`veet outbox list` shows when it is through.")
            return .failure
        case .notPending:
            if let settled = try store.outboxEntry(id: id), settled.state == .confirmed {
                context.out.writeLine("#\(id) was already delivered"
                                      + (settled.sessionID.map { " (conversation \($0))" } ?? "") + ".")
            } else {
                context.err.writeLine("#\(id) was already delivered or discarded.")
            }
            return .success
        }
    }

    func discard(_ idText: String) throws -> ExitCode {
        guard let id = Int64(idText.trimmingCharacters(in: CharacterSet(charactersIn: "#"))) else { return badID(idText) }
        let (store, _) = try context.store()
        guard try store.discardOutboxEntry(id: id) else { return badID(idText) }
        context.out.writeLine("Discarded #\(id); it will not be sent.")
        return .success
    }

    private func badID(_ text: String) -> ExitCode {
        context.err.writeLine("veet: no held message #\(text) (`veet outbox list` shows them).")
        return .notFound
    }
}
