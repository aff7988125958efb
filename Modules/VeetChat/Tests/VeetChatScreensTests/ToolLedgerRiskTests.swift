import Testing
import VeetChat
import VeetChatScreens

/// The ledger draws the risk the reducer gives (issue 36): each call's own, the server's from
/// its tool frames when sent, and an unattached approval's, so the bundle's highest is visible.
@Suite struct ToolLedgerRiskTests {
    @Test func everyRiskTheBundleCountsIsDrawnInItsLedger() {
        var search = ToolActivity(callID: "c1", name: "search", arguments: .object([:]))
        search.state = .completed
        var fetch = ToolActivity(callID: "c2", name: "web.fetch", arguments: .object([:]))
        fetch.state = .completed
        fetch.serverRisk = .critical
        var card = ApprovalCard(approvalID: "a1", state: .approvedOnce)
        card.toolName = "demo.external_write"
        card.risk = .high
        let bundle = ToolBundle(id: "b", calls: [search, fetch], approvals: [card])
        let texts = ToolLedger.texts(bundle, width: 80).map(\.text)
        #expect(texts.contains("search  ·  succeeded  ·  risk low"))
        #expect(texts.contains("web.fetch  ·  succeeded  ·  risk critical"))
        #expect(texts.contains("✓ Approved once · demo.external_write · risk high"))
        #expect(bundle.summary.hasSuffix("(highest risk: critical)"))
    }
}
