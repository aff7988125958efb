import Testing
import VeetConsole
@testable import veet

/// `veet --version` is answered before the command table and the context are
/// built; it must answer only what the full path answers as plain `version`.
@Suite struct VersionShortcutTests {
    @Test func theShortcutTakesOnlyTheTwoPlainSpellings() {
        #expect(VeetCLI.asksOnlyForTheVersion(["--version"]))
        #expect(VeetCLI.asksOnlyForTheVersion(["version"]))
        for other in [["--version", "--json"], ["--json", "version"], ["version", "--help"], ["chat", "--version"],
                      ["--connection", "x", "--version"], [], ["--help"]] {
            #expect(!VeetCLI.asksOnlyForTheVersion(other), "\(other)")
        }
    }

    @Test func whatTheShortcutTakesTheFullPathRunsAsPlainVersion() throws {
        for arguments in [["--version"], ["version"]] where VeetCLI.asksOnlyForTheVersion(arguments) {
            let parsed = try CommandLineParser(root: CommandTree.root).parse(VeetCLI.normalised(arguments))
            guard case .run(let command) = parsed else { Issue.record("\(arguments) did not run"); continue }
            #expect(command.path == ["version"])
            #expect(!command.flag("json"))
        }
    }
}
