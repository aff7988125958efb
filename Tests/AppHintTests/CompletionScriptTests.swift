import Testing
import VeetConsole
@testable import veet

/// The completion scripts come from the one command table: every command
/// and every option of `veet` is in each of them.
@Suite struct CompletionScriptTests {
    static func paths(_ spec: CommandSpec, _ path: [String] = []) -> [(path: [String], spec: CommandSpec)] {
        [(path, spec)] + spec.subcommands.flatMap { paths($0, path + [$0.name]) }
    }

    @Test(arguments: ShellCompletion.Shell.allCases)
    func everyCommandAndOptionOfTheTableIsInTheScript(_ shell: ShellCompletion.Shell) {
        let script = ShellCompletion(root: CompletionValues.sources.annotated(CommandTree.root)).script(for: shell)
        let all = Self.paths(CommandTree.root)
        #expect(all.count > 100)
        for (path, spec) in all {
            // The command's own case lists its subcommands, each with its summary.
            let pattern = path.joined(separator: " ")
            #expect(script.contains("'\(pattern)'"), "\(shell): no case for '\(pattern)'")
            // Each subcommand is a quoted "name:summary" (a tab for fish) line of some command's case.
            let separator = shell == .fish ? "\t" : ":"
            for sub in spec.subcommands {
                #expect(script.contains("'\(sub.name)\(separator)"), "\(shell): \(pattern) \(sub.name) missing")
            }
            for option in spec.options {
                #expect(script.contains("'--\(option.long)\(shell == .fish ? "\t" : ":")"), "\(shell): \(pattern) --\(option.long) missing")
            }
        }
    }

    @Test func liveValuesAreNamedByOptionAndPositional() {
        let root = CompletionValues.sources.annotated(CommandTree.root)
        #expect(root.options.first { $0.long == "connection" }?.completion == .live("connections"))
        #expect(root.options.first { $0.long == "color" }?.completion == .choices(["auto", "always", "never"]))
        #expect(root.command(at: ["sessions", "show"])?.positionals.first?.completion == .live("sessions"))
        #expect(root.command(at: ["connections", "use"])?.positionals.first?.completion == .live("connections"))
        #expect(root.command(at: ["schedules", "show"])?.positionals.first?.completion == .live("schedules"))
        #expect(root.command(at: ["outbox", "retry"])?.positionals.first?.completion == .live("outbox"))
        #expect(root.command(at: ["chat"])?.options.first { $0.long == "attach" }?.completion == .files)
        #expect(root.command(at: ["completion"])?.positionals.first?.completion == .choices(["bash", "zsh", "fish"]))
    }
}
