import Foundation
import Synchronization
import Testing
import VeetFixture
import VeetFolders
import VeetFoldersScreens
import VeetTransport

/// The folder work against the reference server: what each action answers, and that the shell is
/// asked to show the center's new state (with the index read again after a refiling action).
@Suite struct FolderWorkTests {
    final class Answers: Sendable {
        let results = Mutex<[FolderResult]>([])
        let published = Mutex<[Bool]>([])
    }

    static func work(_ answers: Answers) async throws -> (FixtureServer, FolderWork, FolderCenter) {
        var options = FixtureOptions.testing
        options.folders = true
        let server = FixtureServer(token: "folder-work-token", options: options)
        let url = try server.start()
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: "folder-work-token"))
        let center = FolderCenter(api: FoldersAPI(sender: .live(client: client)))
        try await center.refresh()  // the center learns the server offers folders
        let work = FolderWork(center: center, describe: { "failed: \($0)" },
                              published: { refiled in answers.published.withLock { $0.append(refiled) } })
        return (server, work, center)
    }

    @Test func aCreatedFolderClosesTheFormAndATakenNameIsAFieldError() async throws {
        let answers = Answers()
        let (server, work, center) = try await Self.work(answers)
        defer { server.stop() }
        let report: @Sendable (FolderResult) -> Void = { result in answers.results.withLock { $0.append(result) } }
        await work.run(.create(name: "Trips"), report: report)
        await work.run(.create(name: "Trips"), report: report)
        let results = answers.results.withLock { $0 }
        #expect(results.first == .saved(notice: "Folder created"))
        guard case .refused(let message)? = results.last else { Issue.record("\(results)"); return }
        #expect(!message.hasPrefix("Not saved"), "a taken name is the field's error: \(message)")
        #expect(answers.published.withLock { $0 } == [false, false])
        #expect(await center.snapshot.folders.map(\.name) == ["Trips"])
    }

    @Test func aDeletedFolderIsSaidAndTheIndexIsReadAgain() async throws {
        let answers = Answers()
        let (server, work, center) = try await Self.work(answers)
        defer { server.stop() }
        let folder = try await center.create(name: "Old")
        await work.run(.delete(folderID: folder.id)) { result in answers.results.withLock { $0.append(result) } }
        #expect(answers.results.withLock { $0 } == [.notice("Folder deleted; its conversations are back in History")])
        #expect(answers.published.withLock { $0 } == [true])
        #expect(await center.snapshot.folders.isEmpty)
    }
}
