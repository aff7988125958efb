import Foundation
import Testing
import VeetTransport
import VeetTestSupport
@testable import VeetWire

/// The fast path (`decodeFast`, straight from the bytes, nested values
/// included) answers exactly as the Foundation reference (`decodeReference`),
/// on every recorded frame and on a random corpus of payloads shaped to hit
/// each edge the fast path refuses.
@Suite struct FastRunEventDecodingTests {
    @Test(arguments: SSEGolden.names)
    func everyRecordedFrameDecodesAsTheReference(_ name: String) throws {
        let events = try SSEGolden.decodeWhole(try SSEGolden.body(name)).events
        for event in events {
            #expect(RunEventFrame.decode(event) == RunEventFrame.decodeReference(event), "\(name): \(event.event)")
        }
    }

    @Test func almostEveryRecordedFrameTakesTheFastPath() throws {
        var fast = 0
        var total = 0
        var slow: [String] = []
        for name in SSEGolden.names {
            for event in try SSEGolden.decodeWhole(try SSEGolden.body(name)).events {
                total += 1
                if let frame = RunEventFrame.decodeFast(event) {
                    fast += 1
                    #expect(frame == RunEventFrame.decodeReference(event))
                } else {
                    slow.append(event.event)
                }
            }
        }
        #expect(fast * 100 >= total * 95, "only \(fast) of \(total) recorded frames took the fast path; not: \(slow)")
    }

    @Test func aRandomCorpusDecodesAsTheReference() {
        var generator = CorpusGenerator(seed: 0x5EED_2026)
        var fast = 0
        var nestedFast = 0
        let count = 30_000
        for _ in 0..<count {
            let event = generator.event()
            let reference = RunEventFrame.decodeReference(event)
            #expect(RunEventFrame.decode(event) == reference, "\(event.event) \(event.data)")
            if let quick = RunEventFrame.decodeFast(event) {
                fast += 1
                if event.data.dropFirst().contains(where: { $0 == "{" || $0 == "[" }) { nestedFast += 1 }
                #expect(quick == reference, "\(event.event) \(event.data)")
            }
        }
        // Both paths are exercised: the corpus is not all refused, nor all fast, and nested values take the fast path.
        #expect(fast > count / 5 && fast < count * 9 / 10, "fast path took \(fast) of \(count)")
        #expect(nestedFast > count / 10, "only \(nestedFast) nested payloads took the fast path")
    }

