import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetEmail

@Suite struct FeedbackTests {
    private let thread = EmailThreadSummary(id: "t1", senders: ["Ann <ann@example.test>", "Bo <bo@example.test>"],
                                            topics: ["board", "finance"], revision: 2)

    @Test func personFeedbackNeedsAnExplicitChoiceAndChangingTargetClearsIt() {
        var form = FeedbackForm(thread: EmailThreadSummary(id: "t1", senders: ["Ann <ann@example.test>"]))
        form.judgment = .important
        form.choose(target: .person)
        #expect(form.request() == .failure(.needsChoice(["ann@example.test"])), "even one sender must be picked")
        form.choose(value: "ann@example.test")
        #expect((try? form.request().get())?.targetValue == "ann@example.test")
        form.choose(target: .topic)
        #expect(form.value == nil)
    }

    @Test func aTopicNeedsAChoiceOnlyWhenThereAreSeveral() throws {
        var form = FeedbackForm(thread: thread)
        form.judgment = .lessImportant
        form.choose(target: .topic)
        #expect(form.request() == .failure(.needsChoice(["board", "finance"])))
        form.choose(value: "finance")
        let request = try form.request().get()
        #expect(request.targetValue == "finance" && request.expectedRevision == 2)
        #expect(FeedbackReceipt(feedbackID: "f1", request: request).description
            == "Marked less important for every thread about finance.")
    }

    @Test func feedbackIsRecordedAndUndone() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/email/feedback", .json(["feedback_id": "f1", "thread": Wire.thread("t1", priority: 1)]))
        server.on("DELETE", "/v1/email/feedback/f1", .json(Wire.thread("t1", priority: 0.4)))
        let api = Wire.api(server)
        var form = FeedbackForm(thread: thread)
        form.judgment = .important
        let result = try await api.recordFeedback(try form.request().get())
        #expect(result.thread.priority == 1)
        #expect(try await api.undoFeedback(id: result.feedbackID).priority == 0.4)
        #expect(server.requests[0].jsonObject?["target"] as? String == "thread")
        #expect(server.requests[0].jsonObject?["target_value"] == nil)
    }

    @Test func learningDisclosureSaysCoverageIsRetrievalNotAnalysis() {
        #expect(LearningDisclosure.lines.contains { $0.contains("retrieved, not threads analysed") })
        #expect(LearningDisclosure.coverage(LearningState(historyProcessed: 812)) == "812 threads retrieved so far.")
    }
}
