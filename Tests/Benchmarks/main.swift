// veet-bench: each suite prints figures as ratios against a baseline measured in the same run.
// Run in release: `make bench` or `swift run -c release veet-bench [--quick] [suite ...]`.
// Suites: sse (this file), and the ones registered in `BenchSuites` (one file each).
import VeetTransport

let quick = CommandLine.arguments.contains("--quick")
let repetitions = quick ? 3 : 10
let mebibyte = 1_048_576
/// The tests' large frames exceed the production 1 MiB bound on purpose.
let roomyLimits = SSELimits(maxLineBytes: 16 * mebibyte, maxEventBytes: 16 * mebibyte)

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

func fixed(_ value: Double, _ digits: Int) -> String {
    var scaled = value
    for _ in 0..<digits { scaled *= 10 }
    let rounded = Int(scaled.rounded())
    guard digits > 0 else { return String(rounded) }
    var divisor = 1
    for _ in 0..<digits { divisor *= 10 }
    let fraction = String(abs(rounded) % divisor)
    return "\(rounded / divisor).\(String(repeating: "0", count: digits - fraction.count))\(fraction)"
}

func row(_ cells: [String], _ widths: [Int]) -> String {
    zip(cells, widths).map { cell, width in pad(cell, width) }.joined(separator: "  ")
}

let requestedSuites = CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("-") }
func wants(_ suite: String) -> Bool { requestedSuites.isEmpty || requestedSuites.contains(suite) }

if wants("sse") {
    runSSEBenchmarks()
}
for suite in BenchSuites.all where wants(suite.name) {
    print("\n== \(suite.name) ==")
    await suite.run(quick)
}

func runSSEBenchmarks() {
    print("veet-bench: SSEDecoder vs baseline (a plain scan counting LF bytes over the same chunks)")
    print("mode: \(quick ? "quick" : "full"), best of \(repetitions) runs each\n")

    let widths = [34, 9, 12, 12, 13, 9]
    print(row(["case", "MiB", "decoder MB/s", "events/s", "baseline MB/s", "ratio"], widths))
    print(String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1)))

    // (a) Many small realistic frames.
    let smallSize = (quick ? 8 : 64) * mebibyte
    let small = Corpus.smallEvents(targetBytes: smallSize)
    let a = Measure.run(small.bytes, chunkSize: 16_384, limits: .default, repetitions: repetitions)
    precondition(a.events == small.events, "decoded \(a.events) events, generated \(small.events)")
    print(row(["(a) small frames, 16 KiB chunks", fixed(Double(a.bytes) / Double(mebibyte), 1), fixed(a.decoderMBps, 0),
               fixed(a.eventsPerSecond, 0), fixed(a.baselineMBps, 0), fixed(a.ratio, 3)], widths))
    let a2 = Measure.run(small.bytes, chunkSize: 1_460, limits: .default, repetitions: repetitions)
    print(row(["(a) small frames, 1,460 B chunks", fixed(Double(a2.bytes) / Double(mebibyte), 1), fixed(a2.decoderMBps, 0),
               fixed(a2.eventsPerSecond, 0), fixed(a2.baselineMBps, 0), fixed(a2.ratio, 3)], widths))

    // (b) One 8 MiB data line in TCP-segment-sized chunks.
    let big = Corpus.singleLine(payloadBytes: 8 * mebibyte)
    let b = Measure.run(big, chunkSize: 1_460, limits: roomyLimits, repetitions: repetitions)
    precondition(b.events == 1)
    print(row(["(b) one 8 MiB line, 1,460 B chunks", fixed(Double(b.bytes) / Double(mebibyte), 1), fixed(b.decoderMBps, 0),
               fixed(b.eventsPerSecond, 1), fixed(b.baselineMBps, 0), fixed(b.ratio, 3)], widths))
    print("\nratio = decoder speed / baseline speed (1.000 would be as fast as merely counting newlines)\n")

    // (c) Linearity: a single line of growing size, in 1,460-byte chunks. "collect ms" is a
    // control: merely appending the same chunks to one array, the least any decoder that hands
    // over the line as one string must do. If decoder/collect stays flat while the size grows,
    // the decoder is linear and any rise in ms per MiB is the memory system's, not the algorithm's.
    let lineWidths = [7, 12, 12, 13, 12, 16]
    print("(c) linearity: one data line of n MiB in 1,460-byte chunks")
    print(row(["n MiB", "decoder ms", "ms per MiB", "baseline ms", "collect ms", "decoder/collect"], lineWidths))
    print(String(repeating: "-", count: lineWidths.reduce(0, +) + 2 * (lineWidths.count - 1)))
    var perMiB: [Double] = []
    var overCollect: [Double] = []
    for size in [1, 2, 4, 8] {
        let line = Corpus.singleLine(payloadBytes: size * mebibyte)
        let m = Measure.run(line, chunkSize: 1_460, limits: roomyLimits, repetitions: repetitions)
        let collect = Measure.collectTime(line, chunkSize: 1_460, repetitions: repetitions)
        let ms = m.decoder.seconds * 1_000
        perMiB.append(ms / Double(size))
        overCollect.append(m.decoder.seconds / collect.seconds)
        print(row([String(size), fixed(ms, 2), fixed(ms / Double(size), 3), fixed(m.baseline.seconds * 1_000, 2),
                   fixed(collect.seconds * 1_000, 2), fixed(m.decoder.seconds / collect.seconds, 2)], lineWidths))
    }
    let spread = (perMiB.max() ?? 0) / max(perMiB.min() ?? 1, 1e-9)
    let collectSpread = (overCollect.max() ?? 0) / max(overCollect.min() ?? 1, 1e-9)
    print("ms per MiB, max/min: \(fixed(spread, 2));  decoder/collect, max/min: \(fixed(collectSpread, 2))")
    print("(a rescanning decoder would show ms per MiB growing with n: about 8x from 1 to 8 MiB)")
}
