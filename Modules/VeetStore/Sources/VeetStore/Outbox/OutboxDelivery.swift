import Foundation
import VeetTransport
import VeetWire

/// What the server said to one submission, in the terms the outbox needs.
/// The chat feature maps its own answer (e.g. `ChatAPI.SubmitOutcome`) to this.
public enum OutboxSubmitAnswer: Sendable, Hashable {
    /// The message is in: a new run, or the replay of an earlier attempt's run.
    case accepted(runID: String)
    /// Another run is in flight in the session; the message was not taken.
    case busy(runID: String)
}

/// What an attempt at delivering an entry came to.
public enum DeliveryResult: Sendable, Hashable {
    /// The server has it: `byEcho` when its own echo (not the answer) said so.
    case confirmed(OutboxEntry, runID: String?, byEcho: Bool)
    /// A run is already working in the session; the entry waits, same key.
    case busy(OutboxEntry, runID: String)
    /// Not delivered; the entry keeps its key for a retry.
    case failed(OutboxEntry, reason: String)
    /// Refused for good by the server (`status` when this attempt heard it):
    /// sending it again would be refused the same way, so it never is.
    case refused(OutboxEntry, reason: String, status: Int?)
    /// An earlier entry of the same session is not confirmed yet (delivery is in order).
    case waiting(OutboxEntry, behind: Int64)
    /// Another sender (veetd, another window) is delivering it right now:
    /// this one leaves it alone rather than send it twice.
    case claimedElsewhere(OutboxEntry)
    /// The entry is gone (discarded) or was already confirmed.
    case notPending(Int64)
}

/// A definite refusal in the feature's own words: a submit closure may throw
/// it instead of the bare `APIError` (say, to name the missing conversation).
public struct OutboxRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    public var answer: APIError
    public var description: String

    public init(answer: APIError, description: String) {
        self.answer = answer
        self.description = description
    }
}

/// Delivers outbox entries through a submit closure, so the store never
/// depends on the chat feature. Each entry is sent with its own key, in order
/// per session; an answer lost on the way is settled by looking for the
/// server's echo of the message in the transcript before anything is resent.
public struct OutboxDelivery: Sendable {
    public typealias Submit = @Sendable (_ sessionID: String, _ content: [ContentBlock], _ key: IdempotencyKey)
        async throws -> OutboxSubmitAnswer

    /// Creates the conversation a new-conversation entry opens (or finds the
    /// one an earlier attempt created, `request.mayExist`) and returns it, so
    /// it is listed at once.
    public typealias CreateConversation = @Sendable (_ request: NewConversationRequest) async throws -> SessionView

    /// What a busy answer (a run already in flight) does to the entry.
    public enum WhenBusy: Sendable, Hashable {
        /// It stays queued with its key, to go once the run ends (veetd, an outbox retry).
        case waits
        /// It leaves the outbox in the same step that records the answer, while this sender
        /// still holds it, so no other sender can deliver it in between (the owner's turn
        /// gets the words back instead).
        case withdraws
    }

    public let store: LocalStore
    public let submit: Submit
    public let whenBusy: WhenBusy
    public let createConversation: CreateConversation
    /// Where to look for echoes; nil skips the echo check (the key still prevents a double run).
    public let transcripts: (any TranscriptSource)?

    public init(store: LocalStore, transcripts: (any TranscriptSource)?, whenBusy: WhenBusy = .waits,
                createConversation: @escaping CreateConversation, submit: @escaping Submit) {
        self.store = store
        self.whenBusy = whenBusy
        self.transcripts = transcripts
        self.createConversation = createConversation
        self.submit = submit
    }

