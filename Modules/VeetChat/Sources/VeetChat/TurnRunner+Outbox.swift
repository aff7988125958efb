import Foundation
import VeetStore
import VeetTransport
import VeetWire

/// The outbox turned a send into something that did not go out.
public struct OutboxHeldError: Error, Sendable, Hashable, CustomStringConvertible {
    public var entryID: Int64
    public var reason: String

    /// The facts without a full stop, so an app can go on to say how to retry or discard entry `entryID`.
    public var summary: String {
        "The message was not delivered (\(reason)). It is kept in the outbox as #\(entryID)"
    }

    public var description: String { summary + "." }
}

/// The server refused the message for good (docs/wire/sessions-runs.md §3.2: an unknown
/// or closed conversation, bad content): it was not sent, never will be, and is
/// kept (state `refused`, with the reason) only so nothing typed is lost.
public struct OutboxRefusedError: Error, Sendable, Hashable, CustomStringConvertible {
    public var entryID: Int64
    public var reason: String
    /// The HTTP status of the refusal, when this attempt heard it.
    public var status: Int?

    /// What the refusal meant, when this attempt heard it.
    public var refusal: ServerRefusal? { status.map { ServerRefusal(status: $0) } }

    /// The facts without a full stop, so an app can go on to say how to discard entry `entryID`.
    public var summary: String {
        "The server refused the message: \(reason). It was not sent and will not be sent again; "
            + "its text stays in the outbox as #\(entryID)"
    }

    public var description: String { summary + "." }
}

extension TurnRunner {
    /// Sends `content` in `sessionID` (a new conversation when nil) through the
    /// durable outbox: the message is saved before the first network call (a
    /// new conversation's first message too: the outbox creates it on the way),
    /// delivered in order with one key, confirmed by the answer or by the
    /// server's echo, and its run followed to the end. A message that cannot go
    /// out now stays in the outbox (never dropped). One that meets another
    /// active run is not sent at all: that run is followed and the message
    /// handed back in `TurnResult.unsentMessage` (it leaves the outbox). For a
    /// new conversation, `conversationKey` names it: pass the same key for every message typed into it until it exists, so
    /// they open one conversation, in order; `browserProfileID` is the profile
    /// chosen for it (kept with the message, checked when it is created).
    /// `onRunStarted` reports the session and run as soon as they are known (for cancel).
    public func send(content: [ContentBlock], sessionID: String?, conversationKey: IdempotencyKey? = nil,
                     browserProfileID: String? = nil, outbox store: LocalStore,
                     interaction: some TurnInteraction,
                     onRunStarted: @Sendable (String, String) async -> Void = { _, _ in }) async throws -> TurnResult {
        let delivery = api.outboxDelivery(store: store, whenBusy: .withdraws)
        let result = try await delivery.send(sessionID: sessionID, conversationKey: conversationKey,
                                             browserProfileID: browserProfileID, content: content)
        return try await settle(result, delivery: delivery, store: store, interaction: interaction,
                                onRunStarted: onRunStarted)
    }

    /// Delivers outbox entry `entryID` again with its key (a failed entry is
    /// reopened first; a refused one stays refused) and follows its run, as
    /// `send` does: the owner's "try again" on a message that did not go out.
    public func redeliver(entryID: Int64, outbox store: LocalStore, interaction: some TurnInteraction,
                          onRunStarted: @Sendable (String, String) async -> Void = { _, _ in }) async throws -> TurnResult {
        try store.retryOutboxEntry(id: entryID)
        let delivery = api.outboxDelivery(store: store, whenBusy: .withdraws)
        let result = await delivery.deliver(entryID: entryID)
        return try await settle(result, delivery: delivery, store: store, interaction: interaction,
                                onRunStarted: onRunStarted)
    }

    /// Follows a delivery attempt to its run, or throws what kept the message back.
    private func settle(_ first: DeliveryResult, delivery: OutboxDelivery, store: LocalStore,
                        interaction: some TurnInteraction,
                        onRunStarted: @Sendable (String, String) async -> Void) async throws -> TurnResult {
        var result = first
        var waitsForOtherSender = 0
        while true {
            switch result {
            case .confirmed(let entry, let runID, _):
                return try await followDelivered(entry, runID: runID, interaction: interaction, onRunStarted: onRunStarted)
            case .busy(let entry, let runID):
                // docs/chat.md, Meeting another run: the conversation's run is attached to and no second
                // message is queued behind it. The entry leaves the outbox (no
                // sender may deliver it later) and its words go back to the owner.
                guard let session = entry.sessionID else {
                    throw OutboxHeldError(entryID: entry.id, reason: "its conversation is not known")
                }
                _ = try store.discardOutboxEntry(id: entry.id)  // already gone when delivered here (`.withdraws`)
                let unsent = UnsentMessage(content: entry.content, activeRunID: runID)
                await interaction.followingActiveRun(runID: runID, status: try? await api.run(id: runID).status,
                                                     unsent: unsent)
                await onRunStarted(session, runID)
                var followed = try await follow(runID: runID, sessionID: session, interaction: interaction)
                followed.unsentMessage = unsent
                return followed
            case .failed(let entry, let reason):
                throw OutboxHeldError(entryID: entry.id, reason: reason)
            case .refused(let entry, let reason, let status):
                throw OutboxRefusedError(entryID: entry.id, reason: reason, status: status)
            case .waiting(let entry, let behind):
                throw OutboxHeldError(entryID: entry.id, reason: "an earlier message (#\(behind)) must go first")
            case .claimedElsewhere(let entry):
                // veetd (or another window) is sending it now: wait for that
                // attempt to settle rather than send it a second time.
                guard waitsForOtherSender < Self.otherSenderWaits else {
                    throw OutboxHeldError(entryID: entry.id, reason: "another program is still sending it")
                }
                waitsForOtherSender += 1
                try await Task.sleep(for: .seconds(1))
                result = await delivery.deliver(entryID: entry.id)
            case .notPending(let id):
                // Settled by another sender meanwhile: confirmed, its run is followed; discarded, it is gone.
                guard let entry = try store.outboxEntry(id: id), entry.state == .confirmed else {
                    throw OutboxHeldError(entryID: id, reason: "it was discarded")
                }
                return try await followDelivered(entry, runID: entry.runID, interaction: interaction,
                                                 onRunStarted: onRunStarted)
            }
        }
    }

    /// How many seconds a send waits for another sender's attempt (past its claim's lease).
    static let otherSenderWaits = 130

    /// Follows the run a delivered message started (read from its conversation when the answer did not say).
    private func followDelivered(_ entry: OutboxEntry, runID: String?, interaction: some TurnInteraction,
                                 onRunStarted: @Sendable (String, String) async -> Void) async throws -> TurnResult {
        // A new conversation has its id once the server created it, before any run.
        guard let session = entry.sessionID else {
            throw InvalidResponseError("the message was delivered but its conversation is not known")
        }
        var found = runID
        if found == nil { found = try await api.session(id: session).lastRunID }
        guard let runID = found else {
            throw InvalidResponseError("the message was delivered but its run cannot be found")
        }
        await onRunStarted(session, runID)
        return try await follow(runID: runID, sessionID: session, interaction: interaction)
    }
}
