import Foundation
import Testing
import VeetChat
import VeetChatCommands
import VeetConsole
import VeetTransport

/// Chat's "Needs you" read on the reference server: a pending approval and a question waiting for
/// its answer each become an item with the command that shows it.
@Suite struct ChatNeedsYouTests {
    @Test func nothingWaitingIsNoItems() async throws {
        let live = try ChatCommandsTests.Live()
        let report = await ChatNeedsYou(sender: .live(client: HTTPClient(settings: live.settings))).read()
        #expect(report == .items([]))
    }

    @Test func aPendingApprovalAndAWaitingQuestionAreItems() async throws {
        let live = try ChatCommandsTests.Live()
        _ = try await live.run("chat", "--once", "approve this", captured: ConsoleCapture())
        _ = try await live.run("chat", "--once", "Please ask me which dates", captured: ConsoleCapture())
        guard case .items(let items) = await ChatNeedsYou(sender: .live(client: HTTPClient(settings: live.settings))).read() else {
            Issue.record("not read")
            return
        }
        let approval = try #require(items.first { $0.kind == "approval" })
        #expect(approval.feature == "chat" && approval.need == "Needs your approval" && approval.tag == "approve")
        #expect(approval.command == "veet approvals show \(approval.id)")
        let question = try #require(items.first { $0.kind == "question" })
        #expect(question.need == "Needs your answer" && question.command == "veet chat --session \(question.id)")
        #expect(items.firstIndex { $0.kind == "approval" }! < items.firstIndex { $0.kind == "question" }!)
    }
}
