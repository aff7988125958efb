import Foundation
import Testing
import VeetTransport
import VeetTestSupport
@testable import VeetWire

/// The fast path (`decodeFlat`, straight from the bytes) answers exactly as the
/// Foundation reference (`decodeReference`), on every recorded frame and on a
/// random corpus of payloads shaped to hit each edge the fast path refuses.
@Suite struct FlatRunEventDecodingTests {
    @Test(arguments: SSEGolden.names)
    func everyRecordedFrameDecodesAsTheReference(_ name: String) throws {
        let events = try SSEGolden.decodeWhole(try SSEGolden.body(name)).events
        for event in events {
            #expect(RunEventFrame.decode(event) == RunEventFrame.decodeReference(event), "\(name): \(event.event)")
        }
    }

    @Test func theRecordedDeltasAndLifecycleEventsTakeTheFastPath() throws {
        var fast = 0
        var total = 0
        for name in SSEGolden.names {
            for event in try SSEGolden.decodeWhole(try SSEGolden.body(name)).events {
                total += 1
                if let frame = RunEventFrame.decodeFlat(event) {
                    fast += 1
                    #expect(frame == RunEventFrame.decodeReference(event))
                }
            }
        }
        #expect(fast * 2 > total, "only \(fast) of \(total) recorded frames were flat")
    }

    @Test func aRandomCorpusDecodesAsTheReference() {
        var generator = CorpusGenerator(seed: 0x5EED_2026)
        var fast = 0
        let count = 20_000
        for _ in 0..<count {
            let event = generator.event()
            let reference = RunEventFrame.decodeReference(event)
            #expect(RunEventFrame.decode(event) == reference, "\(event.event) \(event.data)")
            if let flat = RunEventFrame.decodeFlat(event) {
                fast += 1
                #expect(flat == reference, "\(event.event) \(event.data)")
            }
        }
        // Both paths are exercised: the corpus is not all refused, nor all flat.
        #expect(fast > count / 5 && fast < count * 4 / 5, "fast path took \(fast) of \(count)")
    }

    @Test func edgesTheFastPathRefuses() {
        for data in [
            #"{"text":"a","text":"b"}"#, #"{"step_number":1.0}"#, #"{"step_number":1e2}"#,
            #"{"step_number":-0}"#, #"{"step_number":01}"#, #"{"step_number":1234567890123456789}"#,
            #"{"text":"\ud800"}"#, #"{"text":"\udc00x"}"#, "{\"text\":\"a\u{01}\"}", #"{"text":"a"} x"#,
            #"{"text":[]}"#, #"{"text":{}}"#, #"[1]"#, #"{"text":"a",}"#, #"{"text":tru}"#, "",
        ] {
            #expect(RunEventFrame.decodeFlat(SSEEvent(event: "message.delta", data: data)) == nil, "\(data)")
        }
    }

    @Test func escapesReadAsJSONDecoderReadsThem() throws {
        let event = SSEEvent(event: "message.delta",
                             data: #"{"text":"q\" b\\ s\/ \b\f\n\r\t \u00e9 \ud83d\ude00 \u0000","run_id":"r"}"#)
        let flat = try #require(RunEventFrame.decodeFlat(event))
        #expect(flat == RunEventFrame.decodeReference(event))
        guard case .messageDelta(let delta) = flat.event else { Issue.record("not a delta"); return }
        #expect(delta.text == "q\" b\\ s/ \u{08}\u{0C}\n\r\t é 😀 \u{0}")
    }
}

/// Run-event payloads built at random from the keys the payloads read and values
/// of every JSON kind, with the edges of the fast path mixed in.
private struct CorpusGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    static let types = Array(RunEventFrame.typedEventTypes).sorted()
        + ["context.compacted", "skill.background_review.done", "brand.new.event"]
    static let keys = [
        "run_id", "text", "attempt_id", "step_number", "item_index", "is_summary", "call_id", "name",
        "priority", "attempt", "lease_epoch", "worker_id", "approval_id", "resolution", "reason_code",
        "trust", "content", "question_id", "origin", "last_sequence", "version", "trigger", "full",
        "kind", "status", "reason", "source", "schedule_id", "schedule_revision", "invocation_id",
        "action_id", "trace_id", "returned", "rendered_sha256", "stop_reason", "tool_names", "terminal_status",
        "not_before", "reclaimed_epoch", "attempts", "is_error", "type", "description", "unrelated",
    ]
    static let scalars = [
        #""plain""#, #""""#, #""with \"quotes\" and \\ and \/""#, #""line\nbreak\ttab""#, #""\u00e9\u4e2d""#,
        #""\ud83d\ude00""#, #""\ud83d""#, #""32768""#, #""-5""#, #""approve_once""#, #""external_untrusted""#,
        #""é 😀""#, "0", "1", "-1", "7", "42", "-0", "01", "1.5", "2.0", "1e3", "9223372036854775807",
        "123456789012345678", "-123456789012345678", "true", "false", "null",
    ]
    static let nested = [
        "[]", "{}", #"[{"kind":"text","text":"hi"}]"#, #"{"approval_id":"a","kind":"approval"}"#,
        #"["a",1,null]"#, #"{"input_tokens":5,"cost":"0.1"}"#,
    ]

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }

    mutating func event() -> SSEEvent {
        var members: [String] = []
        let fieldCount = next(7)
        for _ in 0..<fieldCount {
            let value = next(10) == 0 ? pick(Self.nested) : pick(Self.scalars)
            let space = next(8) == 0 ? " " : ""
            members.append("\"\(pick(Self.keys))\"\(space):\(space)\(value)")
        }
        if next(3) > 0 { members.append(#""run_id":"run-1""#) }
        var data = "{" + members.joined(separator: ",") + "}"
        switch next(25) {
        case 0: data = String(data.dropLast())
        case 1: data += " "
        case 2: data = "\n" + data
        default: break
        }
        let id: String? = switch next(4) { case 0: nil; case 1: "x1"; default: String(next(1000)) }
        return SSEEvent(event: pick(Self.types), data: data, id: id)
    }
}
