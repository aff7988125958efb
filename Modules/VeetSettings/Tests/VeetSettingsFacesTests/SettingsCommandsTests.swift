import Foundation
import Testing
import VeetConsole
import VeetFixture
import VeetSettings
import VeetSettingsCommands
import VeetTransport

/// The command group run in-process against the reference server: its spec parsed, its answers printed to files.
@Suite struct SettingsCommandsTests {
    static let token = "settings-commands-token"

    static func parse(_ words: String...) throws -> ParsedCommand {
        try ConsoleCapture.parse(words, group: SettingsCommands.spec)
    }

    private func start(_ change: (inout FixtureOptions) -> Void = { _ in }) throws -> (FixtureServer, SettingsCommands) {
        let (server, api) = try startFixture(token: Self.token, change)
        return (server, SettingsCommands(api: api, environment: ["EDITOR": "false"]))
    }

    /// A persona from before nominations: `persona show` still shows it, and says the suggestions are not offered here.
    @Test func personaShowSaysNominationsAreNotOfferedHere() async throws {
        let (server, group) = try start { $0.personaNominations = false }
        defer { server.stop() }
        let captured = try ConsoleCapture()
        #expect(try await group.run(Self.parse("settings", "persona", "show"), console: captured.console()) == .success)
        #expect(captured.stdout.hasPrefix("Persona  version "))
        #expect(captured.stdout.contains("This server does not offer nominations from memory; your persona still works."))
        #expect(!captured.stdout.contains("From memory:"))

        let json = try ConsoleCapture()
        #expect(try await group.run(Self.parse("settings", "persona", "show"), console: json.console(json: true)) == .success)
        #expect(json.stdout.contains("\"open_nominations\":[]") && !json.stdout.contains("does not offer"))
    }

    @Test func personaShowWithNominationsListsThemWithoutANotice() async throws {
        let (server, group) = try start()
        defer { server.stop() }
        let captured = try ConsoleCapture()
        #expect(try await group.run(Self.parse("settings", "persona", "show"), console: captured.console()) == .success)
        #expect(captured.stdout.contains("From memory:") && captured.stdout.contains("veet settings persona affirm "))
        #expect(!captured.stdout.contains("does not offer"))
    }

    /// A server without the resource: the domain's words, `not_offered` for --json, exit 1.
    @Test func aServerWithoutTheResourceIsNotOffered() async throws {
        let (server, group) = try start { $0 = $0.applying(.snapshot) }
        defer { server.stop() }
        do {
            _ = try await group.run(Self.parse("settings", "models"), console: try ConsoleCapture().console())
            Issue.record("a missing resource was not refused")
        } catch let failure as CommandFailure {
            #expect(failure.kind == "not_offered" && failure.exitCode == .failure)
            #expect(failure.message == "This server does not offer model settings.")
        }
    }

    /// A refused choice sends nothing and says why in the domain's words.
    @Test func aRefusedChoiceIsAFailureLine() async throws {
        let (server, group) = try start()
        defer { server.stop() }
        do {
            _ = try await group.run(Self.parse("settings", "models", "--chat", "fast", "--effort", "high"),
                                    console: try ConsoleCapture().console())
            Issue.record("a refused combination was accepted")
        } catch let failure as CommandFailure {
            #expect(failure.exitCode == .failure && failure.kind == nil)
            #expect(failure.message.hasPrefix("veet: ") && failure.message.hasSuffix("Nothing was saved; see `veet settings models`."))
        }
    }

    /// The editor failed: nothing saved, said as one line.
    @Test func aFailedEditorSavesNothing() async throws {
        let (server, group) = try start()
        defer { server.stop() }
        do {
            _ = try await group.run(Self.parse("settings", "persona", "edit"), console: try ConsoleCapture().console())
            Issue.record("a failed editor was not reported")
        } catch let failure as CommandFailure {
            #expect(failure.message == "veet: The editor (false) exited with status 1. Nothing was saved.")
        }
    }
}
