import Foundation
import Testing
import VeetFixture

/// The prompt keywords that produce every event kind a transcript reducer handles.
@Suite struct RichScenarioTests {
    static func textOf(_ frame: SSEFrame?, key: String = "message") -> String {
        let message = frame?.object[key] as? [String: Any]
        return ((message?["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
    }

    @Test func researchBundlesEveryToolOutcome() throws {
        let harness = try Harness()
        let (_, run, stream) = try harness.attachFromStart("Please research tram times")
        let frames = try stream.readToEnd()
        StreamChecks.expectWellFormed(frames, runID: run, terminal: "run.completed")
        let ends = StreamChecks.toolFrames(frames).filter { !["tool.call.proposed", "tool.call.authorized", "tool.call.started"].contains($0.event) }
        #expect(ends.map { $0.event ?? "" } == [
            "tool.call.completed", "tool.call.completed", "tool.call.completed", "tool.call.failed", "tool.call.failed",
            "tool.call.failed", "tool.call.completed", "tool.call.completed", "tool.call.completed", "tool.call.uncertain",
            "tool.call.denied",
        ])
        let names = Set(ends.compactMap { $0.object["name"] as? String })
        #expect(names == ["web.search", "web.fetch", "workspace.read_text", "sandbox.run_command", "calendar.create_event", "email.send"])
        let failures = ends.filter { $0.event == "tool.call.failed" }
        #expect(failures.map { $0.object["reason_code"] as? String } == ["tool.timeout", "tool.web.provider_rejected", "tool.unavailable"])
        #expect(failures.map { StreamChecks.outcome($0)["status"] as? String } == ["failed", "failed", "unavailable"])
        for frame in failures + ends.filter({ ["tool.call.uncertain", "tool.call.denied"].contains($0.event) }) {
            let outcome = StreamChecks.outcome(frame)
            #expect(Set(outcome.keys) == ["status", "action", "reason_code", "message", "retryable", "remediation"])
            #expect(outcome["action"] as? String == frame.object["name"] as? String)
            #expect((frame.object["result_item"] as? [String: Any])?["is_error"] as? Bool == true)
        }
        let rejected = try #require(failures.dropFirst().first?.object["result_item"] as? [String: Any])
        #expect((rejected["content"] as? [Any])?.count == 2 && rejected["trust"] as? String == "external_untrusted")
        let errorResults = ends.filter { $0.event == "tool.call.completed" && ($0.object["result_item"] as? [String: Any])?["is_error"] as? Bool == true }
        #expect(errorResults.count == 1)
        let denied = try #require(ends.last)
        #expect(!frames.contains { $0.id != nil && $0.id! > denied.id! && $0.event == "tool.call.authorized" && $0.object["call_id"] as? String == "mail-1" })
        #expect(frames.filter { $0.event == "tool.call.authorized" && $0.object["call_id"] as? String == "mail-1" }.isEmpty)
        #expect(harness.server.runStatus(run) == "COMPLETED")
        let view = try harness.request("GET", "/v1/runs/\(run)").object
        #expect(view["tool_call_count"] as? Int == 11)
    }

    @Test func fetchOutcomesIncludeACorrectedRetry() throws {
        let harness = try Harness()
        let (_, run, stream) = try harness.attachFromStart("fetch the morning briefing")
        let frames = try stream.readToEnd()
        StreamChecks.expectWellFormed(frames, runID: run, terminal: "run.completed")
        let ends = StreamChecks.toolFrames(frames).filter { ["tool.call.completed", "tool.call.failed"].contains($0.event) }
        #expect(ends.allSatisfy { $0.object["name"] as? String == "web.fetch" })
        #expect(ends.map { $0.object["reason_code"] as? String } == [
            "tool.succeeded", "tool.web.provider_rejected", "tool.unavailable", "tool.timeout", "tool.succeeded",
            "tool.arguments_invalid", "tool.succeeded",
        ])
        let invalid = StreamChecks.outcome(ends[5])
        #expect(invalid["retryable"] as? Bool == true && invalid["remediation"] as? String == "modify_arguments")
    }

    static func browserApproval(_ harness: Harness) throws -> (run: String, approval: [String: Any], stream: EventStreamReader) {
        let (_, run, stream) = try harness.attachFromStart("browse to the next lesson")
        let requested = try #require(try stream.read(untilEvent: "approval.requested"))
        let id = try #require(requested.object["approval_id"] as? String)
        return (run, try harness.request("GET", "/v1/approvals/\(id)").object, stream)
    }

    @Test func browserApprovalCarriesTheCardAndATaskGrantOffer() throws {
        let harness = try Harness()
        let (_, approval, _) = try Self.browserApproval(harness)
        #expect(approval["tool_name"] as? String == "browser.act")
        #expect(approval["action_summary"] as? String == "Click a button on www.example.org/lesson")
        let arguments = approval["arguments"] as? [String: Any] ?? [:]
        #expect(arguments["view"] as? String == "browser.act.v1")
        #expect(arguments["kind"] as? String == "click")
        #expect(arguments["element_name"] as? String == "Next lesson" && arguments["page_path"] as? String == "/lesson/3")
        let offer = try #require(approval["task_grant_offer"] as? [String: Any])
        #expect(offer["origin"] as? String == "https://www.example.org" && offer["path_prefix"] as? String == "/lesson")
        #expect(offer["duration_seconds"] as? Int == 1800 && offer["max_actions"] as? Int == 200)
        #expect(offer["max_typed_characters"] as? Int == 4096)
        #expect((offer["action_kinds"] as? [String])?.count == 6 && !(offer["summary"] as? String ?? "").isEmpty)
        #expect(approval["task_grant_id"] is NSNull && approval["task_grant_not_covered"] is NSNull)
    }

    @Test func approveForTaskNeedsTheExactOfferAndCoversTheNextAction() throws {
        let harness = try Harness()
        let (run, approval, stream) = try Self.browserApproval(harness)
        let id = try #require(approval["id"] as? String)
        let mismatch = try harness.request(
            "POST", "/v1/approvals/\(id)/resolve",
            body: #"{"decision":"approve_for_task","task_grant":{"origin":"https://www.example.org","path_prefix":"/other"}}"#)
        #expect(mismatch.status == 409)
        #expect(mismatch.errorDetails["reason"] as? String == "task_grant_offer_mismatch")
        #expect(mismatch.errorDetails["approval_id"] as? String == id)
        #expect(harness.server.pendingApprovalIDs(ofRun: run) == [id])
        let resolved = try harness.request(
            "POST", "/v1/approvals/\(id)/resolve",
            body: #"{"decision":"approve_for_task","task_grant":{"origin":"https://www.example.org","path_prefix":"/lesson"}}"#)
        #expect(resolved.status == 200)
        #expect(resolved.object["decision"] as? String == "approve_for_task" && resolved.object["status"] as? String == "APPROVED")
        let grant = try #require(resolved.object["task_grant_id"] as? String)
        let frames = try stream.readToEnd()
        #expect(frames.first { $0.event == "approval.resolved" }?.object["resolution"] as? String == "approve_for_task")
        let covered = try #require(frames.first { $0.event == "tool.call.authorized" && $0.object["call_id"] as? String == "browse-2" })
        #expect(covered.object["authorization_kind"] as? String == "task_grant")
        #expect(covered.object["authorization_ref"] as? String == grant)
        #expect(frames.last?.event == "run.completed")
        #expect(harness.server.runStatus(run) == "COMPLETED")
    }

    @Test func approveOnceAndDenyOnABrowserApproval() throws {
        for (decision, ending) in [("approve_once", "tool.call.completed"), ("deny", "tool.call.denied")] {
            let harness = try Harness()
            let (run, approval, stream) = try Self.browserApproval(harness)
            #expect(try harness.resolve(try #require(approval["id"] as? String), decision).status == 200)
            let frames = try stream.readToEnd()
            #expect(frames.contains { $0.event == ending && $0.object["call_id"] as? String == "browse-1" })
            #expect(!frames.contains { $0.object["call_id"] as? String == "browse-2" })
            #expect(harness.server.runStatus(run) == "COMPLETED")
        }
    }

    @Test func approveForTaskWithoutAnOfferIsUnavailable() throws {
        let harness = try Harness()
        let (_, _, stream) = try harness.attachFromStart("please approve this write")
        let id = try #require(try stream.read(untilEvent: "approval.requested")?.object["approval_id"] as? String)
        let response = try harness.request(
            "POST", "/v1/approvals/\(id)/resolve",
            body: #"{"decision":"approve_for_task","task_grant":{"origin":"https://www.example.org","path_prefix":"/lesson"}}"#)
        #expect(response.status == 409 && response.errorDetails["reason"] as? String == "task_grant_unavailable")
        #expect(try harness.request("GET", "/v1/approvals/\(id)").object["status"] as? String == "PENDING")
    }

    @Test func longApprovalArgumentIsCutWithADigest() throws {
        let harness = try Harness()
        let (_, run, stream) = try harness.attachFromStart("approve a long note")
        let id = try #require(try stream.read(untilEvent: "approval.requested")?.object["approval_id"] as? String)
        let approval = try harness.request("GET", "/v1/approvals/\(id)").object
        let content = (approval["arguments"] as? [String: Any])?["content"] as? String ?? ""
        #expect(content.hasSuffix("…[TRUNCATED]") && content.count == 512 + "…[TRUNCATED]".count)
        let digests = approval["argument_digests"] as? [String: String] ?? [:]
        #expect(Array(digests.keys) == ["content"] && digests["content"]?.count == 64)
        #expect(try harness.resolve(id, "approve_once").status == 200)
        _ = try stream.readToEnd()
        #expect(harness.server.runStatus(run) == "COMPLETED")
    }

    @Test func exportedFilesArriveAsFilePartsWithRealBytes() throws {
        let harness = try Harness()
        let (session, run, stream) = try harness.attachFromStart("export the budget")
        let frames = try stream.readToEnd()
        StreamChecks.expectWellFormed(frames, runID: run, terminal: "run.completed")
        let message = frames.first { $0.event == "assistant.message.completed" }?.object["message"] as? [String: Any]
        let parts = message?["content"] as? [[String: Any]] ?? []
        #expect(parts.map { $0["kind"] as? String } == ["text", "file", "file"])
        #expect(parts.dropFirst().map { $0["filename"] as? String } == ["budget-summary.csv", "chart.png"])
        let final = frames.last?.object["final_message"] as? [String: Any]
        #expect((final?["content"] as? [[String: Any]])?.count == 3)
        let items = try harness.request("GET", "/v1/sessions/\(session)/messages").object["items"] as? [[String: Any]] ?? []
        let blocks = items.last?["content"] as? [[String: Any]] ?? []
        #expect(blocks.map { $0["type"] as? String } == ["text", "file", "file"])
        for part in parts.dropFirst() {
            let id = try #require(part["artifact_id"] as? String)
            let view = try harness.request("GET", "/v1/artifacts/\(id)").object
            #expect(view["run_id"] as? String == run)
            let content = try harness.request("GET", "/v1/artifacts/\(id)/content")
            #expect(content.status == 200 && content.body.count == part["size_bytes"] as? Int)
            let etag = try #require(content.header("etag"))
            #expect(try harness.request("GET", "/v1/artifacts/\(id)/content", headers: [("If-None-Match", etag)]).status == 304)
        }
        let png = try harness.request("GET", "/v1/artifacts/\(try #require(parts[2]["artifact_id"] as? String))/content")
        #expect(png.body.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(png.header("content-type") == "image/png")
    }

    @Test func reasoningSummariesCarryBoldHeadingsBeforeTheAnswer() throws {
        let harness = try Harness()
        let (_, run, stream) = try harness.attachFromStart("summarize your thinking about trains")
        let frames = try stream.readToEnd()
        StreamChecks.expectWellFormed(frames, runID: run, terminal: "run.completed")
        let reasoning = frames.filter { $0.event == "reasoning.delta" }
        #expect(reasoning.first?.object["is_summary"] as? Bool == false)
        let summary = reasoning.filter { $0.object["is_summary"] as? Bool == true }.compactMap { $0.object["text"] as? String }.joined()
        #expect(summary.hasPrefix("**Comparing travel options**") && summary.contains("**Drafting the answer**"))
        #expect(reasoning.allSatisfy { $0.object["item_index"] as? Int == 0 && $0.id == nil })
        let firstAnswer = try #require(frames.firstIndex { $0.event == "message.delta" })
        #expect(frames.lastIndex { $0.event == "reasoning.delta" } ?? 0 < firstAnswer)
        #expect(frames[firstAnswer].object["item_index"] as? Int == 1)
        #expect((frames.last?.object["final_message"] as? [String: Any])?["item_index"] as? Int == 1)
    }

    @Test func deadlineEndsInACancellationOrAFailure() throws {
        let harness = try Harness()
        let (_, cancelled, stream) = try harness.attachFromStart("finish before the deadline")
        let frames = try stream.readToEnd()
        StreamChecks.expectWellFormed(frames, runID: cancelled, terminal: "run.cancelled")
        #expect(frames.last?.object["reason"] as? String == "deadline")
        #expect(!frames.contains { $0.event == "assistant.message.completed" })
        let view = try harness.request("GET", "/v1/runs/\(cancelled)").object
        #expect(view["status"] as? String == "CANCELLED" && view["failure"] is NSNull)
        #expect((view["limits"] as? [String: Any])?["deadline_at"] is String)

        let (_, failed, failing) = try harness.attachFromStart("deadline failure please")
        let failedFrames = try failing.readToEnd()
        StreamChecks.expectWellFormed(failedFrames, runID: failed, terminal: "run.failed")
        let failure = failedFrames.last?.object["failure"] as? [String: Any] ?? [:]
        #expect(failure["reason"] as? String == "deadline_exceeded")
        #expect(Set(failure.keys) == ["reason", "message", "step_number", "attempt_number", "occurred_at", "error_class", "details"])
        let failedView = try harness.request("GET", "/v1/runs/\(failed)").object
        #expect((failedView["failure"] as? [String: Any])?["reason"] as? String == "deadline_exceeded")
    }

    @Test func longMarkdownHasTablesCodeTaskListsAndLinks() throws {
        let harness = try Harness()
        let (_, run, stream) = try harness.attachFromStart("show me the long markdown")
        let frames = try stream.readToEnd()
        StreamChecks.expectWellFormed(frames, runID: run, terminal: "run.completed")
        let text = Self.textOf(frames.first { $0.event == "assistant.message.completed" })
        for piece in ["# Trip planning", "|:----------|", "```swift", "```sh", "- [x] ", "- [ ] ", "](https://", "](mailto:",
                      "javascript:", "> Travel tip", "\n---\n", "~~outdated~~", "\n    an indented code block"] {
            #expect(text.contains(piece), "missing \(piece)")
        }
        #expect(text.count > 2000)
        let streamed = frames.filter { $0.event == "message.delta" }.compactMap { $0.object["text"] as? String }.joined()
        #expect(streamed == text)
    }

    @Test(arguments: [
        ("research this", "research"), ("fetch it", "fetch"), ("browse the site", "brows"), ("export a file", "export"),
        ("reasoning summary please", "summary"), ("deadline", "deadline"), ("markdown", "markdown"), ("a long answer", "long"),
    ])
    func keywordsDoNotDisturbTheOlderScenarios(prompt: String, keyword: String) throws {
        // Older keywords win over newer ones where both appear.
        let harness = try Harness()
        let (_, run, stream) = try harness.attachFromStart("please approve: \(prompt)")
        #expect(try stream.read(untilEvent: "approval.requested") != nil, "\(keyword)")
        _ = try harness.cancel(run)
    }
}
