import Foundation
import Testing
import VeetChat
import VeetTestSupport
import VeetTransport
import VeetWire

/// A decision the server refuses while the run still waits is not "settled
/// elsewhere": the owner reads why and chooses again.
@Suite struct ApprovalRefusalTests {
    typealias S = ChatServiceSamples
    static let approvalID = S.approval().id

    /// A run that waits for one approval and completes once it is approved,
    /// as a server streams it: the wait first; on the reconnect, the
    /// resolution once `resolves` decisions have reached `server` (the stream
    /// is read while the approval is docked, so a resolution streamed before
    /// any decision would read as another device's).
    static func stream(_ server: ScriptedServer, resolutionAfter resolves: Int = 1,
                       resolution: String = "approve_once") -> ScriptedServer.Answer {
        let run = #""run_id":"\#(S.runID)""#
        let waiting = """
            id: 1
            event: run.waiting_for_approval
            data: {"suspension":{"approval_id":"\(approvalID)","kind":"approval"},\(run)}

            id: 2
            event: approval.requested
            data: {"approval_id":"\(approvalID)",\(run)}


            """
        let resolved = """
            id: 3
            event: approval.resolved
            data: {"approval_id":"\(approvalID)","resolution":"\(resolution)",\(run)}

            id: 4
            event: run.completed
            data: {\(run)}


            """
        return { _ in
            guard server.requests("GET", "/v1/runs/*/events").count > 1 else { return eventStream(waiting) }
            while server.requests("POST", "/v1/approvals/*/resolve").count < resolves {
                try await Task.sleep(for: .milliseconds(5))
            }
            return eventStream(resolved)
        }
    }

