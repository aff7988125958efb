import Foundation
import Testing

/// `--version` of veet, veet-tui and veetd names the commit the binaries were
/// built from: the BuildStamp plugin runs Scripts/build-stamp before every build
/// (`swift build`, `make build`, `make install`, `make deb` alike).
@Suite struct BuildStampTests {
    private func git(_ arguments: [String]) throws -> ProcessResult {
        try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", Harness.repoRoot.path] + arguments)
    }

    /// The text after "commit " up to the closing parenthesis.
    private func commit(in line: String) -> String? {
        guard let start = line.range(of: "commit ") else { return nil }
        return line[start.upperBound...].split(separator: ")").first.map(String.init)
    }

    @Test(arguments: ["veet", "veet-tui", "veetd"])
    func theVersionNamesTheCommitOfHEAD(program: String) throws {
        let head = try git(["rev-parse", "--short", "HEAD"])
        try #require(head.status == 0, "not a git checkout: \(head.stderr)")
        let expected = head.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let version = try runProcess(try Harness.binary(program), ["--version"])
        #expect(version.status == 0, "\(version.stderr)")
        #expect(version.stdout.hasPrefix("\(program) 0.") && version.stdout.contains("(build "), "\(version.stdout)")
        let stamped = commit(in: version.stdout)
        // A tree with uncommitted changes says so; rebuilt after a commit, it names the new one.
        #expect(stamped == expected || stamped == "\(expected)-dirty",
                "\(program) --version says \(version.stdout) but HEAD is \(expected): rebuild after committing")
    }

    @Test func outsideACheckoutTheCommitIsUnknownAndAnUnchangedStampIsNotRewritten() throws {
        let folder = try Harness.temporaryHome()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("Stamp/BuildStamp.swift")
        let script = Harness.repoRoot.appendingPathComponent("Scripts/build-stamp")
        let first = try runProcess(URL(fileURLWithPath: "/bin/sh"), [script.path, folder.path, output.path],
                                   environment: ["GIT_CEILING_DIRECTORIES": folder.deletingLastPathComponent().path])
        #expect(first.status == 0, "\(first.stderr)")
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(text.contains("static let commit = \"unknown\""), "\(text)")
        let written = try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 1.1)
        _ = try runProcess(URL(fileURLWithPath: "/bin/sh"), [script.path, folder.path, output.path],
                           environment: ["GIT_CEILING_DIRECTORIES": folder.deletingLastPathComponent().path])
        let again = try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date
        #expect(written != nil && written == again, "an unchanged stamp was rewritten (the apps would recompile)")
    }
}
