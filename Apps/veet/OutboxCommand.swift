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
            try JSONOutput.print(entries.map(ListedEntry.init), layout: .compact)
            return .success
        }
        if entries.isEmpty { context.err.writeLine("The outbox is empty: everything you sent was delivered.") }
        for entry in entries {
            context.out.writeLine("#\(entry.id)  \(Self.stateText(entry))  \(entry.text.prefix(60))  "
                                  + context.outStyle.dim((entry.sessionID.map { "session \($0)" } ?? "new conversation") + (entry.lastError.map { " — \($0)" } ?? "")))
        }
        return .success
    }

    /// An entry as `veet outbox list --json` prints it, every value a string
    /// as before, except `session_id`: null while a new conversation's
    /// message waits for its conversation (not an empty id).
    struct ListedEntry: Encodable {
        var id: String
        var sessionID: String?
        var state: String
        var attempts: String
        var text: String
        var error: String

        init(_ entry: OutboxEntry) {
            id = String(entry.id)
            sessionID = entry.sessionID
            state = entry.state.rawValue
            attempts = String(entry.attempts)
            text = entry.text
            error = entry.lastError ?? ""
        }

        enum CodingKeys: String, CodingKey {
            case id, sessionID = "session_id", state, attempts, text, error
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(sessionID, forKey: .sessionID) // null, not left out
            try c.encode(state, forKey: .state)
            try c.encode(attempts, forKey: .attempts)
            try c.encode(text, forKey: .text)
            try c.encode(error, forKey: .error)
        }
    }

    /// A `sending` entry is being delivered by some program now (or was, by one that died).
    static func stateText(_ entry: OutboxEntry) -> String {
        entry.state == .sending ? "sending (by this or another program)" : entry.state.rawValue
    }

    func retry(_ idText: String) async throws -> ExitCode {
        guard let id = Int64(idText.trimmingCharacters(in: CharacterSet(charactersIn: "#"))) else { return badID(idText) }
        let (store, client) = try context.store()
        _ = try store.retryOutboxEntry(id: id)
        guard let before = try store.outboxEntry(id: id) else { return badID(idText) }
        var api = ChatAPI(sender: .live(client: client))
        api.checkBrowserProfile = ChosenProfile(store: store).checkForNewSession(api: WebsiteAccessAPI(sender: .live(client: client)))
        let result = await api.outboxDelivery(store: store).deliver(entryID: id)
        let outcome = try RetryOutcome(result, before: before, store: store)
        if context.json { try JSONOutput.print(outcome, layout: .compact) }
        let text = outcome.text(id: id)
        if outcome.exitCode == .success { if !context.json { context.out.writeLine(text) } } else { context.err.writeLine(text) }
        return outcome.exitCode
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
