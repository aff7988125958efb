import Foundation
import Testing
import VeetBrowser

/// Opens `url` in a private window limited to its own origin, and reports how
/// many cookies the site set once the person is done; the profile is then wiped.
func cookieCount(at url: String, whenDone: () async -> Void) async throws -> Int {
    let origin = NavigationRule.origin(of: url) ?? url
    let window = try await Chromium().open(url, allowedOrigins: [origin])
    await whenDone()
    do {
        let count = try await window.cookies().count
        await window.close()
        return count
    } catch {
        await window.close()
        throw error
    }
}

// The README's example compiles here; it needs a display to run, so the test
// checks what it can without one: the one-sentence refusal.
@Suite struct ReadmeExampleTests {
    @Test func withoutADisplayTheExampleIsToldSo() async throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] == nil,
              ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] == nil else { return }
        guard Chromium.locate(environment: ProcessInfo.processInfo.environment) != nil else { return }
        await #expect(throws: BrowserError.noDisplay) { _ = try await cookieCount(at: "http://127.0.0.1:9/") {} }
    }
}
