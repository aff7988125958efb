import Foundation
import Testing
import VeetTransport
import VeetWire
@testable import VeetStore

/// A claim on an outbox entry keeps other senders off it only while its
/// sender lives: a veetd killed mid-delivery must not hold the message back
/// for the whole lease.
@Suite struct OutboxClaimTests {
    @Test func aClaimHoldsWithinItsLeaseWhileItsProcessLives() {
        var entry = OutboxEntry(id: 1, sessionID: "s", key: IdempotencyKey(), content: [.text("hi")],
                                createdAt: Date(), state: .sending, attempts: 1, lastError: nil, runID: nil,
                                afterSequence: 0, claimedAt: Date(timeIntervalSinceNow: -5), claimedBy: 4242)
        #expect(entry.isClaimed(isAlive: { _ in true }))
        #expect(!entry.isClaimed(isAlive: { _ in false }), "its sender is gone")
        entry.claimedAt = Date(timeIntervalSinceNow: -121)
        #expect(!entry.isClaimed(isAlive: { _ in true }), "past its lease")
        entry.state = .failed
        entry.claimedAt = Date()
        #expect(!entry.isClaimed(isAlive: { _ in true }), "only a sending entry is claimed")
    }

    @Test func anEntryClaimedByAProcessThatDiedIsTakenUpAtOnce() throws {
        let (store, _) = try makeStore()
        let entry = try store.enqueue(sessionID: "s1", content: [.text("hello")])
        #expect(try store.beginAttempt(id: entry.id) != nil)
        // Another live sender (this process) holds it now.
        #expect(try store.beginAttempt(id: entry.id) == nil)
        #expect(!OutboxRetryPolicy.unattended.isDue(try #require(try store.outboxEntry(id: entry.id))))
        // The claim is handed to a process that has exited (and been reaped).
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        try store.database.write {
            try $0.run("UPDATE outbox SET claimed_by = ? WHERE id = ?", [.int(Int64(gone.processIdentifier)), .int(entry.id)])
        }
        #expect(OutboxRetryPolicy.unattended.isDue(try #require(try store.outboxEntry(id: entry.id))))
        let taken = try #require(try store.beginAttempt(id: entry.id))
        #expect(taken.claimedBy == getpid() && taken.attempts == 2)
    }
}
