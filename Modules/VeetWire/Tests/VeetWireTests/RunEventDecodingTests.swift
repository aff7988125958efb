import Foundation
import Testing
import VeetTransport
import VeetTestSupport
@testable import VeetWire

/// Typed decoding of run events, on every recorded frame and on crafted ones.
@Suite struct RunEventDecodingTests {
    private func frames(_ name: String) throws -> [RunEventFrame] {
        try SSEGolden.decodeWhole(try SSEGolden.body(name)).events.map(RunEventFrame.decode)
    }

    private func frame(_ type: String, _ data: String, id: String? = nil) -> RunEventFrame {
        RunEventFrame.decode(SSEEvent(event: type, data: data, id: id, lastEventID: id ?? ""))
    }

    @Test(arguments: SSEGolden.names)
    func everyRecordedFrameDecodesToItsTypedCase(_ name: String) throws {
        for frame in try frames(name) {
            switch frame.event {
            case .unknown, .diagnostic, .malformed:
                Issue.record("\(name): \(frame.type) decoded as \(frame.event)")
            default:
                break
            }
            #expect(RunEventFrame.typedEventTypes.contains(frame.type))
            #expect(frame.runID != nil, "\(name): \(frame.type) lost its run_id")
            #expect(frame.isTerminal == RunEvent.terminalTypes.contains(frame.type))
        }
    }

    @Test func sequenceComesFromTheIdOnly() throws {
        let all = try frames("sse-simple")
        #expect(all.compactMap(\.sequence) == [2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14, 15])
        #expect(all.filter { !$0.isPersisted }.allSatisfy { $0.type == "message.delta" })
        #expect(frame("x", "{}", id: "abc").sequence == nil)
        #expect(frame("x", "{}", id: "-3").sequence == nil)
        #expect(frame("x", "{}", id: "+3").sequence == nil)
        #expect(frame("x", "{}", id: "42").sequence == 42)
    }

