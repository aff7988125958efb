import Foundation
import Testing

/// `veet sites add` signing in on this device, with the built apps: a
/// display is claimed and the browser is the tests' own wrapper around
/// Debian's Chromium (headless, no sandbox: the tests may run as root). The
/// window holds nothing of the website, so nothing is sent, the remote
/// offer is declined, and the new profile and the browser's folder are gone.
@Suite(.serialized) struct DeviceSignInJourneyTests {
    static var runs: Bool {
        let environment = ProcessInfo.processInfo.environment
        let found = (environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/chromium")
        }
        if found || environment["CI"] == "true" { return true }
        print("DeviceSignInJourneyTests: Chromium is not installed (Scripts/bootstrap installs it); skipped.")
        return false
    }

    @Test(.enabled(if: runs)) func anEmptyWindowSendsNothingAndDecliningTheRemoteOfferRollsBack() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let runtime = home.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let wrapper = home.appendingPathComponent("chromium-for-tests")
        try "#!/bin/sh\nexec chromium --headless=new --no-sandbox \"$@\"\n".write(to: wrapper, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        let device = ["DISPLAY": ":99", "VEET_BROWSER": wrapper.path, "XDG_RUNTIME_DIR": runtime.path]

        let added = try CLIEndToEndTests().veet(["sites", "add", "https://www.example.net/"], fixture: fixture, home: home,
                                                stdin: "\nn\n", extraEnvironment: device)
        #expect(added.status == 1, "\(added.stderr)")
        #expect(added.stderr.contains("A private Chromium window is open on the website"), "\(added.stderr)")
        #expect(added.stderr.contains("nothing was sent"), "\(added.stderr)")
        #expect(!added.stderr.contains("Continue in web browser"))
        let listed = try CLIEndToEndTests().veet(["sites", "list", "--json"], fixture: fixture, home: home)
        #expect(!listed.stdout.contains("www.example.net"), "\(listed.stdout)")
        // VeetKit's folders only (Chromium's desktop libraries keep their own runtime files beside them).
        let profiles = runtime.appendingPathComponent("veet-browser").path
        let left = FileManager.default.enumerator(atPath: profiles)?.allObjects as? [String] ?? []
        #expect(FileManager.default.fileExists(atPath: profiles))
        #expect(left.isEmpty, "\(left)")

        let remote = try CLIEndToEndTests().veet(["sites", "add", "https://www.example.net/", "--remote", "--no-wait"],
                                                 fixture: fixture, home: home, extraEnvironment: device)
        #expect(remote.status == 7, "\(remote.stderr)")
        #expect(!remote.stderr.contains("private Chromium window"))
    }
}
