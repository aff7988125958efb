import Foundation

/// The scenarios that exercise every event kind a transcript reducer handles
/// (tool bundles, browser approvals, exports, reasoning summaries, deadlines, long Markdown).
extension RunDriver {
    func answerAfterClaim(_ text: String, chunkSize: Int = 16) throws {
        try claim()
        try answer(text, chunkSize: chunkSize)
    }

    func playResearch() throws {
        try claim()
        let trams = "Lisbon tram 28 timetable"
        let fares = "Lisbon public transport fares 2026"
        try callTools(
            [
                (.search("search-1", trams), .completed(
                    result: ToolResults.webSearch(query: trams, answer: "Tram 28 runs every 12 minutes from 7:00 to 23:00."),
                    trust: "external_untrusted")),
                (.search("search-2", fares), .completed(
                    result: ToolResults.webSearch(query: fares, answer: "A single ride costs 1.85 EUR with a rechargeable card."),
                    trust: "external_untrusted")),
                (.fetch("fetch-1", "https://transit.example.org/tram-28"), .completed(
                    result: "Tram 28: Martim Moniz to Campo Ourique. First car 7:00, last car 23:00, every 12 minutes.",
                    trust: "external_untrusted")),
            ], interimText: "I'll look this up in a few places. ")
        try callTools([
            (.fetch("fetch-2", "https://slow.example.net/schedule"), .failed(
                status: "failed", reasonCode: "tool.timeout", message: "The tool did not finish in time.", retryable: true,
                remediation: "modify_arguments")),
            (.fetch("fetch-3", "https://blocked.example.com/fares"), .failed(
                status: "failed", reasonCode: "tool.web.provider_rejected", message: "The web provider rejected the request.",
                retryable: false, remediation: "none", externalText: "403 Forbidden: automated access is not allowed.")),
            (.fetch("fetch-4", "https://offline.example.org/map"), .failed(
                status: "unavailable", reasonCode: "tool.unavailable", message: "The tool is not available right now.",
                retryable: true, remediation: "none")),
            (.fetch("fetch-5", "https://transit.example.org/old-timetable"), .completed(
                result: "HTTP 404: the page was not found.", isError: true, trust: "external_untrusted")),
            (.readOnly("workspace.read_text", "read-1", ["path": "notes/lisbon.md"]), .completed(
                result: #"{"byte_count":58,"content":"Day 1: Alfama walk\nDay 2: Belém\nDay 3: tram 28 and Graça\n","path":"notes/lisbon.md"}"#)),
            (ToolProposal(
                name: "sandbox.run_command", callID: "cmd-1", arguments: ["command": "python3 fares.py --rides 9"],
                risk: "MEDIUM", policyReason: "policy.matrix.sandbox_execute"), .completed(
                result: #"{"duration_ms":412,"exit_code":0,"stderr":"","stdout":"9 rides x 1.85 EUR = 16.65 EUR\n"}"#)),
        ])
        try callTools([
            (ToolProposal(
                name: "calendar.create_event", callID: "calendar-1",
                arguments: ["start": "2026-09-12T09:00:00+01:00", "title": "Tram 28 ride"], risk: "MEDIUM",
                policyReason: "policy.matrix.calendar_write"), .uncertain(
                reasonCode: "tool.outcome_unknown", message: "The tool may or may not have completed its effect.")),
            (ToolProposal(
                name: "email.send", callID: "mail-1", arguments: ["subject": "Tram times", "to": "friend@example.com"],
                risk: "HIGH", policyReason: "policy.matrix.external_send"), .policyDenied(
                reasonCode: "policy.denied", message: "Not performed. Policy does not allow this action.")),
        ])
        try answer(
            """
            Tram 28 runs every 12 minutes between 7:00 and 23:00, and nine rides cost 16.65 EUR with a \
            rechargeable card. Two sources could not be read (one timed out, one refused automated access), \
            the calendar entry may not have been created, and I was not allowed to send the email.
            """, chunkSize: 48)
    }

    func playFetchOutcomes() throws {
        try claim()
        try callTools([
            (.fetch("fetch-1", "https://news.example.org/briefing"), .completed(
                result: "Morning briefing: markets steady, rain expected after noon.", trust: "external_untrusted")),
            (.fetch("fetch-2", "https://paywall.example.com/story"), .failed(
                status: "failed", reasonCode: "tool.web.provider_rejected", message: "The web provider rejected the request.",
                retryable: false, remediation: "none")),
            (.fetch("fetch-3", "https://down.example.net/"), .failed(
                status: "unavailable", reasonCode: "tool.unavailable", message: "The tool is not available right now.",
                retryable: true, remediation: "none")),
            (.fetch("fetch-4", "https://slow.example.net/feed"), .failed(
                status: "failed", reasonCode: "tool.timeout", message: "The tool did not finish in time.", retryable: true,
                remediation: "modify_arguments")),
            (.fetch("fetch-5", "https://news.example.org/missing"), .completed(
                result: "HTTP 404: the page was not found.", isError: true, trust: "external_untrusted")),
            (.fetch("fetch-6", "news.example.org/weather"), .failed(
                status: "failed", reasonCode: "tool.arguments_invalid", message: "The tool arguments were not valid.",
                retryable: true, remediation: "modify_arguments")),
        ])
        // The corrected retry of fetch-6.
        try callTools([
            (.fetch("fetch-7", "https://news.example.org/weather"), .completed(
                result: "Weather: 18 °C, showers from 13:00.", trust: "external_untrusted"))
        ])
        try answer("Two of the seven fetches worked: the briefing and the weather (after fixing its address).", chunkSize: 32)
    }

    func continueBrowse(decision: String?) throws {
        let click = ToolProposal.browserClick
        let clicked: JSON = ["action": "click", "page": "https://www.example.org/lesson/4", "status": "done"]
        _ = try resumeApprovedCall(click, decision: decision, result: clicked)
        if decision == "deny" { return try answer("I did not open the next lesson, as you declined.") }
        if decision == "approve_for_task", let grantID = taskGrantID() {
            // The task grant covers the next routine action: no new approval.
            let typing = ToolProposal.browserType
            let attempt = try startModelStep()
            try completeResponse(
                attempt, items: [ScriptedModel.toolCallItem(typing, itemIndex: 0)], toolNames: [typing.name])
            try checkpoint("tool_pending")
            try play(
                typing, .completed(result: #"{"action":"type","characters":16,"status":"done"}"#),
                authorization: [
                    ("authorization_kind", "task_grant"), ("authorization_ref", .string(grantID)),
                    ("authorization_reason", "browser.task_grant.covered"),
                ])
            try checkpoint("tool_call")
            return try answer("I opened lesson 4 and typed your answer into the practice box.")
        }
        try answer("I opened lesson 4.")
    }

    func playExport() throws {
        try claim()
        let attempt = try startModelStep()
        let tools: [(ToolProposal, Data)] = [(.exportCSV, ExportedFiles.csv), (.exportChart, ExportedFiles.png)]
        try completeResponse(
            attempt, items: tools.enumerated().map { ScriptedModel.toolCallItem($0.element.0, itemIndex: $0.offset) },
            toolNames: tools.map(\.0.name))
        try checkpoint("tool_pending")
        var files: [ArtifactRecord] = []
        for (tool, bytes) in tools {
            try toolEvent("tool.call.proposed", tool)
            try toolEvent("tool.call.authorized", tool)
            try toolEvent("tool.call.started", tool)
            let artifact = try step { state, run in
                state.storeArtifact(
                    sessionID: run.sessionID, runID: run.id, name: tool.arguments["filename"]?.stringValue ?? "file",
                    mediaType: tool.arguments["media_type"]?.stringValue ?? "application/octet-stream", bytes: bytes)
            }
            files.append(artifact)
            // [newer] The export result names the artifact.
            let result: JSON = [
                "artifact_id": .string(artifact.id), "filename": .string(artifact.name),
                "media_type": .string(artifact.mediaType), "sha256": .string(artifact.sha256),
                "size_bytes": .int(artifact.bytes.count),
            ]
            try completeTool(tool, content: ScriptedModel.textParts(result.serialized(sortedKeys: true)))
        }
        try checkpoint("tool_call")
        try answer("I exported the budget summary as **budget-summary.csv** and a chart as **chart.png**.", files: files)
    }

    func playReasoningSummary() throws {
        try claim()
        let attempt = try startModelStep()
        try stream(["Weighing trains against flights for four days."], in: attempt, itemIndex: 0, type: "reasoning.delta")
        // Summaries arrive in pieces; a heading may be split across deltas.
        let summary = [
            "**Comparing travel", " options**\n\nTrains take longer but start in the city centre.",
            "\n\n**Checking the budget**\n\nBoth fit under 300 EUR return.",
            "\n\n**Drafting the answer**\n\nLead with the train.",
        ]
        try stream(summary, in: attempt, itemIndex: 0, type: "reasoning.delta", isSummary: true)
        let text = "Take the train: it is 40 minutes slower door to door but cheaper and calmer."
        try stream(ScriptedModel.chunks(text), in: attempt, itemIndex: 1)
        try completeResponse(attempt, outputText: text)
        try finishWithAnswer(text, itemIndex: 1)
    }

    func playDeadlineCancel() throws {
        try claim()
        try step { state, run in run.deadlineAt = state.now().adding(seconds: 1) }
        let attempt = try startModelStep()
        try stream(["Working through the ", "first of twelve files…"], in: attempt, itemIndex: 0)
        try completeResponse(attempt, outputText: "Working through the first of twelve files…")
        try pause()
        try step { state, run in
            run.deadlineAt = state.now()
            state.finish(run, as: .cancelled, event: "run.cancelled", payload: ["reason": "deadline"])
        }
    }

    func playDeadlineFailure() throws {
        try claim()
        try step { state, run in run.deadlineAt = state.now().adding(seconds: 1) }
        let attempt = try startModelStep()
        try stream(["Still comparing ", "the quotes…"], in: attempt, itemIndex: 0)
        try pause()
        try step { state, run in
            run.deadlineAt = state.now()
            fail(
                run, in: state,
                with: RunFailure(
                    reason: "deadline_exceeded", message: "the run did not finish before its deadline",
                    stepNumber: attempt.stepNumber, attemptNumber: 1, occurredAt: state.now(),
                    errorClass: "RunDeadlineExceeded", details: [:]))
        }
    }
}
