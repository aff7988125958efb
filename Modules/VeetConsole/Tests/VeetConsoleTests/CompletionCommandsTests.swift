import Foundation
import Testing
import VeetConsole

/// `completion SHELL` over an app's tree: sources filled in by name, the script or its JSON, the live lines.
@Suite struct CompletionCommandsTests {
    static let tree = CommandSpec(
        name: "veet", summary: "",
        options: [.flag("json", help: ""), .value("connection", valueName: "name", help: "")],
        subcommands: [
            CommandSpec(name: "outbox", summary: "", subcommands: [
                CommandSpec(name: "retry", summary: "", positionals: [PositionalSpec("id", help: "")]),
            ]),
            CommandSpec(name: "export", summary: "", options: [.value("to", valueName: "path", help: "")],
                        positionals: [PositionalSpec("id", help: ""), PositionalSpec("session", help: "")]),
            CommandSpec(name: "pick", summary: "", positionals: [PositionalSpec("session", help: "", completion: .choices(["a"]))]),
            CompletionCommands.spec,
        ])
    static let sources = CompletionSources(options: ["connection": .live("connections")], positionals: ["session": .live("sessions")],
                                           positionalsUnder: ["outbox": ["id": .live("outbox")]])

    @Test func sourcesAreFilledByNameUnderTheirGroupAndNeverOverASourceGiven() {
        let root = Self.sources.annotated(Self.tree)
        #expect(root.options.first { $0.long == "connection" }?.completion == .live("connections"))
        #expect(root.command(at: ["outbox", "retry"])?.positionals.first?.completion == .live("outbox"))
        let export = root.command(at: ["export"])
        #expect(export?.positionals.map(\.completion) == [CompletionSource.none, .live("sessions")])
        #expect(export?.options.first?.completion == .files)
        #expect(root.command(at: ["pick"])?.positionals.first?.completion == .choices(["a"]))
        #expect(root.command(at: ["completion"])?.positionals.first?.completion == .choices(["bash", "zsh", "fish"]))
    }

    static func run(_ words: String..., json: Bool = false) async throws -> (ExitCode, ConsoleCapture) {
        guard case .run(let command) = try CommandLineParser(root: tree).parse(words) else { throw CommandFailure("help") }
        let captured = try ConsoleCapture()
        let code = try await CompletionCommands(root: tree, sources: sources).run(command, console: captured.console(json: json))
        return (code, captured)
    }

    @Test func theScriptCompletesTheAnnotatedTree() async throws {
        let (code, captured) = try await Self.run("completion", "bash")
        #expect(code == .success)
        #expect(captured.stdout.contains("live outbox") && captured.stdout.contains("'outbox retry'"))
    }

    @Test func jsonNamesTheShellTheScriptAndWhereItGoes() async throws {
        let (_, captured) = try await Self.run("completion", "fish", json: true)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(captured.stdout.utf8)) as? [String: String])
        #expect(object["shell"] == "fish" && object["install_path"] == ShellCompletion.installPath(for: .fish, program: "veet"))
        #expect(object["script"]?.isEmpty == false)
    }

    @Test func anUnknownShellIsAUsageFailure() async throws {
        let failure = await #expect(throws: CommandFailure.self) { _ = try await Self.run("completion", "tcsh") }
        #expect(failure?.message == "veet: no completion for \"tcsh\"; choose bash, zsh or fish.")
        #expect(failure?.exitCode == .usage && failure?.kind == "usage")
    }

    /// Debian's zsh has /usr/share/zsh/vendor-completions on its fpath, not
    /// /usr/share/zsh/site-functions: a package must use the first, a local
    /// prefix the second (found installing the .deb on a clean Debian).
    @Test func zshCompletionGoesWhereThatPrefixsZshLooks() {
        #expect(ShellCompletion.installPath(for: .zsh, program: "veet", prefix: "/usr") == "share/zsh/vendor-completions/_veet")
        #expect(ShellCompletion.installPath(for: .zsh, program: "veet", prefix: "/usr/local") == "share/zsh/site-functions/_veet")
        #expect(ShellCompletion.installPath(for: .zsh, program: "veet") == "share/zsh/site-functions/_veet")
        #expect(ShellCompletion.installPath(for: .bash, program: "veet", prefix: "/usr") == "share/bash-completion/completions/veet")
    }

    @Test func liveLinesPutEachDescriptionOnOneLineAndLeaveOutAnEmptyOne() throws {
        let captured = try ConsoleCapture()
        CompletionCommands.printLive([("s1", "A  title\nover lines"), ("s2", "")], to: captured.console().out)
        #expect(captured.stdout == "s1\tA title over lines\ns2\n")
    }
}
