import Foundation
import VeetChat
import VeetConsole
import VeetStore
import VeetTransport

/// `veet outbox list|retry|discard`: messages saved but not yet confirmed by the server.
struct OutboxRun {
    let host: ChatCommandHost
    let console: Console

    func list() throws -> ExitCode {
        let store = try host.store()
        let entries = try store.outbox()
        if console.json {
            try console.printJSON(entries.map(ListedEntry.init))
            return .success
        }
        if entries.isEmpty { console.err.writeLine("The outbox is empty: everything you sent was delivered.") }
        for entry in entries {
            console.out.writeLine("#\(entry.id)  \(Self.stateText(entry))  \(entry.text.prefix(60))  "
                                  + console.outStyle.dim((entry.sessionID.map { "session \($0)" } ?? "new conversation") + (entry.lastError.map { " — \($0)" } ?? "")))
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
        guard let id = Int64(idText.trimmingCharacters(in: CharacterSet(charactersIn: "#"))) else { throw badID(idText) }
        let store = try host.store()
        var api = try host.api()
        if let choice = host.browserProfile(store) { api.checkBrowserProfile = choice.check }
        guard let retry = try await api.retryOutboxEntry(id: id, store: store) else { throw badID(idText) }
        let outcome = RetryOutcome(retry)
        if console.json { try console.printJSON(outcome) }
        let text = outcome.text(id: id)
        if outcome.exitCode == .success { if !console.json { console.out.writeLine(text) } } else { console.err.writeLine(text) }
        return outcome.exitCode
    }

    func discard(_ idText: String) throws -> ExitCode {
        guard let id = Int64(idText.trimmingCharacters(in: CharacterSet(charactersIn: "#"))) else { throw badID(idText) }
        let store = try host.store()
        guard try store.discardOutboxEntry(id: id) else { throw badID(idText) }
        console.out.writeLine("Discarded #\(id); it will not be sent.")
        return .success
    }

    private func badID(_ text: String) -> CommandFailure {
        CommandFailure("\(console.programName): no held message #\(text) (`\(console.programName) outbox list` shows them).",
                       exitCode: .notFound)
    }
}