    static func eventStream(_ body: String) -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["content-type": "text/event-stream"], body: Data(body.utf8))
    }

    static func json(_ value: some Encodable) throws -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: try WireJSON.encoder().encode(value))
    }

    func follow(refusal reason: String, choices: [ApprovalAnswer]) async throws -> (TurnResult, ChoosingInteraction, ScriptedServer) {
        let server = ScriptedServer()
        server.on("GET", "/v1/runs/*/events", Self.stream(server, resolutionAfter: 2))
        server.on("GET", "/v1/approvals/*", try Self.json(S.browserAct()))
        server.on("GET", "/v1/runs/*", try Self.json(S.run(.running)))  // read after a decision settles
        server.on("POST", "/v1/approvals/*/resolve", sequence: [
            S.errorResponse(409, code: "conflict", details: #"{"reason":"\#(reason)"}"#),
            try Self.json(S.approval(status: .approved, decision: .approveOnce)),
        ])
        let interaction = ChoosingInteraction(choices)
        let result = try await TurnRunner(api: ChatAPI(sender: server.sender))
            .follow(runID: S.runID, sessionID: S.sessionID, interaction: interaction)
        return (result, interaction, server)
    }

    @Test(arguments: [
        ("task_grant_unavailable", "Allowing the whole task is not available right now. Allow once or deny instead."),
        ("task_grant_offer_mismatch", "The task permission on offer changed. Review it again before allowing."),
    ])
    func aRefusedTaskPermissionAsksAgain(reason: String, notice: String) async throws {
        let (result, interaction, server) = try await follow(refusal: reason, choices: [.approveForTask, .approveOnce])
        let problems = await interaction.problems
        #expect(problems.map(\.text) == [notice])
        // Shown with the run as it stands: still waiting for this approval.
        #expect(problems.first?.run.status == .waitingForApproval)
        #expect(problems.first?.run.pendingApprovalIDs == [Self.approvalID])
        #expect(await interaction.asked == 2)
        let decisions = server.requests("POST", "/v1/approvals/*/resolve").map { String(decoding: $0.body ?? Data(), as: UTF8.self) }
        #expect(decisions.count == 2)
        #expect(decisions.last?.contains(#""approve_once""#) == true)
        #expect(result.status == .completed)
    }

    @Test func refusedAgainAndAgainItIsLeftPending() async throws {
        let server = ScriptedServer()
        // Refused every time: the resolution never comes.
        server.on("GET", "/v1/runs/*/events", Self.stream(server, resolutionAfter: .max))
        server.on("GET", "/v1/approvals/*", try Self.json(S.browserAct()))
        server.on("GET", "/v1/runs/*", try Self.json(S.run(.running)))  // read after a decision settles
        server.on("POST", "/v1/approvals/*/resolve",
                  S.errorResponse(409, code: "conflict", details: #"{"reason":"task_grant_unavailable"}"#))
        let interaction = ChoosingInteraction([.approveForTask])
        let result = try await TurnRunner(api: ChatAPI(sender: server.sender))
            .follow(runID: S.runID, sessionID: S.sessionID, interaction: interaction)
        #expect(result.status == .waitingForApproval)
        #expect(result.isWaitingForOwner)
        #expect(await interaction.problems.last?.text == "The approval is still pending; decide it later.")
    }
}

/// Answers approvals with each of `choices` in turn (the last one from then on); records problems shown.
actor ChoosingInteraction: TurnInteraction {
    private let choices: [ApprovalAnswer]
    private(set) var asked = 0
    private(set) var problems: [(text: String, run: RunProgressView)] = []

    init(_ choices: [ApprovalAnswer]) { self.choices = choices }

    func show(_ change: RunChange, in run: RunProgressView) async {
        if case .problem(let text) = change { problems.append((text, run)) }
    }

    func streamNotice(_ output: RunStreamOutput) async {}

    func decide(_ approval: ApprovalView) async -> ApprovalAnswer {
        asked += 1
        return choices[min(asked, choices.count) - 1]
    }

    func answer(_ question: PendingQuestion) async -> String? { nil }
}

/// A decision stays pending until the server confirms it (docs/chat.md, Transcript): the
/// frontend hears that it is on its way, then that it was recorded, or that
/// it was not taken (with why) and is asked again.
@Suite struct ApprovalProgressTests {
    typealias S = ChatServiceSamples

    actor ProgressLog: TurnInteraction {
        private(set) var events: [String] = []
        private let choices: [ApprovalAnswer]
        private var asked = 0
        init(_ choices: [ApprovalAnswer]) { self.choices = choices }
        func show(_ change: RunChange, in run: RunProgressView) async {}
        func streamNotice(_ output: RunStreamOutput) async {}
        func decide(_ approval: ApprovalView) async -> ApprovalAnswer {
            asked += 1
            events.append("asked")
            return choices[min(asked, choices.count) - 1]
        }
        func answer(_ question: PendingQuestion) async -> String? { nil }
        func approvalSending(_ approvalID: String, answer: ApprovalAnswer) async { events.append("sending \(answer)") }
        func approvalSettled(_ approvalID: String, notice: String?) async { events.append("settled \(notice ?? "")") }
        func approvalNotTaken(_ approvalID: String, reason: String) async { events.append("not taken") }
    }

    func follow(resolve answers: [HTTPResponse], choices: [ApprovalAnswer]) async throws -> (TurnResult, ProgressLog) {
        let server = ScriptedServer()
        // The resolution streams once the last scripted answer has been given.
        server.on("GET", "/v1/runs/*/events", ApprovalRefusalTests.stream(server, resolutionAfter: answers.count))
        server.on("GET", "/v1/approvals/*", try ApprovalRefusalTests.json(S.approval()))
        server.on("GET", "/v1/runs/*", try ApprovalRefusalTests.json(S.run(.running)))  // read after a decision settles
        server.on("POST", "/v1/approvals/*/resolve", sequence: answers)
        let log = ProgressLog(choices)
        let result = try await TurnRunner(api: ChatAPI(sender: server.sender))
            .follow(runID: S.runID, sessionID: S.sessionID, interaction: log)
        return (result, log)
    }

    @Test func aDecisionIsSendingThenSettled() async throws {
        let (result, log) = try await follow(resolve: [try ApprovalRefusalTests.json(S.approval(status: .approved, decision: .approveOnce))],
                                             choices: [.approveOnce])
        #expect(await log.events == ["asked", "sending approveOnce", "settled "])
        #expect(result.status == .completed)
    }

    @Test func aDecisionTheServerDidNotTakeLeavesTheCardActionableAndIsAskedAgain() async throws {
        let (result, log) = try await follow(resolve: [
            S.errorResponse(400, code: "malformed_request"),
            try ApprovalRefusalTests.json(S.approval(status: .denied, decision: .deny)),
        ], choices: [.approveOnce, .deny(reason: "not now")])
        #expect(await log.events == ["asked", "sending approveOnce", "not taken",
                                     "asked", "sending deny(reason: Optional(\"not now\"))", "settled "])
        #expect(result.status == .completed)
    }

    @Test func anotherDevicesDecisionSettlesTheCardWithWhatHappened() async throws {
        let (_, log) = try await follow(resolve: [
            S.errorResponse(409, code: "conflict", details: #"{"reason":"approval_already_resolved","decision":"deny"}"#),
        ], choices: [.approveOnce])
        let events = await log.events
        #expect(events.prefix(2) == ["asked", "sending approveOnce"])
        #expect(events.last?.hasPrefix("settled Already resolved elsewhere") == true, "\(events)")
    }

    @Test func failingAgainAndAgainEndsTheTurnWithTheError() async throws {
        let refusal = S.errorResponse(400, code: "malformed_request")
        await #expect(throws: APIError.self) {
            _ = try await follow(resolve: [refusal, refusal, refusal, refusal], choices: [.approveOnce])
        }
    }
}
