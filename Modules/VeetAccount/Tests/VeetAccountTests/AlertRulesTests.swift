import Foundation
import Testing
import VeetAccount
import VeetTestSupport
import VeetTransport
import VeetWire

/// The notification rules with an injected clock: nothing here sleeps.
@Suite(.timeLimit(.minutes(1))) struct AlertRulesTests {
    let start = Date(timeIntervalSince1970: 1_790_000_000)

    func approval(_ id: String = "ap-1", session: String = "s-1", run: String = "r-1", tool: String? = nil) -> AlertCandidate {
        AlertCandidate(kind: .approval, targets: NotificationTargets(sessionID: session, runID: run, approvalID: id),
                       toolName: tool)
    }

    func raised(_ signal: AlertSignal?) -> AlertCandidate? {
        if case .raise(let candidate)? = signal { return candidate }
        return nil
    }

    @Test func anApprovalWaitsThirtySecondsThenAlertsOnce() {
        var board = AlertBoard()
        let result1 = board.offer(approval(), now: start)
        #expect(result1)
        #expect(board.nextDue == start.addingTimeInterval(30))
        let result2 = board.takeDue(now: start.addingTimeInterval(29.9))
        #expect(result2.isEmpty)
        let result3 = board.takeDue(now: start.addingTimeInterval(30))
        #expect(result3.map(\.key) == ["approval:ap-1"])
        let result4 = board.takeDue(now: start.addingTimeInterval(90))
        #expect(result4.isEmpty)
        // The inbox repeating the same approval later raises nothing new.
        let result5 = board.offer(approval(), now: start.addingTimeInterval(100))
        #expect(!result5)
    }

    @Test func aResolutionElsewhereDuringTheHoldCancelsTheAlert() {
        var board = AlertBoard()
        board.offer(approval(), now: start)
        board.apply(.resolve(key: "approval:ap-1"), now: start.addingTimeInterval(12))
        let result6 = board.takeDue(now: start.addingTimeInterval(31))
        #expect(result6.isEmpty)
        #expect(board.pending.isEmpty && board.isSettled("approval:ap-1"))
        let result7 = board.offer(approval(), now: start.addingTimeInterval(40))
        #expect(!result7)
    }

    @Test func aRunThatMovesOnCancelsItsApprovalsAndQuestionsButNotOthers() {
        var board = AlertBoard()
        board.offer(approval(), now: start)
        board.offer(AlertCandidate(kind: .question, targets: NotificationTargets(sessionID: "s-1", runID: "r-1", questionID: "q")),
                    now: start)
        board.offer(approval("ap-2", session: "s-2", run: "r-2"), now: start)
        board.apply(.runMovedOn(runID: "r-1"), now: start.addingTimeInterval(5))
        let result8 = board.takeDue(now: start.addingTimeInterval(30))
        #expect(result8.map(\.key) == ["approval:ap-2"])
    }

    @Test func aFailureIsToldAtOnce() {
        var board = AlertBoard()
        board.offer(AlertCandidate(kind: .runFailed, targets: NotificationTargets(sessionID: "s", runID: "r")), now: start)
        let result9 = board.takeDue(now: start)
        #expect(result9.map(\.kind) == [.runFailed])
    }

    @Test func aVisibleConversationSuppressesItsAlerts() {
        var board = AlertBoard()
        // Visible when offered.
        board.offer(approval("a"), now: start, visibleSessions: ["s-1"])
        // Shown by a client during the hold, then closed again.
        board.offer(approval("b", session: "s-2"), now: start)
        board.noteVisible(["s-2"])
        // Visible when it comes due.
        board.offer(approval("c", session: "s-3"), now: start)
        // Never visible.
        board.offer(approval("d", session: "s-4"), now: start)
        let raised = board.takeDue(now: start.addingTimeInterval(30), visibleSessions: ["s-3"])
        #expect(raised.map(\.key) == ["approval:d"])
        #expect(board.pending.isEmpty)
    }

    @Test func theHoldIsInjectable() {
        var board = AlertBoard(hold: 0.5)
        board.offer(approval(), now: start)
        let result10 = board.takeDue(now: start.addingTimeInterval(0.5))
        #expect(result10.count == 1)
    }

    @Test func wordingPerKindCarriesNamesNotContent() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let withTool = AlertWording.alert(for: approval(tool: "workspace.write_text"), timeZone: utc)
        #expect(withTool.title == "Approval needed")
        #expect(withTool.body == "The agent wants to use workspace.write_text. Approve or deny it.")
        #expect(withTool.actions.map(\.label) == ["Approve once", "Deny"])
        #expect(withTool.actions.map(\.id) == ["approve_once", "deny"])
        #expect(withTool.urgency == "critical")

        let question = AlertWording.alert(for: AlertCandidate(kind: .question, targets: NotificationTargets(runID: "r")))
        #expect(question.title == "The agent has a question" && question.actions.isEmpty)
        let failed = AlertWording.alert(for: AlertCandidate(kind: .runFailed, targets: NotificationTargets(runID: "r")))
        #expect(failed.title == "Run failed" && failed.urgency == "normal")

        let facts = ScheduleFacts(title: "Morning briefing", occurrenceTime: Date(timeIntervalSince1970: 1_789_905_600))
        let finished = AlertWording.alert(for: AlertCandidate(kind: .scheduleRunFinished,
                                                               targets: NotificationTargets(scheduleID: "sc", occurrenceID: "o"),
                                                               schedule: facts), timeZone: utc)
        #expect(finished.title == "Scheduled run finished")
        #expect(finished.body == "“Morning briefing” ran for 2026-09-20 12:00. Open it to see the result.")
        let skipped = AlertWording.alert(for: AlertCandidate(kind: .scheduleOccurrenceSkipped,
                                                              targets: NotificationTargets(scheduleID: "sc", occurrenceID: "o"),
                                                              schedule: facts), timeZone: utc)
        #expect(skipped.title == "Scheduled run skipped")
        #expect(skipped.body == "“Morning briefing” did not run for 2026-09-20 12:00.")
        // A tool name is cleaned to one short line.
        let odd = AlertWording.alert(for: approval(tool: "evil\nname" + String(repeating: "x", count: 200)))
        #expect(!odd.body.contains("\n") && odd.body.count < 140)
    }

    @Test func noConversationTextReachesAnAlert() throws {
        let secret = "SECRET-CONVERSATION-TEXT"
        let json = """
            {"notification": {"id": "n1", "kind": "question_asked", "session_id": "s", "run_id": "r", "question_id": "q",
              "payload": {"title": "\(secret)", "question": "\(secret)", "message": "\(secret)",
                          "arguments": {"content": "\(secret)"}, "tool_name": "\(secret)"},
              "status": "dispatched", "created_at": "2026-08-22T18:05:10Z"}, "deliveries": []}
            """
        let item = try JSONDecoder().decode(NotificationItem.self, from: Data(json.utf8))
        let candidate = try #require(AlertCandidate(item))
        let alert = AlertWording.alert(for: candidate)
        for text in [alert.title, alert.body] + alert.actions.map(\.label) { #expect(!text.contains(secret)) }
        #expect(candidate.toolName == nil)
    }

    /// Live signals come from VeetChat's transcript through veetd (`RunChangesTests.liveEventsSayWhatTheOwnerIsNeededFor`);
    /// here: the candidates veetd builds from them carry the same keys as the inbox's, so one event alerts once.
    @Test func liveCandidatesShareTheInboxKeys() {
        let approval = AlertCandidate(kind: .approval, targets: NotificationTargets(sessionID: "s", runID: "r", approvalID: "ap-9"))
        #expect(approval.key == "approval:ap-9")
        #expect(AlertCandidate(kind: .question, targets: NotificationTargets(runID: "r", questionID: "q-1")).key == "question:q-1")
        #expect(AlertCandidate(kind: .runFailed, targets: NotificationTargets(runID: "r")).key == "run_failed:r")
        var board = AlertBoard(hold: 30)
        let now = Date()
        _ = board.apply(.raise(approval), now: now)
        #expect(board.pending[approval.key] != nil)
        _ = board.apply(.resolve(key: approval.key), now: now)
        #expect(board.takeDue(now: now.addingTimeInterval(60)).isEmpty)
        #expect(board.isSettled(approval.key))
    }

    @Test func theInboxRaisesEachFreshItemOnceAndSkipsHistory() throws {
        func item(_ id: String, _ kind: String, created: Date, status: String = "dispatched") throws -> NotificationItem {
            let json = """
                {"notification": {"id": "\(id)", "kind": "\(kind)", "session_id": "s", "run_id": "r-\(id)",
                  "approval_id": "a-\(id)", "status": "\(status)", "created_at": "\(ISO8601DateFormatter().string(from: created))",
                  "payload": {"tool_name": "demo.tool"}}}
                """
            return try JSONDecoder().decode(NotificationItem.self, from: Data(json.utf8))
        }
        var watermark = InboxWatermark(freshness: 120)
        let old = try item("old", "approval_requested", created: start.addingTimeInterval(-600))
        let fresh = try item("fresh", "approval_requested", created: start.addingTimeInterval(-10))
        let ops = try item("ops", "ops_alert", created: start)
        let first = watermark.signals(from: [ops, fresh, old], now: start)
        #expect(first.count == 1)
        #expect(raised(first.first)?.toolName == "demo.tool")
        let result11 = watermark.signals(from: [fresh, old], now: start.addingTimeInterval(30))
        #expect(result11.isEmpty)
        let superseded = try item("fresh", "approval_requested", created: start, status: "superseded")
        let result12 = watermark.signals(from: [superseded], now: start.addingTimeInterval(31))
        #expect(result12 == [.resolve(key: "approval:a-fresh")])
    }

    /// docs/wire/calls.md §9: a `call_finished` item names only its call; the alert says the fixed title,
    /// no call content (not even the payload's stray text), is told at once and keys on the call.
    @Test func aFinishedCallAlertsAtOnceWithTheFixedWordsAndItsCall() throws {
        let call = "5f0c2a9e-8d41-4b7a-9e36-2c1d7f4a8b90"
        func item(_ payload: String) throws -> NotificationItem {
            let json = """
                {"notification": {"id": "n-call", "kind": "call_finished", "session_id": null, "run_id": null,
                  "payload": {\(payload)}, "status": "dispatched", "created_at": "2026-09-20T17:06:00Z"}, "deliveries": []}
                """
            return try JSONDecoder().decode(NotificationItem.self, from: Data(json.utf8))
        }
        let decoded = try item(#""kind": "call_finished", "title": "New call result", "call_id": "\#(call)", "session_id": "s", "summary": "SECRET""#)
        #expect(decoded.targets == NotificationTargets(callID: call), "only the call's id is kept")
        let candidate = try #require(AlertCandidate(decoded))
        #expect(candidate.kind == .callFinished && !candidate.kind.isHeld)
        #expect(candidate.key == "call_finished:\(call)")
        let alert = AlertWording.alert(for: candidate)
        #expect(alert.title == "New call result")
        #expect(alert.body == "A phone call has ended. Open it to read its result.")
        #expect(alert.actions.isEmpty && alert.urgency == "normal" && alert.targets.callID == call)
        // Without its call there is nothing to open: no alert.
        #expect(AlertCandidate(try item(#""kind": "call_finished", "call_id": null"#)) == nil)
        // Told at once, and once.
        var board = AlertBoard(hold: 30)
        let offered = board.offer(candidate, now: start)
        let due = board.takeDue(now: start)
        let again = board.offer(candidate, now: start)
        #expect(offered && due == [candidate] && !again)
    }

    @Test func theEnricherDropsWhatWasHandledAndFillsTheToolName() async {
        let enricher = AlertEnricher(
            approval: { id in id == "pending" ? ("workspace.write_text", true) : ("x", false) },
            runWaiting: { run in run == "waiting" },
            schedule: nil)
        let filled = await enricher.enrich(approval("pending"))
        #expect(filled?.toolName == "workspace.write_text")
        #expect(await enricher.enrich(approval("done")) == nil)
        let question = { (run: String) in AlertCandidate(kind: .question, targets: NotificationTargets(runID: run, questionID: "q")) }
        #expect(await enricher.enrich(question("waiting")) != nil)
        #expect(await enricher.enrich(question("answered")) == nil)
    }

    @Test func scheduleFactsComeFromTheScheduleRoutes() async {
        let server = ScriptedServer()
        server.on("GET", "/v1/schedules/sc/occurrences", .json(["items": [
            ScheduleFactsLookupTests.occurrence("o-2", revision: 2, at: "2026-09-21T12:00:00Z"),
            ScheduleFactsLookupTests.occurrence("o-1", revision: 2),
        ], "next_cursor": NSNull()]))
        server.on("GET", "/v1/schedules/sc", .json(ScheduleFactsLookupTests.record(title: "Morning briefing", revision: 2)))
        let lookup = ScheduleFactsLookup(sender: server.sender)
        let facts = await lookup.facts(scheduleID: "sc", occurrenceID: "o-1")
        #expect(facts == ScheduleFacts(title: "Morning briefing", occurrenceTime: Date(timeIntervalSince1970: 1_789_905_600)))
    }
}
