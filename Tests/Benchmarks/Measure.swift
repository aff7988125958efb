import VeetTransport

/// Timings of one body, decoded and baseline-scanned in the same chunks.
struct Measurement {
    var bytes: Int
    var events: Int
    var decoder: Duration
    var baseline: Duration

    var decoderMBps: Double { Double(bytes) / 1_048_576 / decoder.seconds }
    var baselineMBps: Double { Double(bytes) / 1_048_576 / baseline.seconds }
    var eventsPerSecond: Double { Double(events) / decoder.seconds }
    var ratio: Double { baseline.seconds / decoder.seconds }
}

extension Duration {
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }
}

enum Measure {
    /// Best of `repetitions` runs of both the decoder and the baseline over `body` split in `chunkSize` pieces.
    static func run(_ body: [UInt8], chunkSize: Int, limits: SSELimits, repetitions: Int) -> Measurement {
        var bestDecoder = Duration.seconds(1_000)
        var bestBaseline = Duration.seconds(1_000)
        var events = 0
        var newlines = 0
        let clock = ContinuousClock()
        body.withUnsafeBytes { raw in
            for _ in 0..<repetitions {
                var decoded = 0
                let decoderTime = clock.measure { decoded = decode(raw, chunkSize: chunkSize, limits: limits) }
                var counted = 0
                let baselineTime = clock.measure { counted = countNewlines(raw, chunkSize: chunkSize) }
                bestDecoder = min(bestDecoder, decoderTime)
                bestBaseline = min(bestBaseline, baselineTime)
                events = decoded
                newlines = counted
            }
        }
        precondition(newlines > 0, "baseline saw no line ends")
        return Measurement(bytes: body.count, events: events, decoder: bestDecoder, baseline: bestBaseline)
    }

    /// The decoder over the chunks; returns the number of events (their data sizes are
    /// summed too, so the work cannot be optimised away).
    @inline(never)
    static func decode(_ raw: UnsafeRawBufferPointer, chunkSize: Int, limits: SSELimits) -> Int {
        var decoder = SSEDecoder(limits: limits)
        var events: [SSEEvent] = []
        var count = 0
        var dataBytes = 0
        var start = 0
        while start < raw.count {
            let end = min(raw.count, start + chunkSize)
            events.removeAll(keepingCapacity: true)
            do {
                try decoder.feed(UnsafeRawBufferPointer(rebasing: raw[start..<end]), into: &events)
            } catch {
                fatalError("benchmark input rejected: \(error)")
            }
            count += events.count
            for event in events { dataBytes &+= event.data.utf8.count }
            start = end
        }
        precondition(dataBytes > 0, "no data decoded")
        return count
    }

    /// The control for linearity: the best time to append the chunks to one growing array.
    static func collectTime(_ body: [UInt8], chunkSize: Int, repetitions: Int) -> Duration {
        var best = Duration.seconds(1_000)
        let clock = ContinuousClock()
        body.withUnsafeBytes { raw in
            for _ in 0..<repetitions {
                var collected = 0
                best = min(best, clock.measure { collected = collect(raw, chunkSize: chunkSize) })
                precondition(collected == raw.count)
            }
        }
        return best
    }

    @inline(never)
    static func collect(_ raw: UnsafeRawBufferPointer, chunkSize: Int) -> Int {
        var line: [UInt8] = []
        var start = 0
        while start < raw.count {
            let end = min(raw.count, start + chunkSize)
            line.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[start..<end]))
            start = end
        }
        return line.count
    }

    /// The baseline: a plain scan counting LF bytes, chunk by chunk.
    @inline(never)
    static func countNewlines(_ raw: UnsafeRawBufferPointer, chunkSize: Int) -> Int {
        var count = 0
        var start = 0
        while start < raw.count {
            let end = min(raw.count, start + chunkSize)
            for byte in UnsafeRawBufferPointer(rebasing: raw[start..<end]) where byte == 0x0A { count += 1 }
            start = end
        }
        return count
    }
}
