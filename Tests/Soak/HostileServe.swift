import Foundation
import VeetFixture
#if canImport(Glibc)
import Glibc
#endif

/// `veet-soak --serve-hostile KIND`: one `HostileServer` as a program, so a
/// person can point `veet` or `veet-tui` at it. Prints the URL, serves until
/// SIGINT or SIGTERM.
enum HostileServe {
    static func run(kindName: String, port: UInt16) -> Int32 {
        guard let kind = HostileKind(rawValue: kindName) else {
            fail("--serve-hostile: one of \(HostileKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        // Blocked before the server's threads start, so they inherit the mask and sigwait receives them.
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let server = HostileServer(kind: kind)
        do {
            say(try server.start(port: port).absoluteString)
        } catch {
            fail("cannot listen: \(error)")
        }
        var received: Int32 = 0
        sigwait(&signals, &received)
        server.stop()
        return 0
    }
}
