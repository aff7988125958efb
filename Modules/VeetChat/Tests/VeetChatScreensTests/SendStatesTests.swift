import Foundation
import Testing
import VeetChat
import VeetChatScreens
@testable import VeetStore
import VeetTransport

/// The line under unconfirmed messages as values: which outbox entry each message is,
/// an entry the transcript does not show joins it, and the status bar's word for the newest held.
@Suite struct SendStatesTests {
    static func entry(_ id: Int64, _ state: OutboxState, text: String, session: String?, key: IdempotencyKey = IdempotencyKey())
        -> OutboxEntry {
        OutboxEntry(id: id, sessionID: session, conversationKey: nil, key: key, content: [.text(text)],
                    createdAt: Date(timeIntervalSince1970: 1_700_000_000), state: state, attempts: 1, lastError: nil,
                    runID: nil, afterSequence: 0, browserProfileID: nil, claimedAt: nil, claimedBy: nil)
    }

    @Test func messagesAreMatchedByKeyElseByWordsAndAnUnseenEntryJoins() {
        var transcript = Transcript()
        let key = IdempotencyKey()
        let sent = transcript.addOptimisticUserMessage([.text("first")], clientKey: key.rawValue)
        let typed = transcript.addOptimisticUserMessage([.text("second")], clientKey: "other")
        let outbox = [Self.entry(1, .failed, text: "first", session: "s1", key: key),
                      Self.entry(2, .queued, text: "second", session: "s1"),
                      Self.entry(3, .failed, text: "after a restart", session: "s1"),
                      Self.entry(4, .failed, text: "elsewhere", session: "s2")]
        let states = SendStates.match(outbox, into: &transcript, sessionID: "s1", floor: 0, delivering: false)
        #expect(states[sent]?.entryID == 1 && states[typed]?.entryID == 2)
        #expect(transcript.items.count == 3, "#3 joins the transcript; #4 is another conversation's")
        #expect(transcript.items.last?.user?.text == "after a restart")
        #expect(SendStates.heldNotice(states) == "Not sent · kept in the outbox as #3")
        #expect(SendStates.heldNotice([:]) == nil)
    }

    /// A message sent from a new conversation may have got its conversation meanwhile: entries of other
    /// conversations count when newer than the floor (the highest id when the view opened).
    @Test func aNewConversationTakesOnlyEntriesNewerThanItsFloor() {
        var transcript = Transcript()
        let fresh = transcript.addOptimisticUserMessage([.text("hello")], clientKey: "k")
        let outbox = [Self.entry(1, .refused, text: "hello", session: "s9"), Self.entry(5, .refused, text: "hello", session: "s7")]
        let states = SendStates.match(outbox, into: &transcript, sessionID: nil, floor: 2, delivering: false)
        #expect(states[fresh]?.entryID == 5)
        #expect(transcript.items.count == 1)
        #expect(SendStates.heldNotice(states) == "Refused · kept in the outbox as #5")
    }
}

extension SendStatesTests {
    /// The open conversation keeps the matched lines, and the transcript, until the outbox says otherwise.
    @Test func theOpenConversationKeepsItsLinesWhileTheOutboxSaysTheSame() {
        var conversation = OpenConversation(sessionID: "s1")
        let key = IdempotencyKey()
        let sent = conversation.transcript.addOptimisticUserMessage([.text("first")], clientKey: key.rawValue)
        let outbox = [Self.entry(1, .failed, text: "first", session: "s1", key: key),
                      Self.entry(3, .failed, text: "after a restart", session: "s1")]
        conversation.matchSendStates(outbox)
        #expect(conversation.sendStates[sent]?.entryID == 1 && conversation.sendLines[sent] != nil)
        #expect(conversation.transcript.items.count == 2)
        #expect(conversation.heldNotice == "Not sent · kept in the outbox as #3")
        conversation.matchSendStates([])
        #expect(conversation.sendStates.isEmpty && conversation.sendLines.isEmpty && conversation.heldNotice == nil)
    }
}
