import Foundation
import Testing
import VeetStore
#if canImport(Glibc)
import Glibc
#endif

/// A child process writes outbox entries and composer drafts and is killed
/// with SIGKILL mid-write, many times over one file: the store must open each
/// time with every acknowledged entry present exactly once, and the last
/// acknowledged draft (or a later one) whole.
@Suite struct CrashSafetyTests {
    static var binDirectory: URL {
        if let dir = ProcessInfo.processInfo.environment["VEET_BIN_DIR"], !dir.isEmpty {
            return URL(fileURLWithPath: dir)
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    static var tortureBinary: URL? {
        let url = binDirectory.appendingPathComponent("veet-store-torture")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }

    /// Under `make test` (VEET_BIN_DIR set) a missing binary is a failure, never a silent skip.
    static var shouldRun: Bool {
        tortureBinary != nil || ProcessInfo.processInfo.environment["VEET_BIN_DIR"] != nil
    }

    @Test(.enabled(if: shouldRun, "build veet-store-torture first (swift build --product veet-store-torture)"))
    func sigkillMidWriteNeverLosesOrDoublesAnAcceptedMessage() throws {
        let binary = try #require(Self.tortureBinary, "veet-store-torture is missing from \(Self.binDirectory.path)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("veet-torture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("veet.sqlite").path
        var acknowledged: [String: String] = [:]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            let process = Process()
            process.executableURL = binary
            process.arguments = [path, "r\(round)", "1000000"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Let it commit a varying number of entries, then kill it wherever it is.
            let target = Int.random(in: 1...40, using: &generator)
            var buffer = Data()
            var lines: [Substring] = []
            while lines.count < target {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                lines = String(decoding: buffer, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            buffer.append(output.fileHandleForReading.readDataToEndOfFile())
            let text = String(decoding: buffer, as: UTF8.self)
            var lastDraft: Int?
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 2)
                if parts.count == 2, parts[0] == "draft" { lastDraft = Int(parts[1]) }
                guard parts.count == 3, parts[0] == "ok" else { continue }
                acknowledged[String(parts[1])] = String(parts[2])
            }

            let store = try LocalStore(database: Database(path: path), connection: "torture")
            let entries = try store.outbox()
            let byKey = Dictionary(grouping: entries, by: \.key.rawValue)
            for (key, text) in acknowledged {
                #expect(byKey[key]?.count == 1, "acknowledged entry \(key) missing or doubled after round \(round)")
                #expect(byKey[key]?.first?.text == text)
            }
            #expect(Set(entries.map(\.text)).count == entries.count, "an entry was doubled")
            // The draft: the last one acknowledged or a later one, never torn, never lost.
            let draft = try store.drafts.load(for: "session-r\(round)")
            if let lastDraft {
                let saved = try #require(draft, "draft \(lastDraft) was acknowledged but is gone after round \(round)")
                let index = saved.text.split(separator: " ")[1].split(separator: "-").last.flatMap { Int($0) }
                #expect((index ?? -1) >= lastDraft, "draft \(lastDraft) acknowledged, \(saved.text.prefix(20)) kept")
                #expect(saved.files.map(\.artifactID) == ["art-\(index ?? -1)"], "the text and files of one save stay together")
            }
        }
        #expect(acknowledged.count >= 20)
    }
}
