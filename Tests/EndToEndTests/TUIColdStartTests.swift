import Foundation
import Testing

/// `veet-tui --first-frame-exit` (what `make bench` times as the cold start)
/// paints from the cache and leaves before the first reconcile: the server
/// named by VEET_URL never hears from it.
@Suite struct TUIColdStartTests {
    @Test func theFirstFrameAsksNothingOfTheServer() throws {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        guard FileManager.default.isExecutableFile(atPath: script.path) else {
            Issue.record("/usr/bin/script is missing (util-linux): it gives veet-tui a terminal")
            return
        }
        let tui = try Harness.binary("veet-tui")
        let listener = try RecordingListener()
        defer { listener.stop() }
        let home = try Harness.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/c", "XDG_DATA_HOME": home.path + "/d",
                           "XDG_STATE_HOME": home.path + "/s", "XDG_CACHE_HOME": home.path + "/k",
                           "XDG_RUNTIME_DIR": "/tmp/veet-no-daemon-\(UUID().uuidString.prefix(8))",
                           "VEET_URL": listener.url, "VEET_TOKEN": "cold-start", "TERM": "xterm-256color",
                           "VEET_APPEARANCE": "dark", "LINES": "32", "COLUMNS": "120"]
        for _ in 0..<3 {
            let run = try runProcess(script, ["-qec", "\(tui.path) --first-frame-exit", "/dev/null"],
                                     environment: environment, timeout: 30)
            #expect(run.status == 0, "veet-tui --first-frame-exit: \(run.stderr)")
            #expect(run.stdout.contains("New conversation"), "no first frame: \(run.stdout.suffix(300))")
        }
        // The old loop started a reconcile before its first paint; give a late request time to arrive.
        Thread.sleep(forTimeInterval: 0.3)
        #expect(listener.connectionCount == 0, "the cold start reached the server: \(listener.requestHeads)")
    }
}
