import Foundation
import Testing

/// The Devices screen (Alt-D, issue 20 item 7) against the fixture: a device
/// registered with the built `veet` on the same connection is listed as this
/// computer's; revoke asks first (n keeps it), y revokes it, and `veet devices
/// list --json` reads it back revoked.
@Suite(.serialized) struct TUIDevicesScreenTests {
    @Test func listAndRevokeADevice() throws {
        guard TmuxTerminal.isAvailable else {
            Issue.record("tmux is missing: Scripts/bootstrap installs it")
            return
        }
        let session = try TUISession(width: 120, height: 30,
                                     extraEnvironment: "XDG_RUNTIME_DIR=/tmp/veet-no-daemon-\(UUID().uuidString.prefix(8))")
        defer { session.stop() }
        let registered = try veet(session, ["devices", "register", "--name", "Balcony laptop", "--json"])
        #expect(registered.contains("Balcony laptop"), "\(registered)")
        let tui = session.terminal
        try tui.waitFor("New conversation")
        try tui.press("M-d")
        let listed = try tui.waitFor("▸ Balcony laptop (this computer)")
        #expect(listed.contains("active"))
        try tui.press("x")
        try tui.waitFor("Revoke “Balcony laptop”? It gets no more notifications.  y revoke it  n keep it")
        try tui.press("n")
        try tui.waitFor("Kept.")
        try tui.press("x")
        try tui.waitFor("y revoke it")
        try tui.press("y")
        try tui.waitUntil("revoked") { $0.contains("Revoked “Balcony laptop”") && $0.contains("revoked ") }
        let devices = try veet(session, ["devices", "list", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(devices.utf8)) as? [[String: Any]])
        #expect(rows.first { $0["name"] as? String == "Balcony laptop" }?["status"] as? String == "revoked", "\(devices)")
        try tui.press("x")
        try tui.waitFor("is already revoked.")
        try tui.press("Escape")
        try tui.waitFor("Ctrl-C quit")
        try tui.press("C-d")
    }

    private func veet(_ session: TUISession, _ arguments: [String]) throws -> String {
        let result = try runProcess(try Harness.binary("veet"), arguments, environment: [
            "HOME": session.home.path, "VEET_URL": session.fixture.url, "VEET_TOKEN": session.fixture.token,
            "XDG_CONFIG_HOME": session.home.path + "/c", "XDG_DATA_HOME": session.home.path + "/d",
        ], timeout: 20)
        try #require(result.status == 0, "veet \(arguments.joined(separator: " ")): \(result.stderr)")
        return result.stdout
    }
}
