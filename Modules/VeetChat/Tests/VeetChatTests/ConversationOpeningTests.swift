import Foundation
import Testing
import VeetChat
import VeetFixture
import VeetTransport
import VeetWire

/// Opening a conversation, one implementation for the CLI and the TUI: which
/// run is followed, and where following it picks up after what is shown.
@Suite struct ConversationOpeningTests {
    static func session(active: String?, last: String?) -> SessionView {
        SessionView(id: "s1", createdAt: "2026-11-30T09:00:00Z", updatedAt: "2026-11-30T09:00:00Z",
                    activeRunID: active, lastRunID: last)
    }

    @Test func theActiveRunIsFollowedAndTheLatestOnlyWhenAskedFor() {
        let ended = RestoredConversation(session: Self.session(active: nil, last: "r1"), messages: [])
        #expect(ended.run(.activeOnly) == nil)
        #expect(ended.run(.activeOrLatest) == "r1")
        let running = RestoredConversation(session: Self.session(active: "r2", last: "r1"), messages: [])
        #expect(running.run(.activeOnly) == "r2")
        #expect(running.run(.activeOrLatest) == "r2")
    }

    @Test func theTranscriptsMessagesAreSkippedAndAShownRunResumesAfterItsLastSequence() throws {
        let frames = try recorded("sse-approval.txt")
        let messages = durableTranscript(of: frames)
        let runID = try #require(frames.compactMap(\.runID).first)
        let fresh = ResumePoint(runID: runID, messages: messages, shown: nil)
        #expect(fresh.after == nil)
        #expect(fresh.seen == Set(messages.map(\.sequence)))

        let shown = reduce(Array(frames.prefix(8)))
        let resumed = ResumePoint(runID: runID, messages: messages, shown: shown)
        #expect(resumed.after == shown.lastSequence)
        #expect(resumed.after != nil)
        #expect(resumed.seen == Set(messages.map(\.sequence)).union(shown.seenSequences))

        // What another run showed says nothing about this one.
        let other = ResumePoint(runID: "another-run", messages: messages, shown: shown)
        #expect(other == fresh)
    }

    @Test(.timeLimit(.minutes(1))) func openingAConversationWaitingForApprovalAttachesToItsRun() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let left = try await live.send("Please approve an external write",
                                       interaction: RecordingInteraction(approval: .leavePending))
        #expect(left.isWaitingForOwner)

        let opener = ConversationOpener(api: live.api)
        let restored = try await opener.restore(sessionID: left.sessionID)
        #expect(restored.messages.map(\.role) == [.user])
        let runID = try #require(restored.run(.activeOnly))
        #expect(runID == left.runID)
        let view = RecordingInteraction(approval: .approveOnce)
        let result = try await opener.follow(runID: runID, of: restored, interaction: view)
        #expect(result.status == .completed)
        #expect(await view.approvalsSeen.count == 1)
        // The owner's message was restored, so following the run does not show it again.
        #expect(await view.userMessages.isEmpty)
    }
}
