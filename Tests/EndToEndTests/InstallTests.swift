import Foundation
import Testing

/// Scripts/install and Scripts/package-deb (what `make install` and `make deb`
/// run) on the built binaries: into a temporary prefix, run from there, removed
/// again exactly; a package whose control and contents dpkg-deb reads back.
@Suite struct InstallTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func script(_ name: String, _ arguments: [String]) throws -> ProcessResult {
        try runProcess(Self.repository.appendingPathComponent("Scripts/\(name)"), arguments,
                       environment: ["PATH": "/usr/bin:/bin", "HOME": try Harness.temporaryHome().path], timeout: 120)
    }

    var binDirectory: String { get throws { try Harness.binary("veet").deletingLastPathComponent().path } }

    @Test func installRunsFromThePrefixAndUninstallRemovesExactlyWhatItWrote() throws {
        let prefix = try Harness.temporaryHome().appendingPathComponent("prefix")
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("share"), withIntermediateDirectories: true)
        try Data("not ours".utf8).write(to: prefix.appendingPathComponent("share/keep-me"))
        let install = try script("install", ["--bin-dir", try binDirectory, "--prefix", prefix.path])
        #expect(install.status == 0, "\(install.stderr)")
        for file in ["bin/veet", "bin/veet-tui", "bin/veetd", "share/bash-completion/completions/veet",
                     "share/zsh/site-functions/_veet", "share/fish/vendor_completions.d/veet.fish",
                     "share/man/man1/veet.1", "share/man/man1/veet-tui.1", "share/man/man8/veetd.8",
                     "share/systemd/user/veetd.service", "share/doc/veetkit/docs/cli.md"] {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file) missing")
        }
        let version = try runProcess(prefix.appendingPathComponent("bin/veet"), ["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("veet "))
        let unit = try String(contentsOf: prefix.appendingPathComponent("share/systemd/user/veetd.service"), encoding: .utf8)
        #expect(unit.contains("ExecStart=\(prefix.path)/bin/veetd\n"))
        let page = try String(contentsOf: prefix.appendingPathComponent("share/man/man1/veet.1"), encoding: .utf8)
        #expect(page.hasPrefix(".TH VEET 1 "))
        #expect(page.contains("veet sessions show [options] <id>"))

        let uninstall = try script("install", ["--uninstall", "--prefix", prefix.path])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        let left = FileManager.default.enumerator(atPath: prefix.path)?.allObjects as? [String] ?? []
        #expect(left.sorted() == ["share", "share/keep-me"])
    }

    @Test func theDebianPackageCarriesBinariesCompletionsManPagesAndTheUnit() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg-deb") else {
            Issue.record("dpkg-deb is missing"); return
        }
        let out = try Harness.temporaryHome()
        let built = try script("package-deb", ["--fast", "--bin-dir", try binDirectory, "--out", out.path])
        #expect(built.status == 0, "\(built.stderr)")
        let package = built.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let info = try runProcess(URL(fileURLWithPath: "/usr/bin/dpkg-deb"), ["--info", package])
        #expect(info.stdout.contains("Package: veetkit"))
        for dependency in ["libsqlite3-0", "libcmark-gfm0.29.0.gfm.6", "libcmark-gfm-extensions0.29.0.gfm.6",
                           "libncursesw6", "libssl3"] {
            #expect(info.stdout.contains(dependency), "\(dependency) not a dependency")
        }
        let contents = try runProcess(URL(fileURLWithPath: "/usr/bin/dpkg-deb"), ["--contents", package]).stdout
        for file in ["./usr/bin/veet", "./usr/bin/veet-tui", "./usr/bin/veetd", "./usr/share/bash-completion/completions/veet",
                     "./usr/share/zsh/vendor-completions/_veet", "./usr/share/fish/vendor_completions.d/veet.fish",
                     "./usr/share/man/man1/veet.1", "./usr/share/man/man8/veetd.8",
                     "./usr/lib/systemd/user/veetd.service", "./usr/share/doc/veetkit/copyright"] {
            #expect(contents.contains(file), "\(file) not in the package")
        }
        #expect(!contents.contains("install-manifest"))
    }
}
