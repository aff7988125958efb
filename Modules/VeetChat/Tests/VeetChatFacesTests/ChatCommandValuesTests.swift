import Foundation
import Testing
import VeetChat
@testable import VeetChatCommands
import VeetConsole
import VeetStore
import VeetTransport
import VeetWire

/// The face's values, without a server: `--jsonl` lines, the words of a retried
/// outbox entry, the plain lines of `debug transcript`, the turn's notices.
@Suite struct ChatCommandValuesTests {
    @Test func aJSONLLineCarriesTheWireSpelling() throws {
        var line = try #require(ChangeLine(.approvalResolved(approvalID: "ap1", resolution: .approveOnce)))
        #expect(line.event == "approval_resolved")
        #expect(line.approvalID == "ap1")
        line = try #require(ChangeLine(.ended(.failed(nil))))
        #expect(line.status == "FAILED")
        #expect(ChangeLine(.resumed) == nil, "a resume is said by its status line")
        let data = try JSONEncoder().encode(ChangeLine(.approvalNeeded(approvalID: "ap2")))
        #expect(String(decoding: data, as: UTF8.self).contains("\"approval_id\":\"ap2\""))
    }

    @Test func aRetriedEntryExitsZeroOnlyWhenDelivered() {
        var outcome = RetryOutcome.sample(.delivered)
        #expect(outcome.exitCode == .success)
        #expect(outcome.text(id: 3) == "Delivered; run r1.")
        outcome = .sample(.waiting)
        outcome.retry.behind = 2
        #expect(outcome.exitCode == .failure)
        #expect(outcome.text(id: 3) == "Not sent: an earlier message (#2) of that conversation must go first; "
                + "`veet outbox retry 2` sends it, then this one follows.")
        outcome = .sample(.refused)
        outcome.retry.reason = "too large"
        #expect(outcome.text(id: 3) == "#3 was refused by the server (too large); it will not be sent again. "
                + "`veet outbox discard 3` removes it.")
    }

    @Test func aRetryOutcomeEncodesItsIdAsAStringAndUnknownsAsNull() throws {
        let data = try JSONEncoder().encode(RetryOutcome.sample(.busy))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["id"] as? String == "3")
        #expect(object["result"] as? String == "busy")
        #expect(object["reason"] is NSNull)
    }

    @Test func debugTranscriptLinesAreOneLineEach() {
        #expect(DebugTranscript.plain(.message(role: .user, text: "hello\nthere")) == "You: hello⏎there")
        #expect(DebugTranscript.plain(.thinking(heading: nil)) == "Thinking: ...")
        #expect(DebugTranscript.plain(.failure(reason: "model_error", message: "boom", step: 2, attempt: nil))
                == "The run failed: boom (model_error, step 2)")
    }

    @Test func theFollowingNoticeNamesTheRunAndHowToStopIt() {
        let text = TerminalTurnView.followingNotice(runID: "r9", status: .waitingForApproval)
        #expect(text.hasPrefix("A reply is already running in this conversation (waiting for approval): "))
        #expect(text.hasSuffix("`veet run cancel r9` stops it (or Ctrl-C)."))
    }
}

extension RetryOutcome {
    /// An outcome of entry #3 of an existing conversation.
    static func sample(_ result: OutboxRetry.Result) -> RetryOutcome {
        RetryOutcome(OutboxRetry(entryID: 3, result: result, sessionID: "s1", runID: "r1"))
    }
}
