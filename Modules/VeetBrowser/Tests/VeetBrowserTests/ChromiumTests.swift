import Foundation
import Testing
import VeetBrowser
import VeetFixture

/// Real headless Chromium against the reference server's sign-in website.
@Suite(.serialized, .timeLimit(.minutes(2)), .enabled(if: BrowserHarness.runs))
struct ChromiumTests {
    @Test func signsInReadsCookiesAndStorageWithoutScriptThenLeavesNothing() async throws {
        let server = FixtureServer(token: "t", options: .testing)
        try server.start()
        defer { server.stop() }
        let runtime = try BrowserHarness.makeRuntimeFolder()
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let chromium = try BrowserHarness.chromium(runtime: runtime)
        let window = try await chromium.open(server.signInSiteLoginURL, allowedOrigins: [server.siteOrigin])

        let folder = window.profile.path
        var info = stat()
        #expect(stat(folder, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        try await BrowserHarness.eventually("the login page") { try await window.currentURL().hasSuffix("/site/login") }
        try await BrowserHarness.signIn(window, name: "owner", password: "pw")
        try await BrowserHarness.eventually("the signed-in page") { try await window.currentURL().hasSuffix("/site/home") }
        var storage: [(name: String, value: String)] = []
        try await BrowserHarness.eventually("the page's token") {
            storage = try await window.localStorage(origin: server.siteOrigin)
            return !storage.isEmpty
        }
        #expect(storage.map(\.name) == ["fixture_token"])
        let cookies = try await window.cookies()
        let session = try #require(cookies.first { $0.name == "fixture_session" })
        #expect(session.httpOnly)
        #expect(session.domain == "127.0.0.1")
        #expect(session.expires == -1)
        #expect(!String(describing: session).contains(session.value))

        let noScript = window.sentMethods.filter { $0.hasPrefix("Runtime.") && $0 != "Runtime.runIfWaitingForDebugger" }
        #expect(noScript.isEmpty)
        #expect(!window.sentMethods.contains { $0.hasPrefix("Page.addScript") || $0.hasPrefix("Input.") })

        let pid = window.processID
        await window.close()
        #expect(!FileManager.default.fileExists(atPath: folder))
        #expect(kill(pid, 0) != 0)
    }

    @Test func aTopLevelLoadOutsideTheOriginsIsBlockedBeforeAnyRequest() async throws {
        let server = FixtureServer(token: "t", options: .testing)
        try server.start()
        let other = FixtureServer(token: "t", options: .testing)
        try other.start()
        defer { server.stop(); other.stop() }
        let runtime = try BrowserHarness.makeRuntimeFolder()
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let window = try await BrowserHarness.chromium(runtime: runtime)
            .open(server.signInSiteLoginURL, allowedOrigins: [server.siteOrigin])
        try await BrowserHarness.eventually("the login page") { try await window.currentURL().hasSuffix("/site/login") }
        try await window.navigate(to: other.signInSiteLoginURL)
        try await BrowserHarness.eventually("the refusal") { window.blockedOrigins == [other.siteOrigin] }
        #expect(other.recordedRequests.isEmpty)
        await window.close()
    }

    @Test func aKilledRunLeavesNothingAfterTheNextStart() async throws {
        let runtime = try BrowserHarness.makeRuntimeFolder()
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let chromium = try BrowserHarness.chromium(runtime: runtime)
        let first = try await chromium.open("about:blank", allowedOrigins: [])
        let leftover = first.profile.path
        let browser = first.processID
        // The owner dies without closing: its marker now names a process that is gone.
        let dead = try Self.deadProcessID()
        let marker = (leftover as NSString).appendingPathComponent("veet-owner.pid")
        try "\(dead)\n\(browser)\n".write(toFile: marker, atomically: true, encoding: .utf8)

        let second = try await chromium.open("about:blank", allowedOrigins: [])
        #expect(!FileManager.default.fileExists(atPath: leftover))
        try await BrowserHarness.eventually("the orphaned browser to end", seconds: 5) { kill(browser, 0) != 0 || Self.isZombie(browser) }
        await second.close()
        let parent = (runtime as NSString).appendingPathComponent("veet-browser")
        #expect((try FileManager.default.contentsOfDirectory(atPath: parent)).isEmpty)
    }

    /// The id of a process that has exited and been reaped.
    static func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// A child killed but not yet reaped by its parent (this test process) still answers kill(0).
    static func isZombie(_ pid: Int32) -> Bool {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        return status.contains("State:\tZ")
    }
}
