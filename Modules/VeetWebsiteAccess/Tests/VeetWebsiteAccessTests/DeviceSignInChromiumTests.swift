import Foundation
import Testing
import VeetBrowser
import VeetFixture
import VeetTransport
import VeetWebsiteAccess

/// The whole device sign-in on one machine: real headless Chromium signs in
/// to the reference server's website, the session is handed over, and the
/// ceremony turns ready. Skipped only without Chromium outside CI.
@Suite(.serialized, .timeLimit(.minutes(2)), .enabled(if: ChromiumForTests.runs))
struct DeviceSignInChromiumTests {
    static let canary = "CANARY-pw-51c0e3"

    @Test func aPersonSignsInAndTheProfileTurnsReadyThroughTheHandOff() async throws {
        var options = FixtureOptions.testing
        options.allowsOwnSiteOrigin = true
        let server = FixtureServer(token: "device-token", options: options)
        let url = try server.start()
        defer { server.stop() }
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: "device-token"))
        let api = WebsiteAccessAPI(sender: .live(client: client))
        var create = try HTTPRequest.post("/v1/browser-profiles", json: ["allowed_origins": [server.siteOrigin]])
        create.setHeader("Idempotency-Key", "device-test")
        let profile = try await api.send.decode(create, as: BrowserProfile.self)

        let sent = SentBodies()
        let live = OutsideSender.live(client: client, timeout: DeviceSignIn.timeout)
        let outside = OutsideSender { url, request in
            await sent.add(request.body ?? Data())
            return try await live.send(request, to: url)
        }
        let runtime = try ChromiumForTests.runtimeFolder()
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let browser = ChromiumForTests.Browser(chromium: try ChromiumForTests.chromium(runtime: runtime))
        let flow = DeviceSignIn(driver: CeremonyDriver(api: api), outside: outside, allowingLoopbackHTTPForTests: true)

        let outcome = try await flow.signIn(profile: profile, loginURL: server.signInSiteLoginURL, browser: browser) {
            // The person at the keyboard: types into the site's form, then presses Enter in the terminal.
            guard let window = await browser.opened.first else { return .cancel }
            do {
                try await ChromiumForTests.eventually { try await window.currentURL().hasSuffix("/site/login") }
                try await ChromiumForTests.signIn(window, name: "owner", password: Self.canary)
                try await ChromiumForTests.eventually { !(try await window.localStorage(origin: server.siteOrigin)).isEmpty }
                let arguments = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(window.processID)/cmdline"))) ?? Data()
                #expect(!arguments.isEmpty && !String(decoding: arguments, as: UTF8.self).contains(Self.canary))
                return .signedIn
            } catch {
                Issue.record("the person could not sign in: \(error)")
                return .cancel
            }
        }

        #expect(outcome.isReady, "\(outcome)")
        #expect(outcome.ceremony?.status == .ready)
        #expect(try await api.profile(id: profile.id).status == .ready)
        let ceremonyID = try #require(outcome.ceremony?.id)
        #expect(server.ceremonyWasDevice(ceremonyID))
        let bodies = await sent.values
        #expect(bodies.count == 1)
        let body = String(decoding: bodies.first ?? Data(), as: UTF8.self)
        #expect(body.contains("fixture_session") && body.contains("fixture_token"))
        // The canary password is nowhere: not in what was sent, said or left on disk.
        #expect(!body.contains(Self.canary))
        #expect(!"\(outcome)".contains(Self.canary) && !String(reflecting: outcome).contains(Self.canary))
        let window = try #require(await browser.opened.first)
        #expect(!FileManager.default.fileExists(atPath: window.profile.path))
        #expect(try ChromiumForTests.filesUnder(runtime).isEmpty)
        #expect(kill(window.processID, 0) != 0)
    }

    @Test func aSignedOutWindowIsRefusedAndOffersTheRemoteCeremony() async throws {
        var options = FixtureOptions.testing
        options.allowsOwnSiteOrigin = true
        let server = FixtureServer(token: "device-token", options: options)
        let url = try server.start()
        defer { server.stop() }
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: "device-token"))
        let api = WebsiteAccessAPI(sender: .live(client: client))
        var create = try HTTPRequest.post("/v1/browser-profiles", json: ["allowed_origins": [server.siteOrigin]])
        create.setHeader("Idempotency-Key", "device-test-2")
        let profile = try await api.send.decode(create, as: BrowserProfile.self)
        let runtime = try ChromiumForTests.runtimeFolder()
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let browser = ChromiumForTests.Browser(chromium: try ChromiumForTests.chromium(runtime: runtime))
        let flow = DeviceSignIn(driver: CeremonyDriver(api: api), outside: .live(client: client, timeout: DeviceSignIn.timeout),
                                allowingLoopbackHTTPForTests: true)
        // Confirmed on the login page without signing in: the browser holds nothing of the site.
        let outcome = try await flow.signIn(profile: profile, loginURL: server.signInSiteLoginURL, browser: browser) {
            guard let window = await browser.opened.first else { return .cancel }
            try? await ChromiumForTests.eventually { try await window.currentURL().hasSuffix("/site/login") }
            return .signedIn
        }
        #expect(outcome == .notSent(.empty))
        #expect(outcome.offersRemote)
        #expect(try ChromiumForTests.filesUnder(runtime).isEmpty)
    }
}

