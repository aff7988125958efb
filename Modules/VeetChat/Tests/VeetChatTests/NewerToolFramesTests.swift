import Foundation
import Testing
import VeetChat
import VeetTransport
import VeetWire

/// Tool activity as newer servers send it (docs/wire/streaming.md §9 and the
/// compact grouping): one reducer test per rule. The recorded-stream tests of
/// the same rules are `TranscriptReplayTests`' `rule-*` streams.
@Suite struct NewerToolFramesTests {
    func transcript(_ build: (inout StreamScript) -> Void) -> Transcript {
        var script = StreamScript()
        script.started()
        build(&script)
        return reduce(script.frames)
    }

    func bundles(_ transcript: Transcript) -> [ToolBundle] {
        transcript.entries.compactMap { if case .bundle(let bundle) = $0 { bundle } else { nil } }
    }

    func jsonLines(_ transcript: Transcript) -> [JSONValue] { TranscriptLine.lines(for: transcript).map(\.json) }

    // MARK: Any non-empty name is known

    @Test func twoAdjacentSuccessfulCallsOfAToolWithoutADotShareABundle() throws {
        let result = transcript { s in s.succeed("search", "c1"); s.succeed("search", "c2") }
        let bundle = try #require(bundles(result).first)
        #expect(result.entries.count == 1)
        #expect(bundle.toolNames == ["search"])
        #expect(bundle.outcomeCounts == [OutcomeCount(label: .succeeded, count: 2)])
        // Its card still reads the name's words: a search looks something up.
        #expect(bundle.calls.first?.effect == .read)
    }

    @Test func aNameThisClientCannotClassifyIsStillKnown() throws {
        let result = transcript { s in s.succeed("web.search", "c1"); s.succeed("mystery.frobnicate", "c2") }
        #expect(try #require(bundles(result).first).toolNames == ["web.search", "mystery.frobnicate"])
    }

    // MARK: A frame without a name is an unknown tool

    @Test func aCallNoFrameNamedIsABoundaryAndItsNameIsNullInJSON() {
        let result = transcript { s in
            s.succeed("web.search", "c1"); s.succeedUnnamed("c2"); s.succeed("web.search", "c3")
        }
        #expect(bundles(result).isEmpty)
        #expect(result.toolCalls.map(\.isUnknownTool) == [false, true, false])
        let names = jsonLines(result).map { $0["name"] }
        #expect(names == [.string("web.search"), .null, .string("web.search")])
    }

    // MARK: Risk on tool frames

    @Test func theRiskOnToolFramesIsTheCallsAndABundleShowsTheHighest() throws {
        let result = transcript { s in
            s.succeed("web.search", "c1", risk: "LOW")
            s.succeed("web.fetch", "c2", risk: "CRITICAL")
            s.succeed("web.search", "c3")
        }
        let bundle = try #require(bundles(result).first)
        #expect(bundle.calls.map(\.serverRisk) == [.low, .critical, nil])
        #expect(bundle.highestRisk == .critical)
        #expect(bundle.summary.hasSuffix("(highest risk: critical)"))
        let line = try #require(jsonLines(result).first)
        #expect(line["risk"] == .string("CRITICAL"))
        #expect(line["server_risk"] == .string("CRITICAL"))
    }

