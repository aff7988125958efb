import Foundation
import VeetChat
import VeetConsole
import VeetStore
import VeetTransport

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
            try JSONOutput.print(entries.map { entry in
                ["id": String(entry.id), "session_id": entry.sessionID ?? "", "state": entry.state.rawValue,
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
        let known = try store.retryOutboxEntry(id: id) || store.outboxEntry(id: id) != nil
        guard known else { return badID(idText) }
        let api = ChatAPI(sender: .live(client: client))
        let delivery = api.outboxDelivery(store: store)
        switch await delivery.deliver(entryID: id) {
        case .confirmed(_, let runID, let byEcho):
            context.out.writeLine("Delivered" + (byEcho ? " (the server already had it)" : "") + (runID.map { "; run \($0)" } ?? "") + ".")
            return .success
        case .busy(_, let runID):
            return context.fail("A run is still working in that conversation (\(runID)); try again when it ends.", .failure)
        case .failed(_, let reason):
            return context.fail("Not delivered: \(reason). It stays in the outbox.", .failure)
        case .refused(let entry, let reason, _):
            return context.fail("#\(entry.id) was refused by the server (\(reason)); it will not be sent again. "
                                  + "`veet outbox discard \(entry.id)` removes it.", .failure)
        case .waiting(_, let behind):
            return context.fail("An earlier message (#\(behind)) of that conversation must go first.", .failure)
        case .notPending:
            context.err.writeLine("#\(id) was already delivered or discarded.")
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
        return context.fail("veet: no held message #\(text) (`veet outbox list` shows them).", .notFound)
    }
}
