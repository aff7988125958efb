import VeetConsole

/// Parses `arguments` against a two-command table: what to run, or which help to show.
func parse(_ arguments: [String]) throws -> ParseResult {
    let list = CommandSpec(name: "list", summary: "List the things.",
                           options: [OptionSpec(long: "json", kind: .flag, help: "Print JSON.")])
    let show = CommandSpec(name: "show", summary: "Show one thing.",
                           positionals: [PositionalSpec("ID", help: "Which thing.")])
    let root = CommandSpec(name: "tool", summary: "A small tool.", subcommands: [list, show])
    return try CommandLineParser(root: root).parse(arguments)
}

// The README's example, run.
import Testing

@Suite struct ReadmeExampleTests {
    @Test func theExampleParsesAndRefusesAsTheCLIDoes() throws {
        guard case .run(let command) = try parse(["list", "--json"]) else { Issue.record("not a run"); return }
        #expect(command.path == ["list"] && command.flag("json"))
        #expect(try parse(["help", "show"]) == .help(path: ["show"]))
        #expect(throws: UsageError.self) { try parse(["lsit"]) }
    }
}
