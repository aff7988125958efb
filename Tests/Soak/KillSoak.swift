import Foundation
import VeetStore
#if canImport(Glibc)
import Glibc
#endif

/// SIGKILL at random points, `count` times: even rounds kill the outbox
/// writer (`veet-store-torture`) over one database, odd rounds the daemon
/// (`veetd`, see `DaemonKillBench`) over its own home while it syncs and
/// delivers queued messages. Writer: after every kill the store opens,
/// `PRAGMA integrity_check` says ok, and every entry the writer acknowledged
/// (printed after its commit) is there exactly once with its own key, so
/// nothing is lost and nothing can be sent twice under two keys. Daemon: the
/// same checks on its store after every kill, and at the end every queued
/// message on the server exactly once.
enum KillSoak {
    static let name = "SIGKILL of the outbox writer and the daemon"

    static func run(target: SoakTarget, count: Int, binDirectory: URL, seed: UInt64,
                    deadline: ContinuousClock.Instant) async throws -> SoakResult {
        let start = ContinuousClock.now
        let binary = binDirectory.appendingPathComponent("veet-store-torture")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            return SoakResult(name: name, figures: [("missing", "\(binary.path) (swift build --product veet-store-torture)")],
                              held: false, seconds: 0)
        }
        let bench: DaemonKillBench
        do { bench = try DaemonKillBench(binDirectory: binDirectory, target: target) } catch {
            return SoakResult(name: name, figures: [("missing", "\(error)")], held: false, seconds: 0)
        }
        defer { bench.remove() }
        // A long session list, so kills land inside the daemon's reconciliation too.
        target.fixture?.seedSessions(count: 1_000)
        try await bench.prepare(sessionCount: 3)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("veet-soak-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("veet.sqlite").path
        var random = SoakRandom(seed: seed)
        try bench.queue(3, round: -1, using: &random)
        var writer = WriterLedger()
        while writer.kills + bench.kills < count && ContinuousClock.now < deadline {
            if (writer.kills + bench.kills) % 2 == 1 {
                // The daemon: new messages to deliver, then a kill 20 ms – 3 s into its work
                // (start-up, reconciliation, delivery, or idle between syncs).
                try bench.queue(Int.random(in: 0...2, using: &random), round: bench.kills, using: &random)
                let longer = Int.random(in: 0..<3, using: &random) == 0
                try bench.killRound(delay: UInt32.random(in: 20_000...(longer ? 3_000_000 : 800_000), using: &random))
                continue
            }
            // Half the kills wait for some acknowledged entries; half strike after a random delay
            // (which may land during open, migration or the first write).
            let afterLines = Bool.random(using: &random) ? Int.random(in: 1...30, using: &random) : nil
            let delay = UInt32.random(in: 0...40_000, using: &random)
            let lines = try killRound(binary: binary, path: path, tag: "k\(writer.kills)", afterLines: afterLines, delay: delay)
            try writer.check(lines: lines, path: path)
        }
        // An undisturbed daemon delivers what is left; then the server must hold each message once.
        let drained = try bench.drain(seconds: 90)
        let copies = try await bench.deliveredCopies()
        let neverSent = bench.queued.filter { (copies[$0.text] ?? 0) == 0 }.count
        let sentTwice = bench.queued.filter { (copies[$0.text] ?? 0) > 1 }.count
        let once = bench.queued.count - neverSent - sentTwice
        var figures: [(String, String)] = [
            ("kills", "\(writer.kills + bench.kills)/\(count)"),
            ("writer", "\(writer.kills) kills, \(writer.acknowledged.count) acknowledged entries, "
                + "integrity failures \(writer.integrityFailures), lost \(writer.lost), doubled \(writer.doubled), "
                + "altered \(writer.altered)"),
            ("daemon", "\(bench.kills) kills (\(bench.killsBeforeASync) before a sync finished, "
                + "\(bench.killsAfterADelivery) after a delivery), \(bench.queued.count) queued messages, "
                + "integrity failures \(bench.integrityFailures), lost from the outbox \(bench.lostLocally), "
                + "doubled in the outbox \(bench.doubledLocally)"),
            ("outbox drained afterwards", drained ? "yes" : "no"),
            ("on the server", "exactly once \(once), never \(neverSent), twice or more \(sentTwice)"),
        ]
        if let firstFailure = writer.firstFailure ?? bench.firstFailure { figures.append(("first failure", firstFailure)) }
        let writerHeld = writer.integrityFailures == 0 && writer.lost == 0 && writer.doubled == 0 && writer.altered == 0
        let daemonHeld = bench.integrityFailures == 0 && bench.lostLocally == 0 && bench.doubledLocally == 0
            && drained && neverSent == 0 && sentTwice == 0
        let held = writer.kills + bench.kills == count && writerHeld && daemonHeld
        return SoakResult(name: name, figures: figures, held: held, seconds: elapsed(since: start))
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

/// What the writer acknowledged over all its rounds, and what its database still holds.
struct WriterLedger {
    var kills = 0, integrityFailures = 0, lost = 0, doubled = 0, altered = 0
    /// Key → text of every entry the writer printed as committed.
    var acknowledged: [String: String] = [:]
    var firstFailure: String?

    /// One killed round: its acknowledgements, then the database checked afresh.
    mutating func check(lines: [Substring], path: String) throws {
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
            note("kill \(kills): integrity \(integrity ?? "nil")")
        }
        let entries = try LocalStore(database: database, connection: "torture").outbox()
        let byKey = Dictionary(grouping: entries, by: \.key.rawValue)
        // Counted afresh each round over everything acknowledged so far: an
        // entry lost (or doubled) once stays so, so the last round's counts
        // are the run's, and no entry is counted twice.
        (lost, doubled, altered) = (0, 0, 0)
        for (key, text) in acknowledged {
            switch byKey[key]?.count ?? 0 {
            case 0: lost += 1
            case 1: if byKey[key]?.first?.text != text { altered += 1 }
            default: doubled += 1
            }
        }
        doubled += entries.count - Set(entries.map(\.text)).count
        if lost > 0 || doubled > 0 { note("kill \(kills): lost \(lost), doubled \(doubled)") }
    }

    private mutating func note(_ text: String) {
        if firstFailure == nil { firstFailure = text }
    }
}

extension Data {
    func count(of byte: UInt8) -> Int { reduce(0) { $0 + ($1 == byte ? 1 : 0) } }
}
