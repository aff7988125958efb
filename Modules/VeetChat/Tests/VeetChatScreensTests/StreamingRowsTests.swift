import Foundation
import Testing
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetTransport
import VeetWire

/// The row cache while an answer streams in after a long transcript: every
/// frame's rows are those of a cache that never saw the earlier frames, and
/// the streaming answer's lines those of a from-scratch Markdown layout,
/// with deltas that split a code fence, a table row and a list marker.
@Suite struct StreamingRowsTests {
    static let runID = "r-stream"

    static let deltas = [
        "## Plan for the week\n\nStart with the **budget**: it is 450 EUR and it has to cover ",
        "groceries, transport and one treat.", "\n\n``", "`swift\nlet budget = 450\nlet spent = [1",
        "20, 80]\n", "``", "`\n\n| item | cost |\n|:--", "---|-----:|\n| rice | 3", " |\n| bus pass | 49 |\n",
        "\nAfter the table a paragraph.\n\n-", " first point\n- second", " point with `code`\n\n  a second ",
        "paragraph in the item\n- third\n\n1. one\n2", ". two\n\n> a quote ", "continued lazily\nand more\n\nDone.",
    ]

    static func frame(_ type: String, _ body: String, sequence: Int64?) -> RunEventFrame {
        let data = "{\"run_id\":\"\(runID)\"" + (body.isEmpty ? "" : "," + body) + "}"
        return RunEventFrame.decode(SSEEvent(event: type, data: data, id: sequence.map(String.init)))
    }

    static func delta(_ text: String) -> RunEventFrame {
        let quoted = String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
        return frame("message.delta", "\"item_index\":0,\"step_number\":1,\"text\":\(quoted)", sequence: nil)
    }

    static func transcript(items: Int) -> Transcript {
        var transcript = Transcript()
        var messages: [SessionMessageView] = []
        for index in 0..<items {
            let asks = index % 2 == 0
            let text: String = asks ? "Question \(index)?" : "## Answer \(index)\n\n- a\n- `b`\n"
            let role: MessageRole = asks ? .user : .assistant
            messages.append(SessionMessageView(sequence: Int64(index + 1), role: role, content: [.text(text)]))
        }
        transcript.restore(messages)
        transcript.apply(frame("run.started", "\"attempt\":1,\"lease_epoch\":1", sequence: Int64(items + 1)))
        return transcript
    }

    @Test(arguments: [60, 120])
    func eachDeltaLaysOutAsAFreshCacheWould(width: Int) throws {
        var transcript = Self.transcript(items: 400)
        var cache = TranscriptRowCache()
        _ = cache.rows(for: transcript, width: width, expanded: [])
        for delta in Self.deltas {
            transcript.apply(Self.delta(delta))
            let rows = cache.rows(for: transcript, width: width, expanded: [])
            var fresh = TranscriptRowCache()
            let expected = fresh.rows(for: transcript, width: width, expanded: [])
            #expect(rows.rows == expected.rows)
            #expect(rows.targets == expected.targets)
            let streaming = try #require(transcript.entries.last)
            let index = try #require(rows.targets.lastIndex(of: .entry(streaming.id)))
            #expect(rows.rows[index] == TranscriptRowCache.layout(streaming, width: width))
        }
    }

    @Test func aDeltaReportsOnlyTheStreamingRowAsChanged() throws {
        var transcript = Self.transcript(items: 400)
        var cache = TranscriptRowCache()
        transcript.apply(Self.delta("Hello"))
        _ = cache.rows(for: transcript, width: 80, expanded: [])
        #expect(cache.rows(for: transcript, width: 80, expanded: []).firstChanged == nil)
        transcript.apply(Self.delta(" there"))
        let after = cache.rows(for: transcript, width: 80, expanded: [])
        let streaming = try #require(transcript.entries.last)
        #expect(after.firstChanged == after.targets.lastIndex(of: .entry(streaming.id)))
    }
}
