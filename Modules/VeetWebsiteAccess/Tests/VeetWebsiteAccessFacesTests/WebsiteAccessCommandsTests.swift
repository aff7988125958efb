import Foundation
import Testing
import VeetConsole
import VeetFixture
import VeetStore
import VeetTransport
import VeetWebsiteAccess
import VeetWebsiteAccessCommands

/// `veet sites` run in-process on the reference server: its spec parsed, its answers printed to files.
@Suite(.serialized) struct WebsiteAccessCommandsTests {
    static func group(_ client: HTTPClient, store: LocalStore, environment: [String: String] = [:]) -> WebsiteAccessCommands {
        WebsiteAccessCommands(client: { client }, chosenProfile: { ChosenProfile(store: store) }, environment: environment,
                              approveForTask: { _ in .success })
    }

    static func parse(_ words: String...) throws -> ParsedCommand {
        try ConsoleCapture.parse(words, group: WebsiteAccessCommands.spec)
    }

    @Test func listWithoutWebsitesSaysHowToAddOne() async throws {
        let server = FixtureServer(token: "t", options: .testing)
        let url = try server.start()
        defer { server.stop() }
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: "t"))
        let captured = try ConsoleCapture()
        let code = try await Self.group(client, store: try .inMemory(connection: "c")).run(Self.parse("sites", "list"),
                                                                                           console: captured.console())
        #expect(code == .success)
        #expect(captured.stdout.isEmpty)
        #expect(captured.stderr == "No websites yet. Add one with `veet sites add https://www.example.com`.\n")
    }

    @Test func aBadAddressIsRefusedBeforeAnyConnectionIsMade() async throws {
        let captured = try ConsoleCapture()
        let group = WebsiteAccessCommands(client: { throw CancellationError() }, chosenProfile: { throw CancellationError() },
                                          environment: [:], approveForTask: { _ in .success })
        await #expect(throws: (any Error).self) {
            _ = try await group.run(Self.parse("sites", "add", "http://www.example.org"), console: captured.console())
        }
        do {
            _ = try await group.run(Self.parse("sites", "add", "http://www.example.org"), console: captured.console())
        } catch {
            #expect("\(error)".hasPrefix("Only https:// websites"), "\(error)")
        }
    }

    @Test func deletingAProfileNotRevokedIsAUsageFailureNamingTheRevoke() async throws {
        let server = FixtureServer(token: "t", options: .testing)
        let url = try server.start()
        defer { server.stop() }
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: "t"))
        let api = WebsiteAccessAPI(sender: .live(client: client))
        let setup = try await CeremonyDriver(api: api).addWebsite(try WebsiteAddress(typed: "www.example.org"))
        let id = setup.profile.id
        let captured = try ConsoleCapture()
        do {
            _ = try await Self.group(client, store: try .inMemory(connection: "c")).run(Self.parse("sites", "delete", id),
                                                                                       console: captured.console())
            Issue.record("deleted a profile that was not revoked")
        } catch let failure as CommandFailure {
            #expect(failure.exitCode == .usage)
            #expect(failure.message.hasPrefix("veet: ") && failure.message.hasSuffix("(veet sites revoke \(id))"))
        }
    }

    @Test func approveIsHandedToTheApp() async throws {
        let captured = try ConsoleCapture()
        let group = WebsiteAccessCommands(client: { throw CancellationError() }, chosenProfile: { throw CancellationError() },
                                          environment: [:], approveForTask: { $0 == "ap1" ? .runCancelled : .failure })
        #expect(try await group.run(Self.parse("sites", "approve", "ap1"), console: captured.console()) == .runCancelled)
    }

    /// A server without task permissions: the feature's words, kind `not_offered` and exit 1 (docs/cli.md),
    /// never the report's catch-all "error".
    @Test func taskPermissionsNotOfferedAreSaidAsSuch() async throws {
        var options = FixtureOptions.testing
        options.taskPermissions = false
        let server = FixtureServer(token: "t", options: options)
        let url = try server.start()
        defer { server.stop() }
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: "t"))
        let captured = try ConsoleCapture()
        do {
            _ = try await Self.group(client, store: try .inMemory(connection: "c")).run(Self.parse("sites", "scopes", "show"),
                                                                                       console: captured.console())
            Issue.record("task scopes read on a server without them")
        } catch let failure as CommandFailure {
            #expect(failure.kind == "not_offered" && failure.exitCode == .failure)
            #expect(failure.message == "This server does not offer task permissions.")
        }
    }
}
