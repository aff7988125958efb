import Foundation
import Testing
import VeetConsole
import VeetFixture
import VeetFolders
import VeetFoldersCommands
import VeetTransport

/// `veet folders` run in-process against the reference server: what the owner reads, and what a
/// server without folders, or with folders but no suggestions, makes of it.
@Suite struct FoldersCommandsTests {
    static let token = "folders-faces-token"

    struct Rig {
        let server: FixtureServer
        let group: FoldersCommands

        init(folders: Bool = true, proposals: Bool = true) throws {
            var options = FixtureOptions.testing
            options.folders = folders
            options.folderProposals = proposals
            server = FixtureServer(token: FoldersCommandsTests.token, options: options)
            let url = try server.start()
            let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString,
                                                                     token: FoldersCommandsTests.token))
            group = FoldersCommands(center: FolderCenter(api: FoldersAPI(sender: .live(client: client))))
        }

        func run(_ words: String..., json: Bool = false) async throws -> (ExitCode, ConsoleCapture) {
            let captured = try ConsoleCapture()
            let command = try ConsoleCapture.parse(words + (json ? ["--json"] : []), group: FoldersCommands.spec)
            return (try await group.run(command, console: captured.console(json: json)), captured)
        }
    }

    @Test func aCreatedFolderIsListedWithItsCount() async throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let (created, output) = try await rig.run("folders", "create", "Trips")
        #expect(created == .success)
        let id = try #require(output.stdout.split(separator: " ").last?.trimmingCharacters(in: .newlines))
        let (listed, list) = try await rig.run("folders", "list")
        #expect(listed == .success)
        #expect(list.stdout.contains("Trips  0 conversations  \(id)"))
    }

    @Test func aNameTooLongIsRefusedBeforeTheServerIsAsked() async throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let failure = await #expect(throws: CommandFailure.self) {
            _ = try await rig.run("folders", "create", String(repeating: "x", count: 65))
        }
        #expect(failure?.message.hasPrefix("veet: ") == true)
        #expect(failure?.exitCode == .failure)
    }

    @Test func aServerWithoutFoldersIsNotOffered() async throws {
        let rig = try Rig(folders: false)
        defer { rig.server.stop() }
        for words in [["folders", "list"], ["folders", "proposals"]] {
            let captured = try ConsoleCapture()
            let command = try ConsoleCapture.parse(words, group: FoldersCommands.spec)
            let failure = await #expect(throws: CommandFailure.self) {
                _ = try await rig.group.run(command, console: captured.console())
            }
            #expect(failure?.message == "This server does not offer folders.")
            #expect(failure?.kind == "not_offered")
        }
    }

    /// Folders without suggestions: the suggestions' list says only they are missing, and succeeds.
    @Test func aServerWithoutSuggestionsSaysSoWhereTheyWouldBe() async throws {
        let rig = try Rig(proposals: false)
        defer { rig.server.stop() }
        let (code, output) = try await rig.run("folders", "proposals")
        #expect(code == .success)
        #expect(output.stderr == FolderCenter.proposalsNoticeText + "\n")
        let (jsonCode, json) = try await rig.run("folders", "proposals", json: true)
        #expect(jsonCode == .success)
        #expect(json.stdout == "[]\n")
        #expect(try await rig.run("folders", "list").0 == .success)
    }
}
