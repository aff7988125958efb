import Foundation
import Testing
import VeetChat
import VeetFixture
import VeetTestSupport
import VeetTransport
import VeetWire

/// docs/chat.md, Transcript: while an approval is docked the run's stream is still read, so a
/// decision made on another device (or the run moving on) closes the dock
/// with what happened; after a decision the run is read again.
@Suite struct ApprovalWatchTests {
    let id = "0198d6a3-0b5d-7f12-a4c8-61e2d9b07f35"

    @Test func aResolutionWhileAskingIsAnotherDevicesDecision() {
        let watch = ApprovalWatch(approvalID: id)
        #expect(watch.verdict(for: .approvalResolved(approvalID: id, resolution: .approveOnce))
                == .settledElsewhere(notice: "Approved on another device"))
        #expect(watch.verdict(for: .approvalResolved(approvalID: id, resolution: .deny))
                == .settledElsewhere(notice: "Denied on another device"))
        #expect(watch.verdict(for: .approvalResolved(approvalID: id, resolution: .approveForTask))
                == .settledElsewhere(notice: "Allowed for this task on another device"))
        #expect(watch.verdict(for: .approvalResolved(approvalID: id, resolution: .expired))
                == .settledElsewhere(notice: "This approval expired before a decision; the action was not performed"))
        // The same id in another case still matches (ids are UUIDs).
        #expect(watch.verdict(for: .approvalResolved(approvalID: id.uppercased(), resolution: .approveOnce)) != .keep)
    }

    @Test func anotherApprovalsResolutionOrAnUnrelatedChangeKeepsTheDock() {
        let watch = ApprovalWatch(approvalID: id)
        #expect(watch.verdict(for: .approvalResolved(approvalID: "other", resolution: .approveOnce)) == .keep)
        #expect(watch.verdict(for: .textDelta("hi")) == .keep)
        #expect(watch.verdict(for: .status(.waitingForApproval)) == .keep)
    }

    @Test func whileTheOwnersDecisionTravelsOnlyItsAnswerSettlesTheDock() {
        var watch = ApprovalWatch(approvalID: id)
        watch.sending(.approveOnce)
        #expect(watch.verdict(for: .approvalResolved(approvalID: id, resolution: .approveOnce)) == .keep)
        #expect(watch.verdict(for: .approvalResolved(approvalID: id, resolution: .deny)) == .keep)
        #expect(watch.verdict(for: .ended(.cancelled(reason: .requested))) == .keep)
        watch.notTaken()
        #expect(watch.verdict(for: .approvalResolved(approvalID: id, resolution: .deny)) != .keep)
    }

    @Test func theRunMovingOnClosesTheDock() {
        let watch = ApprovalWatch(approvalID: id)
        #expect(watch.verdict(for: .ended(.cancelled(reason: .requested)))
                == .settledElsewhere(notice: "The run was cancelled; its approval was cancelled with it"))
        #expect(watch.verdict(for: .ended(.failed(nil))) == .settledElsewhere(notice: "The run failed before a decision"))
        // Resumed with no resolution seen: the approval itself is read.
        #expect(watch.verdict(for: .resumed) == .readApproval)
        #expect(watch.verdict(after: ChatServiceSamples.approval(status: .approved, decision: .approveOnce))
                == .settledElsewhere(notice: "Approved on another device"))
        #expect(watch.verdict(after: ChatServiceSamples.approval()) == .keep)
    }

    @Test func aSettledCardCollapsesToItsDecisionToolAndPlace() {
        var card = ApprovalCard(approvalID: id, state: .approvedOnce)
        card.toolName = "demo.external_write"
        #expect(card.collapsedLine == "Approved once · demo.external_write")
        card.place = .elsewhere
        #expect(card.collapsedLine == "Approved once · demo.external_write · on another device")
        card.place = .here
        card.state = .denied
        #expect(card.collapsedLine == "Denied · demo.external_write · here")
        // Where says nothing about an expiry.
        card.state = .expired
        #expect(card.collapsedLine == "Expired · demo.external_write")
        #expect(ApprovalCard(approvalID: id).collapsedLine == "Waiting for your approval")
    }

    @Test func theTranscriptKeepsTheFirstPlaceNoted() {
        var transcript = Transcript(followingRun: ChatServiceSamples.runID)
        transcript.attach(ChatServiceSamples.approval(status: .approved, decision: .approveOnce))
        transcript.noteDecisionPlace(.elsewhere, approvalID: id)
        transcript.noteDecisionPlace(.here, approvalID: id)
        #expect(transcript.item(id: "approval:\(id)")?.approval?.place == .elsewhere)
    }
}

/// The runner on a scripted server.
@Suite struct ApprovalElsewhereTests {
    typealias S = ChatServiceSamples

