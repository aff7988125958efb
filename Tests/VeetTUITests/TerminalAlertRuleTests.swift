import Foundation
import Testing
@testable import veet_tui
import VeetDaemonProtocol
import VeetStore
import VeetTransport
import VeetWire

/// When veet-tui raises a terminal notification (issue 21 #5).
@Suite struct TerminalAlertRuleTests {
    let approval = AttentionItem(kind: .approval, id: "a1", runID: "r1", sessionID: "s1")
    let question = AttentionItem(kind: .question, id: "r2", runID: "r2", sessionID: "s2")

    @Test func nothingUntilTheTerminalSaysItIsAway() {
        var rule = TerminalAlertRule()
        #expect(rule.toRaise([approval], raisedByDaemon: { _ in false }).isEmpty, "no focus report: never")
        rule.focusChanged(true)
        #expect(rule.toRaise([question], raisedByDaemon: { _ in false }).isEmpty, "focused: the owner sees it")
        rule.focusChanged(false)
        #expect(rule.toRaise([approval, question], raisedByDaemon: { _ in false }).isEmpty,
                "first seen while focused (or unreported): never later")
        let later = AttentionItem(kind: .approval, id: "a9", runID: "r9", sessionID: "s9")
        #expect(rule.toRaise([approval, later], raisedByDaemon: { _ in false }) == [later])
    }

    @Test func eachItemAtMostOnce() {
        var rule = TerminalAlertRule()
        rule.focusChanged(false)
        #expect(rule.toRaise([approval, approval], raisedByDaemon: { _ in false }) == [approval])
        #expect(rule.toRaise([approval], raisedByDaemon: { _ in false }).isEmpty)
        rule.focusChanged(true)
        rule.focusChanged(false)
        #expect(rule.toRaise([approval], raisedByDaemon: { _ in false }).isEmpty, "not again after a focus change")
    }

    @Test func nothingWhenVeetdAlreadyRaisedIt() {
        var rule = TerminalAlertRule()
        rule.focusChanged(false)
        let shown = [RaisedAlert(kind: "approval", sessionID: "s1", runID: "r1", approvalID: "a1", questionID: nil)]
        let raised = rule.toRaise([approval, question], raisedByDaemon: { ChatScreen.daemonRaised($0, among: shown) })
        #expect(raised == [question])
        let failed = [RaisedAlert(kind: "run_failed", sessionID: "s3", runID: "r3", approvalID: nil, questionID: nil)]
        #expect(ChatScreen.daemonRaised(AttentionItem(kind: .finished, id: "r3", runID: "r3", sessionID: "s3"), among: failed))
        #expect(!ChatScreen.daemonRaised(AttentionItem(kind: .question, id: "r3", runID: "r3", sessionID: "s3"), among: failed))
    }

    @Test func aKeyPressMeansTheOwnerIsHere() {
        var rule = TerminalAlertRule()
        rule.focusChanged(false)
        rule.ownerActed()
        #expect(rule.focused == true)
        #expect(rule.toRaise([approval], raisedByDaemon: { _ in false }).isEmpty)
    }

    @Test func aRunThatLeftTheIndexActiveHasFinished() {
        var rule = TerminalAlertRule()
        let stamp = Timestamp("2026-12-01T10:00:00Z")
        func session(_ id: String, active: String?) -> CachedSession {
            CachedSession(id: id, createdAt: stamp, updatedAt: stamp, activeRunID: active, lastRunID: active)
        }
        #expect(rule.finishedRuns(in: [session("s1", active: "r1"), session("s2", active: "r2")]).isEmpty,
                "the first index is the starting point")
        let finished = rule.finishedRuns(in: [session("s1", active: nil), session("s2", active: "r2b")])
        #expect(finished.map(\.key) == ["finished:r1", "finished:r2"])
        #expect(finished.first?.sessionID == "s1")
        #expect(rule.finishedRuns(in: [session("s1", active: nil), session("s2", active: "r2b")]).isEmpty)
    }

    @Test func theWaitingItemsComeFromEverySource() {
        let view = ApprovalView(id: "a1", runID: "r1", sessionID: "s1", status: .pending, toolName: "demo.external_write",
                                actionSummary: "x", arguments: .object([:]), risk: .high, createdAt: "2026-12-01T10:00:00Z")
        let items = TerminalAlertRule.waiting(approvals: [view], docked: view, questionRuns: ["s2": "r2"],
                                              dockedQuestionRun: ("r2", "s2"))
        #expect(Set(items.map(\.key)) == ["approval:a1", "question:r2"])
    }
}
