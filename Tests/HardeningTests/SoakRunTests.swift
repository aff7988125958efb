import Foundation
import Testing

/// `veet-soak` stream and kill runs as a program, at small counts: applied cuts
/// agree with the client's reconnects, and the daemon survives SIGKILL with
/// every queued message delivered exactly once.
@Suite(.serialized) struct SoakRunTests {
    @Test(.enabled(if: ConformanceRunTests.shouldRun, "build veet-soak first"))
    func smallStreamAndKillRunsHoldAndCountWhatHappened() throws {
        let run = try SoakRun(["--only", "streams,kills", "--streams", "20", "--kills", "6", "--seed", "7",
                               "--bin", ChildRun.binDirectory.path])
        #expect(run.status == 0, "\(run.output)")
        let streams = try #require(run.lines(starting: "PASS cut and resumed streams: ").first, "\(run.output)")
        #expect(streams.contains("streams 20/20") && streams.contains("replays whose cuts and reconnects disagree 0"))
        #expect(streams.contains("lost 0, duplicated 0, out of order 0"), "\(streams)")
        // The figures add up: applied cuts are the reconnects plus the cuts after the terminal event.
        let applied = try #require(Self.number(after: "cuts applied ", in: streams))
        let afterTheEnd = try #require(Self.number(after: "of them after the terminal event ", in: streams))
        let reconnects = try #require(Self.number(after: "reconnects ", in: streams))
        #expect(applied > 0 && applied == reconnects + afterTheEnd, "\(streams)")

        let kills = try #require(run.lines(starting: "PASS SIGKILL of the outbox writer and the daemon: ").first,
                                 "\(run.output)")
        #expect(kills.contains("kills 6/6") && kills.contains("writer 3 kills") && kills.contains("daemon 3 kills"), "\(kills)")
        #expect(kills.contains("outbox drained afterwards yes") && kills.contains("never 0, twice or more 0"), "\(kills)")
    }

    @Test(.enabled(if: ConformanceRunTests.shouldRun, "build veet-soak first"))
    func aKillRunWithoutItsProgramsFailsAndSaysWhatIsMissing() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("veet-soak-bin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let run = try SoakRun(["--only", "kills", "--kills", "2", "--bin", empty.path])
        #expect(run.status == 1, "\(run.output)")
        #expect(run.lines(starting: "FAIL SIGKILL of the outbox writer and the daemon: missing").count == 1, "\(run.output)")
    }

    /// The number right after `label` in a figures line.
    static func number(after label: String, in line: String) -> Int? {
        guard let range = line.range(of: label) else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
}
