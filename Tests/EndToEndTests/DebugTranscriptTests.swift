import Foundation
import Testing

/// The built `veet debug transcript` over every stream whose reduction is a
/// golden file (VeetChat's TranscriptReplayTests check the same files against
/// the library), so the command and the apps' reducer cannot drift.
@Suite struct DebugTranscriptTests {
    static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Modules/VeetTestSupport/Recordings")
    static let goldens = recordings.appendingPathComponent("transcript")

    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: goldens.path)) ?? []
        return files.filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(6)) }.sorted()
    }()

    /// The stream a golden was made from: a bundle-rule `.sse` beside it, or a recording's body.
    static func stream(_ name: String) throws -> String {
        let rule = goldens.appendingPathComponent("\(name).sse")
        if FileManager.default.fileExists(atPath: rule.path) { return try String(contentsOf: rule, encoding: .utf8) }
        var bytes = [UInt8](try Data(contentsOf: recordings.appendingPathComponent("sse/\(name).txt")))
        if name == "sse-heartbeat-timed" {
            // The timed capture carries "<seconds>\t" before each line (bytes: a CRLF is one Character).
            var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            lines = lines.map { line in line.firstIndex(of: UInt8(ascii: "\t")).map { line[($0 + 1)...] } ?? line }
            bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
        }
        if bytes.starts(with: Array("HTTP/".utf8)),
           let end = bytes.indices.first(where: { bytes[$0...].starts(with: Array("\r\n\r\n".utf8)) }) {
            bytes.removeFirst(end + 4)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func transcript(_ arguments: [String], stdin: String) throws -> ProcessResult {
        let home = try Harness.temporaryHome()
        return try runProcess(try Harness.binary("veet"), ["debug", "transcript"] + arguments,
                              environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                                            "XDG_DATA_HOME": home.appendingPathComponent("data").path],
                              stdin: stdin)
    }

    @Test func thereAreGoldensForEveryRecordingAndRule() {
        #expect(Self.names.count >= 36)
    }

    @Test(arguments: names)
    func theCommandPrintsWhatTheLibraryGoldenSays(_ name: String) throws {
        let result = try transcript(["--json"], stdin: try Self.stream(name))
        let golden = try String(contentsOf: Self.goldens.appendingPathComponent("\(name).jsonl"), encoding: .utf8)
        #expect(result.stdout + "# exit \(result.status)\n" == golden, "\(name): stderr \(result.stderr)")
    }

    @Test func plainOutputIsOneLineEachAsTheCLIShowsIt() throws {
        let result = try transcript([], stdin: try Self.stream("rule-refused-at-approval-joins-denied"))
        #expect(result.status == 0)
        #expect(result.stdout == "▸ 3 tool calls: 2 succeeded, 1 denied (highest risk: high)\nVeetbot: Done.\n")
        let tool = try transcript([], stdin: try Self.stream("sse-tool"))
        #expect(tool.stdout.contains("✓ math.calculate → 391\n"))
        // A call's settled approval follows its line, read from the stream's own frames.
        let approved = try transcript([], stdin: try Self.stream("sse-approval"))
        #expect(approved.stdout.contains("✓ demo.external_write → ") && approved.stdout.contains(" · Approved once\n"))
    }

    @Test func approvalViewsAndTheSessionTranscriptStandInForTheReadsTheAppsMake() throws {
        let approval = try String(contentsOf: Self.recordings.appendingPathComponent("approval-get.json"), encoding: .utf8)
        let id = try #require((try JSONSerialization.jsonObject(with: Data(approval.utf8)) as? [String: Any])?["id"] as? String)
        let folder = try Harness.temporaryHome()
        let approvals = folder.appendingPathComponent("approvals.json")
        try Data("{\"\(id)\": \(approval)}".utf8).write(to: approvals)
        let result = try transcript(["--json", "--approvals", approvals.path,
                                     "--messages", Self.recordings.appendingPathComponent("session-messages.json").path],
                                    stdin: try Self.stream("sse-approval"))
        #expect(result.status == 0)
        #expect(result.stdout.contains(
            #"{"approval":"approved_once","kind":"tool","name":"demo.external_write","risk":"HIGH","server_risk":"HIGH","status":"succeeded"}"#))
        #expect(result.stdout.components(separatedBy: #""role":"user""#).count == 2)
    }

    @Test func badFramesAreReportedOnStderrAndAStreamWithoutAnEndExitsOne() throws {
        let result = try transcript([], stdin: "event: brand.new\ndata: {}\n\nid: 4\nevent: run.started\ndata: [1]\n\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("event 1: The server sent a `brand.new` event this client does not know. Skipped."))
        #expect(result.stderr.contains("event 2 (id 4): "))
        let missing = try transcript(["--approvals", "/nonexistent/approvals.json"], stdin: "")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot read /nonexistent/approvals.json"))
    }
}