    @Test func aMalformedNestedPayloadIsTheReferencesFrame() {
        for (type, data) in [
            ("tool.call.completed", #"{"call_id":"c","result_item":{"content":[{"kind":"text","text":5}]}}"#),
            ("tool.call.completed", #"{"call_id":"c","result_item":[]}"#),
            ("model.response.completed", #"{"conversation_items":[{"kind":"tool_call","name":"x"}]}"#),
            ("assistant.message.completed", #"{"message":null}"#),
            ("run.failed", #"{"failure":{"step_number":"two"}}"#),
        ] {
            let event = SSEEvent(event: type, data: data, id: "3")
            let reference = RunEventFrame.decodeReference(event)
            guard case .malformed = reference.event else {
                Issue.record("\(type) \(data) is not malformed: \(reference.event)")
                continue
            }
            #expect(RunEventFrame.decodeFast(event) == nil, "\(data)")
            #expect(RunEventFrame.decode(event) == reference, "\(data)")
        }
    }

    @Test func nestedPayloadsTakeTheFastPath() throws {
        for (type, data) in [
            ("tool.call.completed", #"{"call_id":"c","name":"n","result_item":{"call_id":"c","content":[{"kind":"text","text":"{\"status\":\"failed\",\"retryable\":true}"}],"is_error":true},"run_id":"r"}"#),
            ("model.response.completed", #"{"conversation_items":[{"kind":"tool_call","call_id":"c","arguments":{"q":[1,"a",null,{"b":false}]}},{"kind":"mystery","x":{}}],"step_number":1,"tool_names":["a",2]}"#),
            ("user.message.created", #"{"content":"just text","origin":{"kind":"schedule","id":7}}"#),
            ("brand.new.event", #"{"a":[[],{}],"run_id":"r"}"#),
        ] {
            let event = SSEEvent(event: type, data: data, id: "9")
            let quick = try #require(RunEventFrame.decodeFast(event), "\(data)")
            #expect(quick == RunEventFrame.decodeReference(event), "\(data)")
        }
    }

    @Test func edgesTheReaderRefuses() {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        for data in [
            #"{"text":"a","text":"b"}"#, #"{"a":{"k":1,"k":2}}"#, #"{"t\u0065xt":"a"}"#,
            #"{"text":"\ud800"}"#, #"{"text":"\udc00x"}"#, "{\"text\":\"a\u{01}\"}", #"{"text":"a"} x"#,
            #"{"step_number":01}"#, #"{"a":1.}"#, #"{"a":-}"#, #"{"a":1e}"#, #"[1,]"#, #"{"text":"a",}"#,
            #"{"text":tru}"#, "", #"{"a":[1 2]}"#, #"{"a" 1}"#, deep, "\u{FEFF}{}",
        ] {
            var text = data
            #expect(text.withUTF8 { TapeDocument.parse($0) } == nil, "\(data)")
            #expect(RunEventFrame.decodeFast(SSEEvent(event: "message.delta", data: data)) == nil, "\(data)")
        }
        // A number that is not a plain short integer refuses only when it is read.
        for data in [#"{"step_number":1.0}"#, #"{"step_number":1e2}"#, #"{"step_number":-0}"#,
                     #"{"step_number":1234567890123456789}"#] {
            #expect(RunEventFrame.decodeFast(SSEEvent(event: "message.delta", data: data)) == nil, "\(data)")
        }
        let ignored = SSEEvent(event: "message.delta", data: #"{"text":"a","latency":1.25}"#)
        #expect(RunEventFrame.decodeFast(ignored) == RunEventFrame.decodeReference(ignored))
        #expect(RunEventFrame.decodeFast(ignored) != nil)
    }

    @Test func escapesReadAsJSONDecoderReadsThem() throws {
        let event = SSEEvent(event: "message.delta",
                             data: #"{"text":"q\" b\\ s\/ \b\f\n\r\t \u00e9 \u4e2d \ud83d\ude00 \u0000","run_id":"r"}"#)
        let quick = try #require(RunEventFrame.decodeFast(event))
        #expect(quick == RunEventFrame.decodeReference(event))
        guard case .messageDelta(let delta) = quick.event else { Issue.record("not a delta"); return }
        #expect(delta.text == "q\" b\\ s/ \u{08}\u{0C}\n\r\t é 中 😀 \u{0}")
    }

    /// The string scan reads eight bytes at a time: a quote, escape or control character at every offset of a word.
    @Test func specialBytesAreSeenAtEveryOffset() {
        for special in [#"\""#, #"\\"#, #"\n"#, #"\u00e9"#, "é", "\u{01}", "\u{1F}", " ", "~", "\u{7F}", "😀"] {
            for offset in 0..<20 {
                let text = String(repeating: "a", count: offset) + special + String(repeating: "b", count: 11)
                let event = SSEEvent(event: "message.delta", data: #"{"text":""# + text + #"","run_id":"r"}"#)
                let reference = RunEventFrame.decodeReference(event)
                #expect(RunEventFrame.decode(event) == reference, "\(offset) \(special)")
                if special.unicodeScalars.allSatisfy({ $0.value >= 0x20 }) {
                    #expect(RunEventFrame.decodeFast(event) == reference, "\(offset) \(special)")
                } else {
                    #expect(RunEventFrame.decodeFast(event) == nil, "\(offset) \(special)")
                }
            }
        }
    }

    @Test func anOutcomeDocumentReadsAsJSONDecoderReadsIt() {
        for text in [#"{"status":"failed","retryable":true,"remediation":"none","n":[1,{"x":null}]}"#,
                     #"{"status":"failed","cost":0.5}"#, #"{"status":1}"#, #"{"status":"ok""#, "{}"] {
            let reference = try? WireJSON.decoder().decode(JSONValue.self, from: Data(text.utf8))
            let tape = TapeDocument.jsonValue(of: text)
            if let tape { #expect(tape == reference, "\(text)") }
        }
        // A fraction is refused by the tape reader; the outcome is still read (through JSONDecoder).
        #expect(TapeDocument.jsonValue(of: #"{"cost":0.5}"#) == nil)
        #expect(RunEvent.ToolOutcome(documentText: #"{"status":"failed","cost":0.5}"#)?.status == .failed)
        #expect(RunEvent.ToolOutcome(documentText: #"{"status":"failed","retryable":true}"#)?.retryable == true)
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
    static let nestedKeys = [
        "content", "result_item", "conversation_items", "arguments", "raw_arguments", "parse_error", "usage",
        "input_tokens", "cost", "suspension", "failure", "message", "final_message", "details", "working_state",
        "tasks", "objective", "established_facts", "open_questions", "constraints", "source_event_ids",
        "source_event_sequence", "artifact_id", "media_type", "detail", "filename", "origin", "step_number",
        "attempt_number", "error_class", "occurred_at", "kind", "type", "text", "call_id", "is_error", "name",
    ]
    static let kinds = [#""text""#, #""image""#, #""file""#, #""assistant""#, #""tool_call""#, #""tool_result""#,
                        #""approval""#, #""mystery""#, "3", "null"]
    static let numbers = ["1.5", "2.0", "1e3", "-0", "12345678901234567890", "0.1"]

    /// A value for `key`, nested up to `depth` more levels: mostly the shape the payload expects, sometimes not.
    mutating func value(for key: String, depth: Int) -> String {
        guard depth > 0, next(3) > 0 else {
            if key == "kind" || key == "type", next(2) == 0 { return pick(Self.kinds) }
            return next(12) == 0 ? pick(Self.numbers) : pick(Self.scalars)
        }
        switch key {
        case "content", "conversation_items", "tasks", "established_facts", "returned":
            if next(6) == 0 { return next(2) == 0 ? #""bare text""# : pick(Self.scalars) }
            return array(depth: depth - 1)
        case "tool_names", "constraints", "open_questions", "source_event_ids":
            return "[" + (0..<next(4)).map { _ in next(4) == 0 ? pick(Self.numbers) : pick(Self.scalars) }
                .joined(separator: ",") + "]"
        default:
            return next(4) == 0 ? array(depth: depth - 1) : object(depth: depth - 1)
        }
    }

    mutating func array(depth: Int) -> String {
        "[" + (0..<next(4)).map { _ in next(5) == 0 ? value(for: "x", depth: depth) : object(depth: depth) }
            .joined(separator: ",") + "]"
    }

    mutating func object(depth: Int) -> String {
        var members: [String] = []
        if next(3) > 0 { members.append("\"\(next(2) == 0 ? "kind" : "type")\":\(pick(Self.kinds))") }
        for _ in 0..<next(5) {
            let key = pick(Self.nestedKeys)
            members.append("\"\(key)\":\(value(for: key, depth: depth))")
        }
        if next(30) == 0, let first = members.first { members.append(first) }  // a repeated key
        return "{" + members.joined(separator: ",") + "}"
    }

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }

    mutating func event() -> SSEEvent {
        var members: [String] = []
        let fieldCount = next(7)
        for _ in 0..<fieldCount {
            let key = next(3) == 0 ? pick(Self.nestedKeys) : pick(Self.keys)
            let value = next(3) == 0 ? value(for: key, depth: 3) : pick(Self.scalars)
            let space = next(8) == 0 ? " " : ""
            members.append("\"\(key)\"\(space):\(space)\(value)")
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
