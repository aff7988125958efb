import Foundation
import Testing
import VeetBrowser
import VeetFixture

/// The tests' own switch: headless Chromium without its sandbox (they may run
/// as root in CI, where the sandbox cannot start). Skipped only when no
/// Chromium is installed and this is not CI; on CI (CI=true) they must run.
enum BrowserHarness {
    static let environment = ProcessInfo.processInfo.environment

    static var chromiumPresent: Bool { Chromium.locate(environment: environment) != nil }

    /// True when the Chromium tests can run; false (with a note) when they are skipped.
    static var runs: Bool {
        if chromiumPresent { return true }
        if environment["CI"] == "true" { return true }  // fail loudly rather than skip on CI
        print("VeetBrowser: Chromium is not installed (Scripts/bootstrap installs it); the browser tests are skipped.")
        return false
    }

    /// A private folder for the profiles, so the tests never touch the person's own.
    static func environment(runtime: String) -> [String: String] {
        var copy = environment
        copy["XDG_RUNTIME_DIR"] = runtime
        return copy
    }

    static func makeRuntimeFolder() throws -> String {
        let path = NSTemporaryDirectory() + "veet-browser-test-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        return path
    }

    static func chromium(runtime: String) throws -> Chromium {
        try Chromium(environment: environment(runtime: runtime), mode: .headlessForTests)
    }

    /// Waits (briefly, polling) until `condition` holds.
    static func eventually(_ what: String, seconds: Double = 15,
                           _ condition: () async throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if (try? await condition()) == true { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("timed out waiting for \(what)")
        throw CancellationError()
    }

    /// Types into the fixture site's form as the person would: focus a field
    /// and insert text (Input domain), then press the button. Test-only: the
    /// driver itself never runs script or types.
    static func signIn(_ window: BrowserWindow, name: String, password: String) async throws {
        // The address changes before the page is parsed: wait until the form is there.
        var root = 0
        try await eventually("the form") {
            let document = try await window.devTools("DOM.getDocument")
            root = ((document["root"] as? [String: Any])?["nodeId"] as? Int) ?? 0
            let button = try await window.devTools("DOM.querySelector", ["nodeId": root, "selector": "#submit"])
            return (button["nodeId"] as? Int ?? 0) != 0
        }
        for (selector, text) in [("#username", name), ("#password", password)] {
            let node = try await window.devTools("DOM.querySelector", ["nodeId": root, "selector": selector])
            _ = try await window.devTools("DOM.focus", ["nodeId": node["nodeId"] as? Int ?? 0])
            _ = try await window.devTools("Input.insertText", ["text": text])
        }
        _ = try await window.devTools("Input.dispatchKeyEvent", ["type": "keyDown", "key": "Enter", "code": "Enter",
                                                                   "windowsVirtualKeyCode": 13, "text": "\r"])
        _ = try await window.devTools("Input.dispatchKeyEvent", ["type": "keyUp", "key": "Enter", "code": "Enter",
                                                                   "windowsVirtualKeyCode": 13])
    }
}