actor SentBodies {
    var values: [Data] = []
    func add(_ body: Data) { values.append(body) }
}

/// What the app does too: VeetBrowser adapted to the feature's `SignInBrowser`.
enum ChromiumForTests {
    static var runs: Bool {
        let environment = ProcessInfo.processInfo.environment
        if Chromium.locate(environment: environment) != nil || environment["CI"] == "true" { return true }
        print("VeetWebsiteAccess: Chromium is not installed (Scripts/bootstrap installs it); the device sign-in tests are skipped.")
        return false
    }

    static func runtimeFolder() throws -> String {
        let path = NSTemporaryDirectory() + "veet-device-test-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        return path
    }

    static func chromium(runtime: String) throws -> Chromium {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime
        return try Chromium(environment: environment, mode: .headlessForTests)
    }

    /// Every file left under `folder` (the empty `veet-browser` parent aside).
    static func filesUnder(_ folder: String) throws -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { $0 != "veet-browser" }
    }

    static func eventually(seconds: Double = 15, _ condition: () async throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if (try? await condition()) == true { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw CancellationError()
    }

    /// Types into the form as a person would (focus, insert text, Enter); test-only.
    static func signIn(_ window: BrowserWindow, name: String, password: String) async throws {
        // The address changes before the page is parsed: wait until the form is there.
        var root = 0
        try await eventually {
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

    actor Opened {
        var windows: [BrowserWindow] = []
        func add(_ window: BrowserWindow) { windows.append(window) }
    }

    struct Browser: SignInBrowser {
        let chromium: Chromium
        let record = Opened()

        var opened: [BrowserWindow] { get async { await record.windows } }

        func open(loginURL: String, allowedOrigins: [String]) async throws -> any SignInWindow {
            let window = try await chromium.open(loginURL, allowedOrigins: allowedOrigins)
            await record.add(window)
            return Window(window: window)
        }
    }

    struct Window: SignInWindow {
        let window: BrowserWindow

        func capture() async throws -> BrowserCapture {
            let url = try await window.currentURL()
            let cookies = try await window.cookies().map {
                CapturedCookie(name: $0.name, value: $0.value, domain: $0.domain, path: $0.path, expires: $0.expires,
                               httpOnly: $0.httpOnly, secure: $0.secure, sameSite: $0.sameSite)
            }
            var storage: [CapturedStorage] = []
            for origin in window.allowedOrigins {
                let items = try await window.localStorage(origin: origin)
                if !items.isEmpty { storage.append(CapturedStorage(origin: origin, items: items.map { .init(name: $0.name, value: $0.value) })) }
            }
            return BrowserCapture(confirmedURL: url, cookies: cookies, storage: storage)
        }

        func close() async { await window.close() }
    }
}
