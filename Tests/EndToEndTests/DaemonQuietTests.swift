import Foundation
import Glibc
import Testing

/// A daemon that asks little while nobody looks (docs/daemon.md, "How often it asks"):
/// full walks at the sync interval only while a client says the owner looks, glances
/// otherwise, and `veet` reading the store veetd keeps after asking it to sync.
@Suite(.serialized, .timeLimit(.minutes(2))) struct DaemonQuietTests {
    @Test func fullWalksOnlyWhileAClientLooks() throws {
        let fixture = try FixtureProcess(arguments: [])
        defer { fixture.stop() }
        let home = try DaemonHome(fixture: fixture)
        defer { home.remove() }
        let daemon = try DaemonProcess(home: home)  // --sync-interval 1: glances every 2 s while nobody looks
        defer { daemon.stop() }
        #expect(daemon.waitUntilListening(home.socketPath))
        #expect(eventually(within: 20) { home.log().contains("sync fx:") }, "\(home.log())")
        func walks() -> Int { home.log().components(separatedBy: "sync fx:").count - 1 }

        // Nobody looks: over 4 s, glances only (they log nothing when nothing changed), no full walk.
        let idle = walks()
        usleep(4_000_000)
        #expect(walks() == idle, "\(home.log())")

        // A client looks: a full walk at once, then one a second.
        let fd = try #require(RawSocket.connect(home.socketPath))
        defer { close(fd) }
        var buffer: [UInt8] = []
        RawSocket.send(fd, #"{"type":"hello","version":1,"client":"e2e"}"# + "\n")
        #expect(RawSocket.readLine(fd, buffer: &buffer)?.contains(#""type":"welcome""#) == true)
        RawSocket.send(fd, #"{"type":"looking","focused":true}"# + "\n")
        #expect(RawSocket.readLine(fd, buffer: &buffer) == #"{"type":"ok"}"#)
        #expect(eventually(within: 20) { walks() >= idle + 3 }, "\(home.log())")
        #expect(home.log().contains("a client looks"))
        RawSocket.send(fd, #"{"type":"status"}"# + "\n")
        #expect(RawSocket.readLine(fd, buffer: &buffer)?.contains(#""index_changed_at""#) == true)

        // It looks away: glances again.
        RawSocket.send(fd, #"{"type":"looking","focused":false}"# + "\n")
        #expect(RawSocket.readLine(fd, buffer: &buffer) == #"{"type":"ok"}"#)
        #expect(eventually(within: 20) { home.log().contains("nobody looks") })
        usleep(1_500_000)  // a walk in flight when it looked away may still finish
        let away = walks()
        usleep(4_000_000)
        #expect(walks() == away, "\(home.log())")

        // A command that asks gets a full walk through veetd, and reads the store it keeps.
        let list = try home.veet(["sessions", "list", "--refresh", "--json"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(walks() == away + 1, "\(home.log())")
    }
}
