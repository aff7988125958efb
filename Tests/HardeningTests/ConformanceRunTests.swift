import Foundation
import Testing
import VeetFixture

/// `veet-soak --conformance` (`make conformance`) as a program: every route
/// family passes against the fixture; a family the server does not offer is
/// skipped, never failed; a wrong answer is a FAIL line and exit status 1.
@Suite(.serialized) struct ConformanceRunTests {
    static var binary: URL? {
        let url = ChildRun.binDirectory.appendingPathComponent("veet-soak")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }

    /// Under `make test` (VEET_BIN_DIR set) a missing binary is a failure, never a silent skip.
    static var shouldRun: Bool { binary != nil || ProcessInfo.processInfo.environment["VEET_BIN_DIR"] != nil }

    static let families = ["health", "chat", "uploads", "folders", "schedules", "website access", "task grants",
                           "session website", "devices and notifications", "left behind"]

    @Test(.enabled(if: shouldRun, "build veet-soak first"))
    func everyRouteOfEveryFamilyPassesAgainstTheInProcessFixture() throws {
        let run = try SoakRun(["--conformance"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.routes(.fail).isEmpty && run.routes(.skip).isEmpty, "\(run.output)")
        for family in Self.families {
            #expect(run.output.contains("  \(family): "), "no \(family) section")
            #expect(!run.output.contains("  \(family): 0 passed"), "no \(family) route passed")
        }
        let passed = run.routes(.pass).count
        #expect(passed >= 110, "only \(passed) routes passed")
        #expect(run.output.contains("passed \(passed), skipped 0, failed 0"), "\(run.output)")
    }

    @Test(.enabled(if: shouldRun, "build veet-soak first"))
    func aFamilyTheServerDoesNotOfferIsSkippedAsNotOfferedNeverFailed() throws {
        var options = FixtureOptions.testing  // folders are off here already
        options.schedules = false
        options.devices = false
        options.uploads = false
        let server = FixtureServer(token: Hardening.token, options: options)
        let url = try server.start()
        defer { server.stop() }
        let run = try SoakRun(["--conformance", "--url", url.absoluteString, "--token-env", SoakRun.tokenVariable],
                              token: Hardening.token)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.routes(.fail).isEmpty, "\(run.output)")
        for probe in ["GET /v1/folders (page, next_cursor null)", "GET /v1/schedules (page)", "GET /v1/devices (page)",
                      "POST /v1/sessions/{id}/artifacts (201, run_id null, sha256)"] {
            #expect(run.output.contains("SKIP \(probe): not offered"), "\(probe) was not skipped as not offered")
        }
        for family in ["folders", "schedules", "uploads", "devices and notifications"] {
            #expect(run.output.contains("  \(family): 0 passed"), "a route of \(family) ran although the family is off")
        }
        // Without the fixture's handle, what only the fixture can arrange is skipped with its reason.
        #expect(run.output.contains("SKIP sessions, folders, browser profiles and devices all deleted: not checked"), "\(run.output)")
        #expect(run.routes(.pass).count >= 40, "\(run.output)")
    }

    @Test(.enabled(if: shouldRun, "build veet-soak first"))
    func aWrongAnswerIsAFailLineWithTheMismatchAndExitStatusOne() throws {
        let hostile = HostileServer(kind: .wrongTypes)
        let url = try hostile.start()
        defer { hostile.stop() }
        let run = try SoakRun(["--conformance", "--url", url.absoluteString, "--token-env", SoakRun.tokenVariable],
                              token: Hardening.token)
        #expect(run.status == 1, "\(run.output)")
        let failure = run.lines(starting: "FAIL POST /v1/sessions: ").first
        #expect(failure.map { $0.count > "FAIL POST /v1/sessions: ".count } == true, "\(run.output)")
        #expect(run.output.contains("FAIL contract conformance"), "\(run.output)")
    }
}

/// One `veet-soak` child with a deadline, always reaped; its output read from a file.
struct SoakRun {
    static let tokenVariable = "VEET_CONFORMANCE_TOKEN"
    let status: Int32
    let output: String

    init(_ arguments: [String], token: String? = nil, timeout: TimeInterval = 300) throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("veet-soak-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        defer { try? FileManager.default.removeItem(at: log) }
        let sink = try FileHandle(forWritingTo: log)
        defer { try? sink.close() }
        let process = Process()
        process.executableURL = ChildRun.binDirectory.appendingPathComponent("veet-soak")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment[Self.tokenVariable] = token
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = sink
        process.standardError = sink
        try process.run()
        let outcome = ChildReaper.finish(process, deadline: Date().addingTimeInterval(timeout))
        status = outcome.reason == .exit ? outcome.status : -1
        output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    }

    enum Verdict: String { case pass = "PASS", skip = "SKIP", fail = "FAIL" }

    /// The per-route lines with this verdict (indented; the summary line is not one).
    func routes(_ verdict: Verdict) -> [String] {
        output.split(separator: "\n").filter { $0.hasPrefix("    \(verdict.rawValue) ") }.map(String.init)
    }

    /// Report lines (without their indentation) that start with `prefix`.
    func lines(starting prefix: String) -> [String] {
        output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix(prefix) }
    }
}
