import Foundation
import VeetStore
#if canImport(Glibc)
import Glibc
#endif

/// The outbox writer (`veet-store-torture`) killed with SIGKILL at random
/// points, `count` times over one database: after every kill the store opens,
/// `PRAGMA integrity_check` says ok, and every entry the writer acknowledged
/// (printed after its commit) is there exactly once with its own key, so
/// nothing is lost and nothing can be sent twice under two keys.
enum KillSoak {
    static func run(count: Int, binDirectory: URL, seed: UInt64, deadline: ContinuousClock.Instant) throws -> SoakResult {
        let start = ContinuousClock.now
        let binary = binDirectory.appendingPathComponent("veet-store-torture")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            return SoakResult(name: "SIGKILL of the outbox writer",
                              figures: [("missing", "\(binary.path) (swift build --product veet-store-torture)")],
                              held: false, seconds: 0)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("veet-soak-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("veet.sqlite").path
        var random = SoakRandom(seed: seed)
        var acknowledged: [String: String] = [:]
        var kills = 0, integrityFailures = 0, lost = 0, doubled = 0, textMismatches = 0
        var firstFailure: String?
        while kills < count && ContinuousClock.now < deadline {
            // Half the kills wait for some acknowledged entries; half strike after a random delay
            // (which may land during open, migration or the first write).
            let afterLines = Bool.random(using: &random) ? Int.random(in: 1...30, using: &random) : nil
            let delay = UInt32.random(in: 0...40_000, using: &random)
            let lines = try killRound(binary: binary, path: path, tag: "k\(kills)", afterLines: afterLines, delay: delay)
            kills += 1
            for line in lines {
                let parts = line.split(separator: " ", maxSplits: 2)
                guard parts.count == 3, parts[0] == "ok" else { continue }
                acknowledged[String(parts[1])] = String(parts[2])
            }
            let database = try Database(path: path)
            let integrity = try database.read { try $0.scalarText("PRAGMA integrity_check") }
            if integrity != "ok" {
                integrityFailures += 1
                if firstFailure == nil { firstFailure = "kill \(kills): integrity \(integrity ?? "nil")" }
            }
            let entries = try LocalStore(database: database, connection: "torture").outbox()
            let byKey = Dictionary(grouping: entries, by: \.key.rawValue)
            // Counted afresh each round over everything acknowledged so far: an
            // entry lost (or doubled) once stays so, so the last round's counts
            // are the run's, and no entry is counted twice.
            (lost, doubled, textMismatches) = (0, 0, 0)
            for (key, text) in acknowledged {
                switch byKey[key]?.count ?? 0 {
                case 0: lost += 1
                case 1: if byKey[key]?.first?.text != text { textMismatches += 1 }
                default: doubled += 1
                }
            }
            doubled += entries.count - Set(entries.map(\.text)).count
            if (lost > 0 || doubled > 0) && firstFailure == nil { firstFailure = "kill \(kills): lost \(lost), doubled \(doubled)" }
        }
        var figures: [(String, String)] = [
            ("kills", "\(kills)/\(count)"), ("acknowledged entries", "\(acknowledged.count)"),
            ("integrity failures", "\(integrityFailures)"), ("lost", "\(lost)"), ("doubled", "\(doubled)"),
            ("altered", "\(textMismatches)"),
        ]
        if let firstFailure { figures.append(("first failure", firstFailure)) }
        let held = kills == count && integrityFailures == 0 && lost == 0 && doubled == 0 && textMismatches == 0
        return SoakResult(name: "SIGKILL of the outbox writer", figures: figures, held: held, seconds: elapsed(since: start))
    }

    /// Starts the writer, kills it (after `afterLines` acknowledgements, else after `delay` µs), reaps it, returns its lines.
    static func killRound(binary: URL, path: String, tag: String, afterLines: Int?, delay: UInt32) throws -> [Substring] {
        let process = Process()
        process.executableURL = binary
        process.arguments = [path, tag, "1000000"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var buffer = Data()
        if let afterLines {
            let giveUp = Date().addingTimeInterval(10)
            while buffer.count(of: UInt8(ascii: "\n")) < afterLines && Date() < giveUp && process.isRunning {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
            }
        } else {
            usleep(delay)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        buffer.append(output.fileHandleForReading.readDataToEndOfFile())
        // A line cut by the kill has no newline: it was never acknowledged.
        guard let lastNewline = buffer.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
        return String(decoding: buffer[...lastNewline], as: UTF8.self).split(separator: "\n")
    }
}

extension Data {
    func count(of byte: UInt8) -> Int { reduce(0) { $0 + ($1 == byte ? 1 : 0) } }
}
