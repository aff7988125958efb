import Foundation
import Glibc
import Testing

/// veetd reads, when asked, the transcripts search cannot see yet
/// (`fill_transcripts`): what veet-tui asks while its status bar says
/// "N conversations not yet searchable". Its first sync reads only 50 of the 58
/// owner conversations (the seed's other 2 are the server's own); the request reads the rest, and `veet search` finds a
/// word of each without anything opened.
@Suite(.serialized) struct DaemonFillTranscriptsTests {
    @Test func aFillRoundReadsWhatTheSyncLeft() throws {
        let fixture = try FixtureProcess(arguments: ["--seed-sessions", "60"])
        defer { fixture.stop() }
        let home = try DaemonHome(fixture: fixture)
        defer { home.remove() }
        let daemon = try DaemonProcess(home: home, arguments: ["--sync-interval", "3600", "--alert-hold", "0.5"])
        defer { daemon.stop() }
        #expect(daemon.waitUntilListening(home.socketPath))
        #expect(eventually(within: 20) { home.log().contains("58 added, 0 updated, 0 removed, 1 pages, 50 transcripts") },
                "\(home.log())")

        let fd = try #require(RawSocket.connect(home.socketPath))
        defer { close(fd) }
        var buffer: [UInt8] = []
        RawSocket.send(fd, #"{"type":"hello","version":1,"client":"e2e"}"# + "\n")
        #expect(RawSocket.readLine(fd, buffer: &buffer)?.contains(#""type":"welcome""#) == true)
        RawSocket.send(fd, #"{"type":"fill_transcripts","connection":"fx"}"# + "\n")
        #expect(RawSocket.readLine(fd, buffer: &buffer)?.contains(#""type":"ok""#) == true)
        #expect(eventually(within: 5) { home.log().contains("transcripts fx: 8 read for search, 0 failed, 0 not yet searchable") },
                "\(home.log())")
        // Every conversation's text is now in the shared store: the CLI finds one of each kind of seeded chat.
        let found = try home.veet(["search", "spreadsheet"])
        #expect(found.status == 0 && !found.stdout.isEmpty, "\(found.stderr)")
    }
}
