import Foundation
import Glibc
import Testing

/// veetd meets a 401: it stops sending to that server, keeps the outbox, logs
/// and tells it once, says "sign in again" through `status` (so `veet daemon
/// status` and `veet doctor` do too), and starts again once a new token is saved.
@Suite(.serialized) struct DaemonSignInTests {
    @Test func a401StopsTheDaemonUntilANewTokenAndKeepsTheOutbox() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try DaemonHome(fixture: fixture)
        defer { home.remove() }
        // A message waits in the outbox: queued while the server could not be reached.
        let saved = try Data(contentsOf: home.connectionsFile)
        let unreachable = String(decoding: saved, as: UTF8.self).replacingOccurrences(of: fixture.url, with: "http://127.0.0.1:1")
        try Data(unreachable.utf8).write(to: home.connectionsFile)
        _ = try home.veet(["chat", "--once", "kept while signed out"], timeout: 30)
        try saved.write(to: home.connectionsFile)
        #expect(try home.veet(["outbox", "list"]).stdout.contains("kept while signed out"))
        // The server stops accepting the saved token (as after the operator rotates it).
        let tokenFile = home.root.appendingPathComponent("config/veet/credentials/fx.token")
        #expect(FileManager.default.fileExists(atPath: tokenFile.path))
        try Data("an-old-token".utf8).write(to: tokenFile)
        _ = chmod(tokenFile.path, 0o600)

        let daemon = try DaemonProcess(home: home)
        defer { daemon.stop() }
        #expect(daemon.waitUntilListening(home.socketPath))
        #expect(try eventually(within: 20) { try home.veet(["daemon", "status"]).stdout.contains("sign in again") })
        // Several sync intervals later: one log line, one notice, nothing more asked of the server.
        let linesThen = home.log().components(separatedBy: "answered 401").count
        sleep(3)
        let log = home.log()
        #expect(log.components(separatedBy: "answered 401").count == 2 && linesThen == 2, "\(log)")
        #expect(log.components(separatedBy: "notice \"Sign in again to fx\"").count == 2, "\(log)")
        #expect(!log.contains("sync fx failed"), "a signed-out connection is not synced again and again: \(log)")
        #expect(!log.contains("an-old-token") && !log.contains(fixture.token))
        let status = try home.veet(["daemon", "status", "--json"]).stdout
        #expect(status.contains("\"sign_in_needed\":true"), "\(status)")
        #expect(try home.veet(["outbox", "list"]).stdout.contains("kept while signed out"), "the outbox is kept")
        let doctor = try home.veet(["doctor"], timeout: 30)
        #expect(doctor.stdout.contains("sign in fx"), "\(doctor.stdout)")

        // `veet connect` again with the right token: the daemon resumes and delivers.
        #expect(try home.veet(["connect", fixture.url, "--name", "fx"], stdin: fixture.token).status == 0)
        let drained = try eventually(within: 30) {
            try home.veet(["outbox", "list", "--json"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]"
        }
        #expect(drained, "\(home.log())")
        #expect(!(try home.veet(["daemon", "status"]).stdout.contains("sign in again")))
        #expect(home.log().contains("a new token was saved; syncing again"))
    }
}
