import Foundation
import Testing
@testable import VeetChat
import VeetTestSupport
import VeetTransport
import VeetWire

/// `veet debug transcript` runs `TranscriptReplay`: every recording and one
/// stream per bundle rule go through it, and their `--json` lines are golden
/// files (`Recordings/transcript/`, `VEET_UPDATE_SNAPSHOTS=1` rewrites them).
/// The end-to-end suite runs the built command over the same streams and
/// compares its output with the same files, so app and command cannot drift.
@Suite struct TranscriptReplayTests {
    static let goldens = Golden.directory.appendingPathComponent("transcript")

    static func replay(sse: Data, messages: [SessionMessageView] = [],
                       approvals: [String: ApprovalView] = [:]) throws -> (TranscriptReplay, [SkippedFrame]) {
        var replay = TranscriptReplay(messages: messages, approvalViews: approvals)
        var decoder = SSEDecoder()
        var skipped: [SkippedFrame] = []
        for event in try decoder.feed(sse) + decoder.finish() {
            if let skip = replay.apply(RunEventFrame.decode(event)) { skipped.append(skip) }
        }
        return (replay, skipped)
    }

    /// Compares with the golden file (or writes it when asked to).
    static func checkGolden(_ name: String, _ replay: TranscriptReplay, location: SourceLocation = #_sourceLocation) throws {
        let text = replay.lines.map { $0.jsonLine + "\n" }.joined()
            + "# exit \(replay.endedWithTerminalEvent ? 0 : 1)\n"
        let url = goldens.appendingPathComponent("\(name).jsonl")
        if ProcessInfo.processInfo.environment["VEET_UPDATE_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            return
        }
        let golden = try? String(contentsOf: url, encoding: .utf8)
        #expect(golden == text, "\(name): golden differs; got:\n\(text)", sourceLocation: location)
    }

    /// The response body, as SSEGolden cuts it (timing column, then the HTTP head).
    static func body(of name: String) throws -> Data { Data(try SSEGolden.body(name)) }

    @Test(arguments: OneReducerTests.recordings.map { String($0.dropLast(4)) })
    func everyRecordingReducesToItsGolden(_ name: String) throws {
        let (replay, _) = try Self.replay(sse: try Self.body(of: name))
        try Self.checkGolden(name, replay)
    }

    // MARK: One stream per bundle rule (docs/chat.md, Tool activity: Bundles)

