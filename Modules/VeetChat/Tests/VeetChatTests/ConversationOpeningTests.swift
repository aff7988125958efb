import Foundation
import Testing
import VeetChat
import VeetFixture
import VeetTestSupport
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
        // A message saved after what was shown was never printed: its frame must still come.
        let shownUpTo = try #require(shown.lastSequence)
        #expect(resumed.seen == Set(messages.map(\.sequence).filter { $0 <= shownUpTo }).union(shown.seenSequences))
        let unprinted = try #require(messages.last?.sequence)
        #expect(unprinted > shownUpTo)
        #expect(!resumed.seen.contains(unprinted))

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

    static func json(_ value: some Encodable) throws -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: try WireJSON.encoder().encode(value))
    }

    @Test func aTranscriptThatCannotBeReadFallsBackToTheCachedOneAndTheRunIsStillFollowed() async throws {
        let (store, root) = try TemporaryStore.open()
        defer { try? FileManager.default.removeItem(at: root) }
        let session = Self.session(active: "r2", last: "r1")
        _ = try store.upsert(session: session)
        let cached = [SessionMessageView(sequence: 3, role: .user, content: [.text("still here")]),
                      SessionMessageView(sequence: 4, role: .unknown("tool_note"), content: [.text("a role from later")])]
        try store.saveTranscript(sessionID: "s1", messages: cached)
        let server = ScriptedServer()
        server.on("GET", "/v1/sessions/s1", try Self.json(session))
        server.on("GET", "/v1/sessions/s1/messages", S.errorResponse(503, code: "unavailable"))
        let opener = ConversationOpener(api: ChatAPI(sender: server.sender, retry: RetryPolicy(maxAttempts: 1)), cache: store)
        // A role this version does not know stays unknown (it is not made an assistant's).
        #expect(opener.cachedMessages(sessionID: "s1").map(\.role) == [.user, .unknown("tool_note")])

        let restored = try await opener.restore(sessionID: "s1")
        #expect(restored.messages == cached)
        #expect(restored.transcriptProblem != nil)
        #expect(restored.run(.activeOrLatest) == "r2")
    }

    @Test func theLineChatReadsNoTranscriptWhenNoRunIsFollowed() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/sessions/s1", try Self.json(Self.session(active: nil, last: "r1")))
        let restored = try await ConversationOpener(api: ChatAPI(sender: server.sender)).restore(sessionID: "s1", toFollow: .activeOnly)
        #expect(restored.run(.activeOnly) == nil)
        #expect(server.requests.map(\.path) == ["/v1/sessions/s1"])
    }

    @Test func followingARunAlreadyShownResumesFromWhatWasShownWithoutReadingTheTranscript() async throws {
        let frames = try recorded("sse-approval.txt")
        let runID = try #require(frames.compactMap(\.runID).first)
        let shown = reduce(Array(frames.prefix(8)))
        let after = try #require(shown.lastSequence)
        var body = try Data(contentsOf: Recordings.directory.appendingPathComponent("sse-approval.txt"))
        if let head = body.range(of: Data("\r\n\r\n".utf8)) ?? body.range(of: Data("\n\n".utf8)),
           body.starts(with: Data("HTTP/".utf8)) { body = body.subdata(in: head.upperBound..<body.endIndex) }
        let server = ScriptedServer()
        // No route for the transcript: reading it would fail the test.
        server.on("GET", "/v1/runs/*/events", HTTPResponse(status: 200, headers: ["content-type": "text/event-stream"], body: body))
        server.on("GET", "/v1/approvals/*", try Self.json(S.approval(status: .approved, decision: .approveOnce)))
        let view = RecordingInteraction(approval: .leavePending)
        _ = try await ConversationOpener(api: ChatAPI(sender: server.sender))
            .follow(runID: runID, sessionID: "s1", shown: shown, interaction: view)
        let streamed = try #require(server.requests("GET", "/v1/runs/*/events").first)
        #expect(streamed.header("Last-Event-ID") == String(after))
    }
}

private typealias S = ChatServiceSamples