    /// Records what the turn told the frontend; its prompt never answers (the owner looks away).
    actor Watcher: TurnInteraction {
        private(set) var events: [String] = []
        private let answer: ApprovalAnswer?
        init(answer: ApprovalAnswer? = nil) { self.answer = answer }
        func show(_ change: RunChange, in run: RunProgressView) async {}
        func streamNotice(_ output: RunStreamOutput) async {}
        func decide(_ approval: ApprovalView) async -> ApprovalAnswer {
            events.append("asked")
            if let answer { return answer }
            do { try await Task.sleep(for: .seconds(60)) } catch { events.append("prompt withdrawn") }
            return .leavePending
        }
        func answer(_ question: PendingQuestion) async -> String? { nil }
        func approvalSending(_ approvalID: String, answer: ApprovalAnswer) async { events.append("sending") }
        func approvalSettled(_ approvalID: String, notice: String?) async { events.append("settled \(notice ?? "here")") }
        func runReadAfterDecision(_ run: RunView, approvalID: String) async { events.append("run \(run.status.rawValue)") }
        func waitFor(_ event: String) async throws {
            while !events.contains(event) { try await Task.sleep(for: .milliseconds(5)) }
        }
    }

    func follow(_ server: ScriptedServer, _ watcher: Watcher) async throws -> TurnResult {
        try await TurnRunner(api: ChatAPI(sender: server.sender))
            .follow(runID: S.runID, sessionID: S.sessionID, interaction: watcher)
    }

    @Test func anotherDevicesDecisionWhileDockedClosesItAndTheRunIsFollowedToItsEnd() async throws {
        let server = ScriptedServer()
        let watcher = Watcher()
        // The resolution streams only once the owner has been asked here; nothing is posted from here.
        server.on("GET", "/v1/runs/*/events") { request in
            if server.requests("GET", "/v1/runs/*/events").count == 1 {
                return try await ApprovalRefusalTests.stream(server, resolutionAfter: 0)(request)
            }
            try await watcher.waitFor("asked")
            return try await ApprovalRefusalTests.stream(server, resolutionAfter: 0)(request)
        }
        server.on("GET", "/v1/approvals/*", try ApprovalRefusalTests.json(S.approval()))
        server.on("GET", "/v1/runs/*", try ApprovalRefusalTests.json(S.run(.completed)))
        let result = try await follow(server, watcher)
        #expect(result.status == .completed)
        let events = await watcher.events
        #expect(events.prefix(2) == ["asked", "settled Approved on another device"], "\(events)")
        #expect(events.contains("prompt withdrawn"), "the prompt was taken back: \(events)")
        #expect(server.requests("POST", "/v1/approvals/*/resolve").isEmpty, "nothing decided from here")
    }

    @Test func theRunCancelledWhileDockedClosesItSayingSo() async throws {
        let server = ScriptedServer()
        let watcher = Watcher()
        let run = #""run_id":"\#(S.runID)""#
        server.on("GET", "/v1/runs/*/events") { request in
            if server.requests("GET", "/v1/runs/*/events").count == 1 {
                return try await ApprovalRefusalTests.stream(server, resolutionAfter: 0)(request)
            }
            try await watcher.waitFor("asked")
            return ApprovalRefusalTests.eventStream("id: 3\nevent: run.cancelled\ndata: {\"reason\":\"requested\",\(run)}\n\n\n")
        }
        server.on("GET", "/v1/approvals/*", try ApprovalRefusalTests.json(S.approval()))
        server.on("GET", "/v1/runs/*", try ApprovalRefusalTests.json(S.run(.cancelled)))
        let result = try await follow(server, watcher)
        #expect(result.status == .cancelled)
        #expect(await watcher.events.prefix(2) == ["asked", "settled The run was cancelled; its approval was cancelled with it"])
    }

    @Test func afterTheOwnersDecisionTheRunIsReadAgain() async throws {
        let server = ScriptedServer()
        let watcher = Watcher(answer: .approveOnce)
        server.on("GET", "/v1/runs/*/events", ApprovalRefusalTests.stream(server))
        server.on("GET", "/v1/approvals/*", try ApprovalRefusalTests.json(S.approval()))
        server.on("POST", "/v1/approvals/*/resolve", try ApprovalRefusalTests.json(S.approval(status: .approved, decision: .approveOnce)))
        server.on("GET", "/v1/runs/*", try ApprovalRefusalTests.json(S.run(.failed)))
        // The stream is cut after the resolution: the read run says how it ended.
        let result = try await follow(server, watcher)
        #expect(server.requests("GET", "/v1/runs/\(S.runID)").count == 1)
        #expect(await watcher.events.prefix(3) == ["asked", "sending", "settled here"])
        #expect(result.status == .completed, "the stream's end wins over the read")
    }
}

/// The same against the in-process reference server: another client decides.
@Suite(.serialized) struct ApprovalElsewhereLiveTests {
    @Test func anApprovalResolvedByAnotherClientClosesTheDockAndTheRunFinishes() async throws {
        let live = try LiveFixture()
        defer { live.stop() }
        let watcher = ApprovalElsewhereTests.Watcher()
        let api = live.api
        let other = Task {
            try await watcher.waitFor("asked")
            let pending = try await api.pendingApprovals()
            let id = try #require(pending.first?.id)
            _ = try await api.resolve(approvalID: id, decision: .approveOnce)
        }
        let result = try await live.send("Please approve an external write", interaction: watcher)
        try await other.value
        #expect(result.status == .completed)
        let events = await watcher.events
        #expect(events.prefix(2) == ["asked", "settled Approved on another device"], "\(events)")
        #expect(events.contains { $0.hasPrefix("run ") }, "the run was read after it settled: \(events)")
    }
}