    @Test func anUnknownRiskIsKeptRawOnTheWireAndDrawsNothing() throws {
        let result = transcript { s in s.succeed("web.search", "c1", risk: "SEVERE") }
        let call = try #require(result.toolCalls.first)
        #expect(call.serverRisk == nil)
        #expect(call.risk == .low)  // the name's own, as before
        let event = try StreamScript.decodeToolEvent(#"{"call_id":"c","name":"x","risk":"SEVERE"}"#)
        #expect(event.risk == .unknown("SEVERE"))
    }

    @Test func theHighestOfTheFramesAndTheApprovalWins() throws {
        var script = StreamScript()
        script.started()
        script.plan("workspace.write_text", "c1", extra: #","risk":"CRITICAL""#)
        script.persisted("approval.requested", #""approval_id":"a1""#)
        var transcript = reduce(script.frames)
        // The approval's read says less than the frame did: the call keeps the higher.
        transcript.attach(try StreamScript.approvalView(id: "a1", risk: "HIGH"))
        #expect(transcript.toolCalls.first?.serverRisk == .critical)
        // And a frame saying less after the approval's read does not lower it either.
        var later = StreamScript(startingAt: script.sequence)
        later.persisted("approval.resolved", #""approval_id":"a1","resolution":"approve_once""#)
        later.tool("tool.call.authorized", "workspace.write_text", "c1", extra: #","risk":"LOW""#)
        transcript = reduce(later.frames, into: transcript)
        #expect(transcript.toolCalls.first?.serverRisk == .critical)
        #expect(TranscriptLine.lines(for: transcript).first?.json["server_risk"] == .string("CRITICAL"))
    }

    // MARK: An outcome only inside the result's text

    @Test func anOutcomeOnlyInsideTheTextNeedsCorrectionThenIsCorrectedAndRetried() throws {
        let outcome = #"{"reason_code":"tool.invalid_arguments.url","retryable":true,"remediation":"modify_arguments"}"#
        let failedOnly = transcript { s in s.fail("search", "c1", text: "The arguments were refused: " + outcome) }
        #expect(failedOnly.toolCalls.first?.outcomeLabel == .needsCorrection)
        let retried = transcript { s in
            s.fail("search", "c1", text: "The arguments were refused: " + outcome)
            s.succeed("search", "c2")
        }
        #expect(retried.toolCalls.map(\.statusText) == ["corrected and retried", "succeeded"])
        #expect(try #require(bundles(retried).first).outcomeCounts.map(\.label) == [.succeeded, .correctedAndRetried])
    }

    @Test func aWholeDocumentWithoutAStatusOrWithSpaceAroundItIsReadToo() {
        let bare = #"{"reason_code":"tool.arguments_invalid","retryable":true,"remediation":"modify_arguments"}"#
        for text in [bare, "\n  " + bare + "\n"] {
            let result = transcript { s in s.fail("web.fetch", "c1", text: text) }
            #expect(result.toolCalls.first?.outcomeLabel == .needsCorrection, "\(text)")
        }
    }

    @Test func aSuccessfulResultIsNeverReadAsAFailure() {
        // The same words in a completed call's result are its data, not an outcome.
        let text = #"Found: {"retryable":true,"remediation":"modify_arguments"}"#
        let result = transcript { s in s.succeed("web.search", "c1", result: text) }
        #expect(result.toolCalls.first?.outcome == nil)
        #expect(result.toolCalls.first?.resultText == text)
    }

    @Test func thirdPartyTextAfterTheFirstPartDoesNotSpeakForTheServer() throws {
        var script = StreamScript()
        script.started()
        script.plan("web.fetch", "c1")
        let advice = #"{"reason_code":"tool.arguments_invalid","retryable":true,"remediation":"modify_arguments"}"#
        script.tool("tool.call.failed", "web.fetch", "c1",
                    extra: StreamScript.result("c1", ["Upstream error", advice], isError: true, trust: "external_untrusted"))
        #expect(reduce(script.frames).toolCalls.first?.outcomeLabel == .failed)
    }

    // MARK: debug transcript: the approval on a tool's item

    @Test func aToolLineCarriesItsApprovalsDecisionFromTheStreamsOwnFrames() {
        let result = transcript { s in
            s.approvalCall("sandbox.run_command", "c1", approvalID: "a1", resolution: "approve_once")
            s.user("next")
            s.approvalCall("sandbox.run_command", "c2", approvalID: "a2", resolution: "approve_for_task")
            s.user("next")
            s.approvalCall("gmail.send_message", "c3", approvalID: "a3", resolution: "deny")
            s.user("next")
            s.succeed("web.search", "c4")
            s.user("next")
            s.approvalCall("workspace.write_text", "c5", approvalID: "a5", resolution: nil)
        }
        let tools = jsonLines(result).filter { $0["kind"] == .string("tool") }
        #expect(tools.map { $0["approval"] } == [
            .string("approved_once"), .string("allowed_for_task"), .string("denied"), .null, .string("pending"),
        ])
        #expect(tools.last?["status"] == .string("waiting_for_approval"))
        // The risk the apps draw is there whether or not the server gave one.
        #expect(tools.map { $0["risk"] } == [.string("MEDIUM"), .string("MEDIUM"), .string("HIGH"), .string("LOW"), .string("MEDIUM")])
        #expect(tools.allSatisfy { $0["server_risk"] == .null })
    }
}

extension StreamScript {
    static func decodeToolEvent(_ json: String) throws -> RunEvent.ToolCallEvent {
        try JSONDecoder().decode(RunEvent.ToolCallEvent.self, from: Data(json.utf8))
    }

    static func approvalView(id: String, risk: String, runID: String = "run-1") throws -> ApprovalView {
        try JSONDecoder().decode(ApprovalView.self, from: Data("""
            {"id":"\(id)","run_id":"\(runID)","session_id":"s","status":"PENDING","tool_name":"workspace.write_text",
             "action_summary":"Write.","arguments":{},"risk":"\(risk)","created_at":"2026-10-01T10:00:00Z"}
            """.utf8))
    }
}