    /// Saves the message, then delivers it (and anything queued before it in
    /// the session). A nil `sessionID` opens a new conversation: the message is
    /// saved first (with `conversationKey`, the key of an earlier message typed
    /// into the same new conversation, and the chosen `browserProfileID`), and
    /// the conversation created on the way out by its first message.
    public func send(sessionID: String?, conversationKey: IdempotencyKey? = nil, browserProfileID: String? = nil,
                     content: [ContentBlock]) async throws -> DeliveryResult {
        let entry = try store.enqueue(sessionID: sessionID, conversationKey: conversationKey,
                                      browserProfileID: browserProfileID, content: content)
        var session = entry.sessionID
        if session == nil, let key = entry.conversationKey {
            let first = try store.outbox(conversationKey: key).first { $0.state != .refused }?.id ?? entry.id
            let opening = await deliver(entryID: first)
            guard first != entry.id else { return opening }
            guard case .confirmed = opening, let created = try store.outboxEntry(id: entry.id)?.sessionID else {
                return .waiting(try store.outboxEntry(id: entry.id) ?? entry, behind: first)
            }
            session = created
        } else if let sessionID, (try store.transcript(sessionID: sessionID)).isEmpty {
            try store.setOptimisticTitle(sessionID: sessionID, firstMessage: content)
        }
        guard let session else { return .notPending(entry.id) }
        let results = await flush(sessionID: session)
        return results.first { $0.entryID == entry.id } ?? .waiting(entry, behind: results.last?.entryID ?? entry.id)
    }

    /// Delivers a session's pending entries in order, stopping at the first
    /// that is not confirmed. Refused entries are settled: they are skipped.
    public func flush(sessionID: String) async -> [DeliveryResult] {
        var results: [DeliveryResult] = []
        let pending = (try? store.outbox(sessionID: sessionID)) ?? []
        for entry in pending where entry.state != .refused {
            let result = await deliver(entryID: entry.id)
            results.append(result)
            guard case .confirmed = result else { break }
        }
        return results
    }

    /// One attempt at one entry.
    public func deliver(entryID: Int64) async -> DeliveryResult {
        do {
            guard var current = try store.outboxEntry(id: entryID), current.state != .confirmed else {
                return .notPending(entryID)
            }
            if current.state == .refused {
                return .refused(current, reason: current.lastError ?? "refused by the server", status: nil)
            }
            // Another sender is on it now: leave it to that attempt before any
            // request (a waiting send asks again each second; it must cost nothing).
            if current.isClaimed() { return .claimedElsewhere(current) }
            var claimed: OutboxEntry?
            if current.sessionID == nil {
                // Messages typed into a conversation not created yet go in order: the first creates it.
                if let key = current.conversationKey,
                   let earlier = try store.outbox(conversationKey: key).first(where: { $0.state != .refused }),
                   earlier.id < entryID {
                    return .waiting(current, behind: earlier.id)
                }
                switch try await openConversation(for: current) {
                case .opened(let entry): current = entry
                case .settled(let result): return result
                }
                claimed = current
            }
            guard let sessionID = current.sessionID else { return .notPending(entryID) }
            // A refused entry will never arrive, so it holds nothing back.
            if let earlier = try store.outbox(sessionID: sessionID).first(where: { $0.state != .refused }),
               earlier.id < entryID {
                if let claimed { try store.markOutbox(id: claimed.id, state: .queued, error: nil) }
                return .waiting(current, behind: earlier.id)
            }
            // An earlier attempt may have reached the server with its answer lost
            // (or the process died waiting): settle that by its echo first.
            if claimed == nil, current.state == .sending || current.attempts > 0,
               let confirmed = try await confirmByEcho(current) {
                return confirmed
            }
            // The attempt that just created the conversation holds the claim and goes on.
            guard let entry = try claimed ?? store.beginAttempt(id: entryID) else { return try unclaimed(entryID) }
            do {
                switch try await submit(sessionID, entry.content, entry.key) {
                case .accepted(let runID):
                    try store.markOutbox(id: entryID, state: .confirmed, runID: runID)
                    return .confirmed(entry.confirmed(runID: runID), runID: runID, byEcho: false)
                case .busy(let runID) where whenBusy == .withdraws:
                    _ = try store.discardOutboxEntry(id: entryID)
                    return .busy(entry, runID: runID)
                case .busy(let runID):
                    try store.markOutbox(id: entryID, state: .queued, error: "a run is already working in this conversation")
                    return .busy(try store.outboxEntry(id: entryID) ?? entry, runID: runID)
                }
            } catch {
                if let answer = Self.definiteRefusal(error) {
                    return try settle(entry, error: error, reason: "\(error)", final: Self.isFinal(answer))
                }
                // No answer, or a server error: the message may be in. Its echo decides.
                if let confirmed = try await confirmByEcho(entry) { return confirmed }
                return try settle(entry, error: error, reason: "\(error)", final: false)
            }
        } catch {
            return .failed(OutboxEntry.placeholder(entryID), reason: "\(error)")
        }
    }

