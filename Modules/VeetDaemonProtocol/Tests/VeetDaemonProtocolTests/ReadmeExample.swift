import Foundation
import VeetDaemonProtocol

/// One line about the daemon for this user's runtime folder: running (and what it watches) or not.
func daemonLine(environment: [String: String]) -> String {
    guard let status = DaemonClient.status(paths: DaemonPaths(environment: environment), timeout: 1) else {
        return "veetd is not running"
    }
    return "veetd \(status.version) (pid \(status.pid)) watches \(status.watchedRuns.count) run(s)"
}

// The README's example, run.
import Testing

@Suite struct ReadmeExampleTests {
    @Test func theExampleSaysSoWhenNoDaemonListens() {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("veet-readme-\(UUID().uuidString)").path
        #expect(daemonLine(environment: ["XDG_RUNTIME_DIR": empty, "XDG_STATE_HOME": empty]) == "veetd is not running")
    }
}
