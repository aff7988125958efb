import Foundation
import VeetChat
import VeetTransport
import VeetWire

/// Run control: cancel, questions (`/input`) and approvals (docs/wire/README.md §9 rows
/// 9–13, docs/wire/sessions-runs.md §3.3–§5). A question or an approval needs the agent
/// to ask for one: the prompts use the fixture's keywords, and a server whose
/// agent does not ask gets SKIP lines, not failures.
extension Conformance {
    /// Where a run stopped first.
    enum RunStop: Sendable {
        case question(String?)
        case approval(String?)
        case ended(String)
    }

    mutating func checkRunControl() async {
        guard let api = try? target.api() else { return }
        var sessions: [String] = []
        var cancelRun = ""

        await check("POST /v1/runs/{id}/cancel (live run: CANCELLED, or RUNNING with cancel_requested_at)", .chat) {
            let session = try await api.createSession()
            sessions.append(session.id)
            cancelRun = try await api.submit(sessionID: session.id, content: [.text("Reply slowly, please: slow")],
                                             key: IdempotencyKey()).runID
            let view = try await api.cancel(runID: cancelRun)
            switch view.status {
            case .running: return view.cancelRequestedAt == nil ? "RUNNING without cancel_requested_at" : nil
            case .queued, .waitingForUser, .waitingForApproval: return "status \(view.status) after cancel"
            default: return nil  // cancelled at once, or it had already finished (200, unchanged)
            }
        }
        await check("GET /v1/runs/{id}/events after cancel (ends with run.cancelled)", .chat) {
            let end = try await Self.frames(api, runID: cancelRun).first { RunEvent.terminalTypes.contains($0.type) }?.type
            let run = try await api.run(id: cancelRun)
            guard let end else { return "no terminal event" }
            return (end == "run.cancelled") == (run.status == .cancelled) ? nil : "the stream ended with \(end), the run is \(run.status)"
        }
        await check("POST /v1/runs/{id}/cancel (finished run: 200, unchanged)", .chat) {
            let before = try await api.run(id: cancelRun)
            let after = try await api.cancel(runID: cancelRun)
            return after.status == before.status ? nil : "status went from \(before.status) to \(after.status)"
        }
        await check("POST /v1/runs/{unknown}/cancel → 404 envelope", .chat) {
            await Self.expectError(404, .notFound) { _ = try await api.cancel(runID: Self.unknownID) }
        }
        await check("POST /v1/runs/{id}/input (run not waiting → 409 invalid_state_transition)", .chat) {
            await Self.expectError(409, .invalidStateTransition) {
                _ = try await api.answer(runID: cancelRun, questionID: nil, text: "too late")
            }
        }

        var questionRun = ""
        var questionID: String?
        await check("POST /v1/runs/{id}/input (answer the question: 202 QUEUED)", .chat) {
            let session = try await api.createSession()
            sessions.append(session.id)
            questionRun = try await api.submit(sessionID: session.id, content: [.text("Before you start, ask me which region to use.")],
                                               key: IdempotencyKey()).runID
            guard case .question(let id) = try await Self.firstStop(api, runID: questionRun) else {
                throw NotChecked("the agent asked no question")
            }
            guard let id else { return "run.waiting_for_user without a question_id" }
            questionID = id
            let result = try await api.answer(runID: questionRun, questionID: id, text: "Use the EU region.")
            guard result.runID.lowercased() == questionRun.lowercased() else { return "the answer named run \(result.runID)" }
            return result.status == .queued ? nil : "status \(result.status), expected QUEUED"
        }
        await check("POST /v1/runs/{id}/input (same question again: 202, nothing changes; the run ends)", .chat) {
            guard let questionID else { throw NotChecked("no question was asked") }
            let again = try await api.answer(runID: questionRun, questionID: questionID, text: "Use the EU region.")
            guard again.runID.lowercased() == questionRun.lowercased() else { return "the replay named run \(again.runID)" }
            let frames = try await Self.frames(api, runID: questionRun)
            let answers = frames.filter {
                if case .userMessageCreated(let message) = $0.event { message.questionID == questionID } else { false }
            }
            guard answers.count == 1 else { return "\(answers.count) answers to the question in the stream, expected 1" }
            // Only the end is checked: the snapshot's run fails after a correct answer (docs/wire/sessions-runs.md §3.4).
            return frames.contains { RunEvent.terminalTypes.contains($0.type) } ? nil : "the run did not end after the answer"
        }

        var approvalRun = ""
        var approvalID = ""
        await check("GET /v1/approvals?status=pending&session_id (the run's approval)", .chat) {
            let session = try await api.createSession()
            sessions.append(session.id)
            approvalRun = try await api.submit(sessionID: session.id, content: [.text("Please approve writing the report file.")],
                                               key: IdempotencyKey()).runID
            guard case .approval(let id) = try await Self.firstStop(api, runID: approvalRun) else {
                throw NotChecked("the agent requested no approval")
            }
            guard let id else { return "run.waiting_for_approval without an approval id" }
            approvalID = id
            let pending = try await api.pendingApprovals(sessionID: session.id)
            return pending.contains { $0.id.lowercased() == id.lowercased() } ? nil : "the session's pending list lacks \(id)"
        }
        await check("GET /v1/approvals/{id}", .chat) {
            guard !approvalID.isEmpty else { throw NotChecked("no approval was requested") }
            let view = try await api.approval(id: approvalID)
            guard view.runID.lowercased() == approvalRun.lowercased() else { return "run_id \(view.runID), expected \(approvalRun)" }
            return view.status == .pending ? nil : "status \(view.status), expected PENDING"
        }
        await check("POST /v1/approvals/{id}/resolve (approve_once; again: 200, same view)", .chat) {
            guard !approvalID.isEmpty else { throw NotChecked("no approval was requested") }
            let first = try await api.resolve(approvalID: approvalID, decision: .approveOnce)
            guard first.status == .approved, first.decision == .approveOnce else {
                return "status \(first.status), decision \(first.decision.map { "\($0)" } ?? "null"), expected APPROVED approve_once"
            }
            let again = try await api.resolve(approvalID: approvalID, decision: .approveOnce)
            return again.status == .approved && again.resolvedAt == first.resolvedAt ? nil : "the repeat changed the approval"
        }
        await check("POST /v1/approvals/{id}/resolve (other decision → 409 approval_already_resolved)", .chat) {
            guard !approvalID.isEmpty else { throw NotChecked("no approval was requested") }
            return await Self.expectError(409, .conflict, reason: "approval_already_resolved") {
                _ = try await api.resolve(approvalID: approvalID, decision: .deny)
            }
        }
        await check("GET /v1/runs/{id}/events after approval (the run ends)", .chat) {
            guard !approvalID.isEmpty else { throw NotChecked("no approval was requested") }
            let end = try await Self.frames(api, runID: approvalRun).first { RunEvent.terminalTypes.contains($0.type) }
            return end == nil ? "no terminal event" : nil
        }
        await check("GET /v1/approvals/{unknown} → 404 envelope", .chat) {
            await Self.expectError(404, .notFound) { _ = try await api.approval(id: Self.unknownID) }
        }
        for id in sessions { try? await api.deleteSession(id: id) }
    }

    /// Follows a run's stream to its first question, approval or end (60 s at most).
    static func firstStop(_ api: ChatAPI, runID: String) async throws -> RunStop {
        try await within(60, "the event stream of run \(runID)") {
            var requested: String?
            for try await output in api.events(runID: runID).events() {
                guard case .frame(let frame) = output else { continue }
                switch frame.event {
                case .approvalRequested(let approval): requested = approval.approvalID
                case .runWaitingForApproval(let waiting): return .approval(waiting.approvalID ?? requested)
                case .runWaitingForUser(let waiting): return .question(waiting.questionID)
                default: if frame.isTerminal { return .ended(frame.type) }
                }
            }
            throw InvalidResponseError("the stream of run \(runID) ended before the run did")
        }
    }
}