    /// The rule streams, also written beside their goldens for the command's end-to-end test.
    static let ruleCases: [(name: String, build: @Sendable (inout StreamScript) -> Void)] = [
        ("rule-same-tool", { s in
            s.succeed("web.search", "c1"); s.succeed("web.search", "c2"); s.succeed("web.search", "c3")
        }),
        ("rule-mixed-tools", { s in
            s.succeed("gmail.search", "c1"); s.succeed("gmail.read_thread", "c2"); s.succeed("web.fetch", "c3")
        }),
        ("rule-fetch-outcomes", { s in
            s.succeed("web.fetch", "c1")
            s.end("web.fetch", "c2", as: "tool.call.failed", status: "failed", reason: "tool.web.provider_rejected")
            s.end("web.fetch", "c3", as: "tool.call.failed", status: "unavailable", reason: "tool.unavailable")
        }),
        ("rule-error-result-fails", { s in
            s.succeed("web.fetch", "c1", result: "HTTP 500", isError: true); s.succeed("web.fetch", "c2")
        }),
        ("rule-boundary-message", { s in
            s.succeed("web.search", "c1"); s.succeed("web.search", "c2"); s.user("and also")
            s.succeed("web.search", "c3"); s.succeed("web.search", "c4")
        }),
        ("rule-boundary-unknown-tool", { s in
            s.succeed("web.search", "c1"); s.succeedUnnamed("c2"); s.succeed("web.search", "c3")
        }),
        // Newer servers (issue 36 A.2): a name without a dot is known; risk on tool frames; an
        // outcome only inside the result's text; the approval's decision on its tool's line.
        ("rule-any-name-is-known", { s in
            s.succeed("search", "c1"); s.succeed("search", "c2"); s.succeed("mystery.frobnicate", "c3")
        }),
        ("rule-risk-on-frames", { s in
            s.succeed("search", "c1", risk: "LOW"); s.succeed("web.fetch", "c2", risk: "HIGH")
            s.succeed("web.search", "c3", risk: "SEVERE")
            s.user("and alone")
            s.succeed("web.fetch", "c4", risk: "CRITICAL")
        }),
        ("rule-outcome-in-text", { s in
            s.fail("search", "c1", text: "The arguments were refused: "
                   + #"{"reason_code":"tool.invalid_arguments.query","retryable":true,"remediation":"modify_arguments"}"#)
            s.succeed("search", "c2")
            s.user("again")
            s.fail("web.fetch", "c3", text: #"{"reason_code":"tool.arguments_invalid","retryable":true,"remediation":"modify_arguments"}"#)
        }),
        ("rule-approval-on-item", { s in
            s.approvalCall("sandbox.run_command", "c1", approvalID: "a1", resolution: "approve_once"); s.user("next")
            s.approvalCall("sandbox.run_command", "c2", approvalID: "a2", resolution: "approve_for_task"); s.user("next")
            s.approvalCall("gmail.send_message", "c3", approvalID: "a3", resolution: "deny"); s.user("next")
            s.approvalCall("workspace.write_text", "c4", approvalID: "a4", resolution: nil)
        }),
        ("rule-boundary-running", { s in
            s.succeed("web.search", "c1"); s.plan("web.fetch", "c2"); s.succeed("web.search", "c3")
            s.plan("web.fetch", "c4"); s.tool("tool.call.started", "web.fetch", "c4")
        }),
        ("rule-boundary-pending-approval", { s in
            s.succeed("workspace.read_text", "c1")
            s.approvalCall("workspace.write_text", "c2", approvalID: "a1", resolution: nil)
        }),
        ("rule-boundary-policy-denial", { s in
            s.succeed("web.search", "c1")
            s.end("gmail.send_message", "c2", as: "tool.call.denied", status: "denied", reason: "policy.matrix.external_write")
            s.succeed("web.search", "c3")
        }),
        ("rule-boundary-uncertain", { s in
            s.succeed("web.search", "c1")
            s.end("gmail.send_message", "c2", as: "tool.call.uncertain", status: "uncertain", reason: "tool.outcome_unknown")
            s.succeed("web.search", "c3")
        }),
        ("rule-boundary-question", { s in
            s.succeed("web.search", "c1"); s.succeed("web.search", "c2")
            s.plan("conversation.ask_user", "ask-1", arguments: #"{"question":"Which one?"}"#)
            s.tool("tool.call.authorized", "conversation.ask_user", "ask-1")
            s.tool("tool.call.started", "conversation.ask_user", "ask-1")
            s.persisted("run.waiting_for_user", #""question_id":"q1","suspension":{"invocation_id":"q1","kind":"user","question_id":"q1"}"#)
            s.user("The first.", questionID: "q1")
            s.succeed("web.search", "c3"); s.succeed("web.search", "c4")
        }),
        ("rule-settled-approval-inside", { s in
            s.approvalCall("sandbox.run_command", "c1", approvalID: "a1", resolution: "approve_once")
            s.approvalCall("sandbox.run_command", "c2", approvalID: "a2", resolution: "approve_for_task")
            s.succeed("web.search", "c3")
        }),
        ("rule-refused-at-approval-joins-denied", { s in
            s.succeed("web.fetch", "c1")
            s.approvalCall("demo.external_write", "c2", approvalID: "a1", resolution: "deny")
            s.succeed("web.fetch", "c3")
            s.answer("Done.")
        }),
        ("rule-lone-call", { s in s.succeed("web.search", "c1"); s.answer("Found it.") }),
    ]

    @Test(arguments: ruleCases.map(\.name))
    func everyBundleRuleStreamReducesToItsGolden(_ name: String) throws {
        let build = try #require(Self.ruleCases.first { $0.name == name }).build
        var script = StreamScript()
        script.started()
        build(&script)
        let url = Self.goldens.appendingPathComponent("\(name).sse")
        if ProcessInfo.processInfo.environment["VEET_UPDATE_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
            try Data(script.text.utf8).write(to: url)
        }
        // The checked-in stream is the script's, so the command's test reads the same bytes.
        #expect((try? String(contentsOf: url, encoding: .utf8)) == script.text, "\(name).sse differs from its script")
        let (replay, skipped) = try Self.replay(sse: Data(script.text.utf8))
        #expect(skipped.isEmpty)
        try Self.checkGolden(name, replay)
    }

    @Test func bundleLinesCarryCountsToolsOutcomesTheDrawnRiskAndTheServersApart() throws {
        var script = StreamScript()
        script.started()
        script.succeed("web.fetch", "c1")
        script.end("web.fetch", "c2", as: "tool.call.failed", status: "failed", reason: "tool.web.provider_rejected")
        script.approvalCall("demo.external_write", "c3", approvalID: "a1", resolution: "approve_once")
        let view = try decodeJSON(ApprovalView.self, """
            {"id":"a1","run_id":"run-1","session_id":"s","status":"APPROVED","decision":"approve_once",
             "tool_name":"demo.external_write","action_summary":"Write.","arguments":{},"risk":"HIGH",
             "created_at":"2026-10-01T10:00:00Z"}
            """)
        let (replay, _) = try Self.replay(sse: Data(script.text.utf8), approvals: ["a1": view])
        #expect(replay.lines.map(\.jsonLine) == [
            #"{"calls":3,"kind":"bundle","outcomes":{"rejected":1,"succeeded":2},"risk":"HIGH","server_risk":"HIGH","tools":["web.fetch","demo.external_write"]}"#,
        ])
        // Without the approval read, the server said nothing of risk: the apps draw the names' own.
        let (bare, _) = try Self.replay(sse: Data(script.text.utf8))
        #expect(bare.lines.first?.json["server_risk"] == .null)
        #expect(bare.lines.first?.json["risk"] == .string("HIGH"))
    }

    /// The labels the apps draw for an outcome found only inside a result's text (the JSON
    /// counts both as `failed`, so the checked-in stream is read for the words themselves).
    @Test func theOutcomeInTextStreamReadsNeedsCorrectionAndCorrectedAndRetried() throws {
        let sse = try Data(contentsOf: Self.goldens.appendingPathComponent("rule-outcome-in-text.sse"))
        let (replay, _) = try Self.replay(sse: sse)
        guard case .bundle(_, _, _, _, _, let bundle)? = replay.lines.first else { Issue.record("no bundle"); return }
        #expect(bundle.summary == "2 tool calls: 1 succeeded, 1 corrected and retried (highest risk: low)")
        guard case .tool(_, _, _, _, _, let lone)? = replay.lines.last else { Issue.record("no lone call"); return }
        #expect(lone.statusText == "needs correction")
    }

    @Test func replayedDurableActivityIsPlacedBySequenceBeforeTheAnswer() throws {
        // The answer arrives first (live), then the run's durable history replays with lower sequences.
        var early = StreamScript(startingAt: 10)
        early.answer("The answer is 391.")
        var replayed = StreamScript()
        replayed.started()
        replayed.succeed("math.calculate", "c1", result: "391")
        let (replay, _) = try Self.replay(sse: Data((early.text + replayed.text).utf8))
        #expect(replay.lines.map { $0.json["kind"]?.stringValue } == ["tool", "message"])
    }

    @Test func restoredMessagesComeFirstAndAreNotDoubledByTheStream() throws {
        let page = try Golden.decode(Page<SessionMessageView>.self, "session-messages.json")
        let (replay, _) = try Self.replay(sse: try Self.body(of: "sse-approval"), messages: page.items)
        let messages = replay.lines.filter { $0.json["kind"]?.stringValue == "message" }
        #expect(messages.count == 3)
        #expect(messages.first?.json["text"]?.stringValue == "Please approve an external write of my notes")
    }

    @Test func unknownAndUnreadableFramesAreReportedWithTheirPositionAndSkipped() throws {
        let sse = "event: something.new\ndata: {}\n\nid: 7\nevent: run.started\ndata: [1]\n\n"
        let (replay, skipped) = try Self.replay(sse: Data(sse.utf8))
        #expect(skipped.map(\.position) == [1, 2])
        #expect(skipped[1].sequence == 7)
        #expect(skipped[1].description.hasPrefix("event 2 (id 7): "))
        #expect(!replay.endedWithTerminalEvent)
    }
}