    @Test func toolCallRecording() throws {
        let all = try frames("sse-tool")
        let planned = try #require(all.lazy.compactMap { frame -> RunEvent.ModelResponseCompleted? in
            if case .modelResponseCompleted(let p) = frame.event, !p.toolCalls.isEmpty { return p }
            return nil
        }.first)
        #expect(planned.stopReason == .toolUse)
        #expect(planned.toolNames == ["math.calculate"])
        let call = try #require(planned.toolCalls.first)
        #expect(call.callID == "calc-1" && call.name == "math.calculate" && call.itemIndex == 0)
        #expect(call.arguments == .object(["expression": .string("17 * 23")]))
        #expect(call.rawArguments == #"{"expression":"17 * 23"}"#)
        #expect(call.parseError == nil)

        let phases = all.compactMap { $0.event.toolCall }
        #expect(phases.map(\.phase) == [.proposed, .authorized, .started, .completed])
        #expect(phases.allSatisfy { $0.event.callID == "calc-1" && $0.event.name == "math.calculate" })
        let completed = try #require(phases.last?.event)
        #expect(completed.reasonCode == "tool.succeeded")
        let result = try #require(completed.resultItem)
        #expect(result.content == [.text("391")] && !result.isError && result.trust == .internalTool)
        #expect(result.callID == "calc-1")
        #expect(completed.outcome == nil)

        guard case .modelRequestStarted(let request) = all[7].event else {
            Issue.record("expected model.request.started, got \(all[7].type)"); return
        }
        #expect(request.contextCapacityTokens == 32768 && request.contextTotalTokens == 8131)
        #expect(request.contextEpoch == 1 && request.stepNumber == 1)

        guard case .runCompleted(let done) = all.last?.event else { Issue.record("no run.completed"); return }
        #expect(done.finalMessage?.plainText == "The answer is 391.")
        #expect(done.finalMessage?.trust == .externalUntrusted)
        #expect(all.last?.sequence == 25 && all.last?.runID == "aa5f2f43-5e82-4585-945e-aa8abd814e41")
    }

    @Test func approvalRecording() throws {
        let all = try frames("sse-approval")
        let approvalID = "d19e8b88-ffce-435c-a885-8589aa7d4970"
        var sawWaiting = false, sawRequested = false, sawResolved = false
        for frame in all {
            switch frame.event {
            case .runWaitingForApproval(let waiting):
                sawWaiting = true
                #expect(waiting.approvalID == approvalID && waiting.suspension?.kind == "approval")
                #expect(!sawRequested, "run.waiting_for_approval comes before approval.requested")
            case .approvalRequested(let requested):
                sawRequested = true
                #expect(requested.approvalID == approvalID)
            case .approvalResolved(let resolved):
                sawResolved = true
                #expect(resolved.approvalID == approvalID && resolved.resolution == .approveOnce)
                #expect(resolved.resolution?.isApproval == true)
            case .modelResponseCompleted(let response) where response.stepNumber == 1:
                guard case .assistant(let interim) = response.conversationItems.first else {
                    Issue.record("first item should be the interim assistant text"); continue
                }
                #expect(interim.plainText == "I will record that externally. ")
                #expect(response.toolCalls.first?.arguments["destination"] == .string("demo://notes"))
            case .runClaimed(let claimed) where frame.sequence == 20:
                #expect(claimed.attempt == 2 && claimed.leaseEpoch == 2 && claimed.workerID == "vm:5207")
            default:
                break
            }
        }
        #expect(sawWaiting && sawRequested && sawResolved)
    }

    @Test func denialRecording() throws {
        let all = try frames("sse-deny")
        let resolution = all.lazy.compactMap { if case .approvalResolved(let r) = $0.event { r.resolution } else { nil } }.first
        #expect(resolution == .deny)
        let denied = try #require(all.lazy.compactMap { if case .toolCallDenied(let d) = $0.event { d } else { nil } }.first)
        #expect(denied.reasonCode == "approval.denied" && denied.resultItem == nil && denied.callID == "write-1")
    }

    @Test func askUserRecording() throws {
        let all = try frames("sse-ask-user")
        let questionID = "a0aa019d-13e5-487d-b1f3-d95545f2bcad"
        let waiting = try #require(all.lazy.compactMap { if case .runWaitingForUser(let w) = $0.event { w } else { nil } }.first)
        #expect(waiting.questionID == questionID && waiting.suspension?.invocationID == questionID)
        let states = all.compactMap { if case .workingStateUpdated(let s) = $0.event { s } else { nil } }
        #expect(states.map(\.source) == ["runtime_question", "user_answer"])
        #expect(states.first?.workingState.openQuestions == ["Which region should I use?"])
        #expect(states.first?.workingState.objective == nil && states.first?.workingState.nextAction == nil)
        #expect(states.last?.workingState.openQuestions == [])
        let answers = all.compactMap { if case .userMessageCreated(let m) = $0.event { m } else { nil } }
        #expect(answers.map(\.questionID) == [nil, questionID])
        #expect(answers.last?.plainText == "Use the EU region.")
        let answerResult = all.lazy.compactMap { $0.event.toolCall }.first { $0.phase == .completed }?.event.resultItem
        #expect(answerResult?.trust == .user)
        guard case .runFailed(let failed) = all.last?.event else { Issue.record("expected run.failed"); return }
        #expect(failed.failure?.reason == .internalError && failed.failure?.errorClass == "ValueError")
        #expect(failed.failure?.attemptNumber == nil && failed.failure?.stepNumber == 2)
        #expect(failed.failure?.details == .object([:]))
    }

    @Test func modelFailureRecording() throws {
        let all = try frames("sse-model-failure")
        guard case .modelResponseFailed(let attempt) = all[8].event else { Issue.record("expected model.response.failed"); return }
        #expect(attempt.errorClass == "ModelPermanentError" && attempt.httpStatus == 400)
        #expect(attempt.provider == "chat_completions" && attempt.providerCode == "http_400")
        guard case .runFailed(let failed) = all.last?.event else { Issue.record("expected run.failed"); return }
        let failure = try #require(failed.failure)
        #expect(failure.reason == .modelPermanentError)
        #expect(failure.errorClass == "ModelPermanentError" && failure.message == "the model provider rejected the request")
        #expect(failure.details?["http_status"] == .int(400) && failure.attemptNumber == 1)
        #expect(all.last?.isTerminal == true)
    }

    @Test(arguments: ["sse-cancel", "sse-cancel-queued", "sse-cancel-running-full",
                      "sse-cancel-waiting-approval", "sse-cancel-waiting-user"])
    func cancelRecordings(_ name: String) throws {
        let all = try frames(name)
        guard case .runCancelled(let cancelled) = all.last?.event else { Issue.record("expected run.cancelled"); return }
        #expect(cancelled.reason == .requested)
        #expect(all.filter(\.isTerminal).count == 1)
    }

    @Test func reasoningRecording() throws {
        let all = try frames("sse-reasoning")
        let reasoning = try #require(all.lazy.compactMap { if case .reasoningDelta(let d) = $0.event { d } else { nil } }.first)
        #expect(reasoning.text == "Let me consider this carefully." && !reasoning.isSummary && reasoning.itemIndex == 0)
        let answer = all.compactMap { if case .messageDelta(let d) = $0.event { d.text } else { nil } }.joined()
        #expect(answer == "Thought about it: forty-two.")
    }

    @Test func postTerminalReplayRecording() throws {
        let all = try frames("sse-replay-completed")
        guard case .memoryFormationRequested(let formation) = all.last?.event else { Issue.record("expected memory.formation.requested"); return }
        #expect(formation.terminalStatus == .completed && formation.trigger == "run_terminal")
        #expect(formation.notBefore?.text == "2026-11-30T04:15:07.370184+00:00")
        #expect(all.firstIndex { $0.isTerminal } == all.count - 2)
        guard case .runCheckpointed(let checkpoint) = all.first?.event else { Issue.record("expected run.checkpointed"); return }
        #expect(checkpoint.trigger == "tool_call" && checkpoint.version == 5 && checkpoint.full == false)
    }

    // MARK: Crafted payloads

    @Test func failedToolCallCarriesItsOutcomeDocument() throws {
        let data = #"{"call_id":"call_Wf3","name":"web.fetch","reason_code":"tool.timeout","result_item":{"call_id":"call_Wf3","content":[{"kind":"text","text":"{\"status\":\"failed\",\"action\":\"web.fetch\",\"reason_code\":\"tool.timeout\",\"message\":\"The tool did not finish in time.\",\"retryable\":true,\"remediation\":\"modify_arguments\"}"}],"is_error":true,"kind":"tool_result","source_event_sequence":null,"trust":"internal_tool"},"run_id":"r"}"#
        guard case .toolCallFailed(let failed) = frame("tool.call.failed", data, id: "120").event else {
            Issue.record("expected tool.call.failed"); return
        }
        let outcome = try #require(failed.outcome)
        #expect(outcome.status == .failed && outcome.action == "web.fetch" && outcome.reasonCode == "tool.timeout")
        #expect(outcome.message == "The tool did not finish in time.")
        #expect(outcome.retryable == true && outcome.remediation == .modifyArguments)
        #expect(failed.resultItem?.isError == true)
    }

    @Test func unseenVocabularyIsKeptVerbatim() throws {
        let data = #"{"call_id":"c","name":"n","reason_code":"tool.web.provider_rejected","result_item":{"content":[{"kind":"text","text":"{\"status\":\"refused\",\"remediation\":\"ask_owner\"}"}],"is_error":true,"trust":"galaxy"}}"#
        guard case .toolCallUncertain(let event) = frame("tool.call.uncertain", data).event else {
            Issue.record("expected tool.call.uncertain"); return
        }
        #expect(event.outcome?.status == .unknown("refused") && event.outcome?.remediation == .unknown("ask_owner"))
        #expect(event.resultItem?.trust == .unknown("galaxy"))
        guard case .runCancelled(let cancelled) = frame("run.cancelled", #"{"reason":"operator"}"#).event else {
            Issue.record("expected run.cancelled"); return
        }
        #expect(cancelled.reason == .unknown("operator"))
    }

    @Test func bareStringUserContentBecomesOneTextBlock() {
        guard case .userMessageCreated(let message) = frame("user.message.created", #"{"content":"Daily digest","run_id":"r"}"#).event else {
            Issue.record("expected user.message.created"); return
        }
        #expect(message.content == [.text("Daily digest")])
    }

    @Test func numericContextCountsAreAcceptedToo() {
        guard case .modelRequestStarted(let request) = frame("model.request.started", #"{"context_total_tokens":5120,"context_epoch":"2","step_number":3}"#).event else {
            Issue.record("expected model.request.started"); return
        }
        #expect(request.contextTotalTokens == 5120 && request.contextEpoch == 2 && request.stepNumber == 3)
        #expect(request.contextCapacityTokens == nil)
    }

    @Test func unknownFieldsAndTypesAreTolerated() {
        let approval = frame("approval.requested", #"{"approval_id":"a1","brand_new":{"x":[1]},"run_id":"r"}"#, id: "5")
        #expect(approval.event == .approvalRequested(try! JSONDecoder().decode(RunEvent.ApprovalRequested.self, from: Data(#"{"approval_id":"a1"}"#.utf8))))
        let unknown = frame("run.teleported", #"{"where":"moon","run_id":"r"}"#, id: "6")
        #expect(unknown.event == .unknown(type: "run.teleported", payload: .object(["where": .string("moon"), "run_id": .string("r")])))
        #expect(unknown.sequence == 6 && unknown.runID == "r" && !unknown.isTerminal)
        let diagnostic = frame("skill.background_review.started", "{}", id: "7")
        #expect(diagnostic.event == .diagnostic(type: "skill.background_review.started", payload: .object([:])))
        #expect(frame("context.compacted", #"{"tokens":3}"#).event == .diagnostic(type: "context.compacted", payload: .object(["tokens": .int(3)])))
    }

    @Test func malformedKnownPayloadIsReportedNotThrown() {
        let missingID = frame("tool.call.completed", #"{"name":"math.calculate","run_id":"r"}"#, id: "18")
        guard case .malformed(let bad) = missingID.event else { Issue.record("expected .malformed"); return }
        #expect(bad.type == "tool.call.completed" && bad.problem.contains("call_id"))
        #expect(bad.data == #"{"name":"math.calculate","run_id":"r"}"#)
        #expect(missingID.sequence == 18 && missingID.runID == "r")

        let notJSON = frame("run.completed", "{oops", id: "19")
        guard case .malformed(let broken) = notJSON.event else { Issue.record("expected .malformed"); return }
        #expect(broken.problem.contains("not valid JSON"))
        #expect(notJSON.isTerminal, "a terminal type stays terminal even when its payload is unreadable")
        #expect(broken.description.contains("run.completed"))

        let wrongShape = frame("approval.resolved", "[1,2]")
        guard case .malformed = wrongShape.event else { Issue.record("expected .malformed"); return }

        let badContent = frame("assistant.message.completed", #"{"message":{"content":[{"kind":"text","text":5}]}}"#)
        guard case .malformed(let content) = badContent.event else { Issue.record("expected .malformed"); return }
        #expect(content.problem.contains("message.content.[0].text"))

        guard case .malformed = frame("stream.teleport", "not json").event else { Issue.record("expected .malformed"); return }
    }

    @Test func overflowFrame() {
        let overflow = frame("stream.overflow", #"{"last_sequence":812}"#)
        #expect(overflow.event == .streamOverflow(try! JSONDecoder().decode(RunEvent.StreamOverflow.self, from: Data(#"{"last_sequence":812}"#.utf8))))
        guard case .streamOverflow(let payload) = overflow.event else { return }
        #expect(payload.lastSequence == 812 && overflow.runID == nil && !overflow.isPersisted)
    }

    @Test func workingStateWithTasksAndFacts() {
        let data = #"{"source":"control_tool","working_state":{"constraints":["cheap"],"established_facts":[{"statement":"It rains","source_event_ids":[4,9],"trust_level":"user","established_at":"2026-01-01T00:00:00Z"}],"next_action":"search","objective":"Trip","open_questions":[],"tasks":[{"task_id":"t1","description":"Book","status":"in_progress","source_event_ids":[3],"trust_level":"platform","updated_at":"2026-01-01T00:00:00Z"}]}}"#
        guard case .workingStateUpdated(let update) = frame("context.working_state.updated", data).event else {
            Issue.record("expected context.working_state.updated"); return
        }
        let state = update.workingState
        #expect(state.objective == "Trip" && state.nextAction == "search" && state.constraints == ["cheap"])
        #expect(state.tasks.first?.status == .inProgress && state.tasks.first?.sourceEventIDs == [3])
        #expect(state.tasks.first?.taskID == "t1" && state.tasks.first?.description == "Book")
        #expect(state.establishedFacts.first?.statement == "It rains" && state.establishedFacts.first?.trustLevel == .user)
    }

    @Test func usageProvisional() {
        let data = #"{"attempt_id":"a","step_number":1,"usage":{"input_tokens":10,"output_tokens":3,"reasoning_tokens":null,"cost":"0.0012","cost_source":"table","provider":"p","model":"m"}}"#
        guard case .usageProvisional(let usage) = frame("usage.provisional", data).event else {
            Issue.record("expected usage.provisional"); return
        }
        #expect(usage.usage?.inputTokens == 10 && usage.usage?.reasoningTokens == nil && usage.usage?.cost == "0.0012")
    }
}
