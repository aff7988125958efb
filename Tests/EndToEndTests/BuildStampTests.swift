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
        let count = try git(["rev-list", "--count", "HEAD"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.stdout.contains("(build \(count), commit "), "\(version.stdout): HEAD is build \(count)")
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
        #expect(text.contains("static let build = \"unknown\""), "\(text)")
        let written = try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 1.1)
        _ = try runProcess(URL(fileURLWithPath: "/bin/sh"), [script.path, folder.path, output.path],
                           environment: ["GIT_CEILING_DIRECTORIES": folder.deletingLastPathComponent().path])
        let again = try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date
        #expect(written != nil && written == again, "an unchanged stamp was rewritten (the apps would recompile)")
    }

    /// Two commits are two builds: the stamp of a checkout with one commit and
    /// of the same checkout after a second differ in build and commit.
    @Test func twoCommitsGiveTwoBuilds() throws {
        let folder = try Harness.temporaryHome()
        defer { try? FileManager.default.removeItem(at: folder) }
        let repository = folder.appendingPathComponent("checkout")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        let environment = ["GIT_CEILING_DIRECTORIES": folder.path, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@localhost",
                           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@localhost", "HOME": folder.path]
        func inRepository(_ arguments: [String]) throws {
            let result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", repository.path] + arguments,
                                        environment: environment)
            try #require(result.status == 0, "git \(arguments): \(result.stderr)")
        }
        let script = Harness.repoRoot.appendingPathComponent("Scripts/build-stamp")
        let output = folder.appendingPathComponent("Stamp/BuildStamp.swift")
        func stamp() throws -> (build: String?, commit: String?) {
            let result = try runProcess(URL(fileURLWithPath: "/bin/sh"), [script.path, repository.path, output.path],
                                        environment: environment)
            try #require(result.status == 0, "\(result.stderr)")
            let text = try String(contentsOf: output, encoding: .utf8)
            func value(_ name: String) -> String? {
                text.components(separatedBy: "\n").first { $0.contains("static let \(name) = ") }?
                    .components(separatedBy: "\"").dropFirst().first
            }
            return (value("build"), value("commit"))
        }
        try inRepository(["init", "-q"])
        try "one\n".write(to: repository.appendingPathComponent("file"), atomically: true, encoding: .utf8)
        try inRepository(["add", "file"])
        try inRepository(["commit", "-q", "-m", "one"])
        let first = try stamp()
        try "two\n".write(to: repository.appendingPathComponent("file"), atomically: true, encoding: .utf8)
        #expect(try stamp().commit == (first.commit ?? "") + "-dirty", "a changed tracked file is said")
        try inRepository(["commit", "-q", "-am", "two"])
        let second = try stamp()
        #expect(first.build == "1" && second.build == "2", "\(first) then \(second)")
        #expect(first.commit != nil && second.commit != nil && first.commit != second.commit)
        #expect(second.commit?.hasSuffix("-dirty") == false)
    }
}
