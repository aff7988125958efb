import Foundation
import Testing
import VeetConsole
import VeetSettingsCommands

/// `settings privacy` on the paths an app hands in: no server, no file read.
@Suite struct PrivacyReportTests {
    static let report = PrivacyReport(
        build: .init(version: "9.9.9", build: "42", commit: "abc1234", line: "veet 9.9.9 (build 42, commit abc1234)"),
        paths: .init(connectionsFile: "/c/connections.json", credentialsDirectory: "/c/credentials", databaseFile: "/d/veet.sqlite",
                     daemonLog: "/s/veetd.log", daemonSocket: "/r/veetd.sock"))

    @Test func thePlacesAreTheHandedInPathsAndTheCacheIsClearedByItsOwnFile() throws {
        let captured = try ConsoleCapture()
        #expect(try Self.report.run(console: captured.console()) == .success)
        let lines = captured.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "veet 9.9.9 (build 42, commit abc1234)")
        #expect(lines.contains("  cache         /d/veet.sqlite"))
        #expect(lines.contains("  daemon socket /r/veetd.sock"))
        #expect(captured.stdout.contains("then delete /d/veet.sqlite and its -wal and -shm files"))
        #expect(captured.stderr.isEmpty)
    }

    @Test func jsonHoldsTheBuildAndEveryPlaceOnOneLine() throws {
        let captured = try ConsoleCapture()
        #expect(try Self.report.run(console: captured.console(json: true)) == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(captured.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "9.9.9" && object["commit"] as? String == "abc1234")
        let places = try #require(object["places"] as? [[String: String]])
        #expect(places.map { $0["kind"] } == ["connections", "tokens", "cache", "daemon log", "daemon socket"])
        #expect(places.map { $0["path"] } == ["/c/connections.json", "/c/credentials", "/d/veet.sqlite", "/s/veetd.log", "/r/veetd.sock"])
        #expect((object["never_stored"] as? [String])?.isEmpty == false)
        #expect(captured.stdout.filter { $0 == "\n" }.count == 1)
    }
}
