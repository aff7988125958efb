import Foundation
import Testing
import VeetTransport
import VeetTestSupport
import VeetWire

/// Bounded, seeded fuzzing of everything that reads server bytes: the SSE
/// decoder, run event frames and the REST views. Nothing may trap; malformed
/// input is a thrown error or a `.malformed`/`.unknown` value.
@Suite struct WireFuzzTests {
    static let limits = SSELimits(maxLineBytes: 512, maxEventBytes: 1_024)

    /// Decodes `chunks` one after another; the events, or the error that stopped it.
    static func decode(_ chunks: [[UInt8]]) -> (events: [SSEEvent], error: SSEError?) {
        var decoder = SSEDecoder(limits: limits)
        var events: [SSEEvent] = []
        for chunk in chunks {
            // The `into:` form keeps the events decoded before an error, as the run stream does.
            do { try decoder.feed(chunk, into: &events) } catch {
                // A failed decoder stays failed.
                var again: SSEError?
                do { _ = try decoder.feed([0x0A]) } catch let repeated { again = repeated }
                #expect(again == error)
                return (events, error)
            }
        }
        return (events + decoder.finish(), nil)
    }

    @Test func theSSEDecoderSurvivesMutatedRecordingsAndIsSplitInvariant() throws {
        let recordings = try Golden.sseRecordings()
        #expect(recordings.count >= 10)
        var decodedFrames = 0
        for seed in UInt64(1)...600 {
            var mutator = Mutator(seed: seed)
            let source = recordings[Int(seed) % recordings.count]
            let bytes = seed % 10 == 0
                ? (0..<Int.random(in: 0...4_096, using: &mutator.random)).map { _ in UInt8.random(in: 0...255, using: &mutator.random) }
                : mutator.mutate(source, rounds: Int.random(in: 1...12, using: &mutator.random))
            let whole = Self.decode([bytes])
            let split = Self.decode(mutator.chunks(bytes))
            #expect(whole.events == split.events, "seed \(seed): chunking changed the events")
            #expect(whole.error == split.error, "seed \(seed)")
            for event in whole.events {
                #expect(event.data.utf8.count <= Self.limits.maxEventBytes, "seed \(seed): event over its bound")
                let frame = RunEventFrame.decode(event)
                decodedFrames += 1
                if let sequence = frame.sequence { #expect(event.id == String(sequence)) }
            }
        }
        #expect(decodedFrames > 1_000)
    }

    @Test func anOverlongLineOrEventIsATypedErrorNotGrowth() {
        var line = SSEDecoder(limits: Self.limits)
        #expect(throws: SSEError.lineTooLong(limit: Self.limits.maxLineBytes)) {
            for _ in 0..<100 { _ = try line.feed(Array(repeating: UInt8(ascii: "a"), count: 64)) }
        }
        var event = SSEDecoder(limits: Self.limits)
        let dataLine = Array("data: \(String(repeating: "b", count: 200))\n".utf8)
        #expect(throws: SSEError.eventTooLarge(limit: Self.limits.maxEventBytes)) {
            for _ in 0..<100 { _ = try event.feed(dataLine) }
        }
    }

    /// Every recorded event, its JSON payload mutated: the frame decodes to
    /// its type, `.unknown`, `.diagnostic` or `.malformed`, never a trap.
    @Test func runEventFramesSurviveMutatedPayloads() throws {
        var originals: [SSEEvent] = []
        for recording in try Golden.sseRecordings() {
            var decoder = SSEDecoder()
            originals += try decoder.feed(recording) + decoder.finish()
        }
        #expect(originals.count > 100)
        var malformed = 0
        for seed in UInt64(1)...1_500 {
            var mutator = Mutator(seed: 10_000 + seed)
            var event = originals[Int(seed) % originals.count]
            if Bool.random(using: &mutator.random),
               let object = try? JSONSerialization.jsonObject(with: Data(event.data.utf8), options: [.fragmentsAllowed]) {
                let mutated = mutator.mutateJSON(object)
                if let data = try? JSONSerialization.data(withJSONObject: mutated, options: [.fragmentsAllowed]) {
                    event.data = String(decoding: data, as: UTF8.self)
                }
            } else {
                event.data = String(decoding: mutator.mutate(Array(event.data.utf8), rounds: 3), as: UTF8.self)
            }
            if Int.random(in: 0..<8, using: &mutator.random) == 0 { event.id = ["-1", "x", "99999999999999999999", ""].randomElement(using: &mutator.random) }
            let frame = RunEventFrame.decode(event)
            #expect(frame.type == event.event, "seed \(10_000 + seed)")
            if case .malformed = frame.event { malformed += 1 }
        }
        #expect(malformed > 0, "the mutations reached the payload readers")
    }

    /// REST views from mutated golden JSON either decode or throw.
    @Test func restViewsDecodeOrThrowOnMutatedJSON() throws {
        try fuzz(SessionView.self, from: "session-get.json", seed: 20_000)
        try fuzz(Page<SessionView>.self, from: "sessions-page1.json", seed: 21_000)
        try fuzz(Page<SessionMessageView>.self, from: "session-messages.json", seed: 22_000)
        try fuzz(ApprovalView.self, from: "approval-get.json", seed: 23_000)
        try fuzz(ArtifactView.self, from: "artifact-get.json", seed: 24_000)
        try fuzz(RunView.self, from: Self.runJSON, seed: 25_000)
    }

    /// A run view as the fixture serves it (no recording of GET /v1/runs/{id} is in Golden/).
    static let runJSON = Data("""
        {"id":"b464cc6f-12b5-47e4-800b-89f47fdf3175","session_id":"08c76cec-ff05-4361-a430-46e4acffd7e3",
         "status":"COMPLETED","attempt":1,"created_at":"2026-11-30T04:14:37.395068Z",
         "updated_at":"2026-11-30T04:14:47.210423Z","started_at":"2026-11-30T04:14:38Z",
         "finished_at":"2026-11-30T04:14:47Z","last_sequence":31,"failure":null,"cancel_reason":null}
        """.utf8)

    private func fuzz<View: Decodable>(_ type: View.Type, from name: String, seed: UInt64) throws {
        try fuzz(type, from: Golden.json(name), seed: seed)
    }

    private func fuzz<View: Decodable>(_ type: View.Type, from original: Data, seed: UInt64) throws {
        #expect(throws: Never.self, "\(View.self) decodes its unmutated source") {
            _ = try WireJSON.decoder().decode(View.self, from: original)
        }
        let object = try JSONSerialization.jsonObject(with: original)
        var decoded = 0
        for index in UInt64(0)..<250 {
            var mutator = Mutator(seed: seed + index)
            let data: Data
            if index % 3 == 0 {
                data = Data(mutator.mutate(Array(original), rounds: Int.random(in: 1...6, using: &mutator.random)))
            } else {
                data = try JSONSerialization.data(withJSONObject: mutator.mutateJSON(object), options: [.fragmentsAllowed])
            }
            if (try? WireJSON.decoder().decode(View.self, from: data)) != nil { decoded += 1 }
        }
        // Lenient decoding keeps many mutants readable; strictness throws the rest.
        #expect(decoded > 0, "\(View.self): no mutant decoded")
    }
}