    /// Records how an attempt ended in error: refused for good when `final`
    /// (never sent again), else failed (kept with its key for a retry).
    func settle(_ entry: OutboxEntry, error: Error, reason: String, final: Bool) throws -> DeliveryResult {
        try store.markOutbox(id: entry.id, state: final ? .refused : .failed, error: reason)
        let after = try store.outboxEntry(id: entry.id) ?? entry
        return final ? .refused(after, reason: reason, status: Self.definiteRefusal(error)?.status)
            : .failed(after, reason: reason)
    }

    /// Why an entry could not be claimed: settled meanwhile, or held by another sender.
    func unclaimed(_ entryID: Int64) throws -> DeliveryResult {
        guard let entry = try store.outboxEntry(id: entryID), entry.state != .confirmed else { return .notPending(entryID) }
        if entry.state == .refused {
            return .refused(entry, reason: entry.lastError ?? "refused by the server", status: nil)
        }
        return .claimedElsewhere(entry)
    }

    /// Reads the transcript; when the message is there, the entry is confirmed.
    private func confirmByEcho(_ entry: OutboxEntry) async throws -> DeliveryResult? {
        guard let transcripts, let sessionID = entry.sessionID else { return nil }
        guard let items = try? await transcripts.transcript(sessionID: sessionID) else { return nil }
        try store.saveTranscript(sessionID: sessionID, messages: items)
        try store.confirmEchoes(sessionID: sessionID, in: items)
        // Confirmed, its row is gone: the receipt says so and keeps the run.
        guard let after = try store.outboxEntry(id: entry.id), after.state == .confirmed else { return nil }
        return .confirmed(entry.confirmed(runID: after.runID), runID: after.runID, byEcho: true)
    }

    /// A 4xx other than 408/429 means the server refused this message: no run exists.
    static func definiteRefusal(_ error: Error) -> APIError? {
        guard let api = (error as? OutboxRefusal)?.answer ?? error as? APIError,
              (400..<500).contains(api.status), ![408, 429].contains(api.status) else { return nil }
        return api
    }

    /// A definite refusal is final unless it is about the token (401/403):
    /// the same words with the same key to the same conversation would meet
    /// the same answer (unknown or closed conversation, bad or oversized
    /// content, a key reused), so only a refused token is worth a retry.
    static func isFinal(_ refusal: APIError) -> Bool {
        ![401, 403].contains(refusal.status)
    }
}

extension DeliveryResult {
    /// The entry as this attempt left it (nil when it is gone).
    public var entry: OutboxEntry? {
        switch self {
        case .confirmed(let e, _, _), .busy(let e, _), .failed(let e, _), .refused(let e, _, _), .waiting(let e, _),
             .claimedElsewhere(let e): e
        case .notPending: nil
        }
    }

    public var entryID: Int64 {
        switch self {
        case .confirmed(let e, _, _), .busy(let e, _), .failed(let e, _), .refused(let e, _, _), .waiting(let e, _),
             .claimedElsewhere(let e): e.id
        case .notPending(let id): id
        }
    }
}

extension OutboxEntry {
    /// The entry as the server confirmed it (its row is deleted by then; this copy is what the caller gets).
    func confirmed(runID: String?) -> OutboxEntry {
        var entry = self
        entry.state = .confirmed
        entry.runID = runID ?? entry.runID
        entry.lastError = nil
        entry.claimedAt = nil
        entry.claimedBy = nil
        return entry
    }

    static func placeholder(_ id: Int64) -> OutboxEntry {
        OutboxEntry(id: id, sessionID: nil, conversationKey: nil, key: IdempotencyKey(), content: [], createdAt: Date(), state: .failed,
                    attempts: 0, lastError: nil, runID: nil, afterSequence: 0)
    }
}

extension LocalStore {
    /// Confirms entries whose echo is among `items`, also for sessions not in the cache.
    func confirmEchoes(sessionID: String, in items: [SessionMessageView]) throws {
        try database.write { db in
            for item in items where item.role == .user {
                try confirmEcho(sessionID: sessionID, sequence: item.sequence, text: Outbox.echoText(item.content), db: db)
            }
        }
    }
}
