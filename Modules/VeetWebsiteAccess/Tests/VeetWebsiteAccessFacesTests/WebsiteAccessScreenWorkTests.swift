import Foundation
import Testing
import VeetBrowser
import VeetCurses
import VeetFixture
import VeetTransport
import VeetWebsiteAccess
import VeetWebsiteAccessCommands
import VeetWebsiteAccessScreens

/// The screen and its work together on the reference server: each effect run,
/// each answer applied to the screen, as the shell does (`ScreenRun`).
@Suite(.serialized, .timeLimit(.minutes(2))) struct WebsiteAccessScreenWorkTests {
    /// A window that holds nothing and records that it was opened and closed.
    struct EmptyBrowser: SignInBrowser {
        let log = WindowLog()
        func open(loginURL: String, allowedOrigins: [String]) async throws -> any SignInWindow {
            await log.note("open \(loginURL)")
            return Window(log: log)
        }
        struct Window: SignInWindow {
            let log: WindowLog
            func capture() async throws -> BrowserCapture {
                await log.note("capture")
                return BrowserCapture(confirmedURL: "https://www.example.net/", cookies: [], storage: [])
            }
            func close() async { await log.note("close") }
        }
    }

    actor WindowLog {
        var lines: [String] = []
        func note(_ line: String) { lines.append(line) }
    }

    static func fixture(_ options: FixtureOptions = .testing) throws -> (FixtureServer, HTTPClient) {
        let server = FixtureServer(token: "sites-token", options: options)
        let url = try server.start()
        return (server, HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: "sites-token")))
    }

    @Test func cancellingTheWindowSendsNothingAndRollsTheNewWebsiteBack() async throws {
        let (server, client) = try Self.fixture()
        defer { server.stop() }
        let api = WebsiteAccessAPI(sender: .live(client: client))
        let browser = EmptyBrowser()
        let work = WebsiteAccessScreenWork(api: api, chosen: nil,
                                           device: DeviceSignIn(driver: CeremonyDriver(api: api),
                                                                outside: .live(client: client, timeout: DeviceSignIn.timeout)),
                                           browser: { browser }, pollInterval: .milliseconds(20))
        let run = ScreenRun(WebsiteAccessScreen(signsInOnDevice: true), work: work)
        await run.until { $0.overview != nil }
        await run.press(.char("a"))
        await run.paste("www.example.net")
        await run.press(KeyPress(.enter))
        await run.until { $0.device?.stage == .waiting }
        await run.press(KeyPress(.escape))
        await run.until { $0.device == nil && $0.overview?.rows.isEmpty == true }
        let screen = await run.screen
        #expect(screen.message.hasPrefix("Cancelled; the browser window's data was wiped and nothing was sent."), "\(screen.message)")
        #expect(screen.message.contains("The half-made profile was removed"))
        #expect(await browser.log.lines == ["open https://www.example.net/", "close"])
        #expect(try await api.allProfiles().isEmpty)
        await run.close()
    }

    @Test(.enabled(if: FacesChromium.runs)) func signingInAgainInARealWindowTurnsTheProfileReady() async throws {
        var options = FixtureOptions.testing
        options.allowsOwnSiteOrigin = true
        let (server, client) = try Self.fixture(options)
        defer { server.stop() }
        let api = WebsiteAccessAPI(sender: .live(client: client))
        var create = try HTTPRequest.post("/v1/browser-profiles", json: ["allowed_origins": [server.siteOrigin]])
        create.setHeader("Idempotency-Key", "screen-device-test")
        let profile = try await api.send.decode(create, as: BrowserProfile.self)
        let runtime = NSTemporaryDirectory() + "veet-screen-device-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime
        let browser = FacesChromium.Recording(chromium: try Chromium(environment: environment, mode: .headlessForTests))
        let work = WebsiteAccessScreenWork(
            api: api, chosen: nil,
            device: DeviceSignIn(driver: CeremonyDriver(api: api), outside: .live(client: client, timeout: DeviceSignIn.timeout),
                                 allowingLoopbackHTTPForTests: true),
            browser: { browser }, pollInterval: .milliseconds(50))
        let run = ScreenRun(WebsiteAccessScreen(signsInOnDevice: true), work: work)
        await run.until { $0.overview?.rows.count == 1 }
        await run.press(.char("s"))
        await run.until { $0.device?.stage == .waiting }
        // The person at the keyboard signs in in the window, then presses Enter on the screen.
        let window = try #require(await browser.opened.first)
        // The window opens on the website's root; the person follows it to the login form.
        try await FacesChromium.eventually { try await window.currentURL().hasPrefix(server.siteOrigin) }
        _ = try await window.devTools("Page.navigate", ["url": server.signInSiteLoginURL])
        try await FacesChromium.eventually { try await window.currentURL().hasSuffix("/site/login") }
        try await FacesChromium.signIn(window, name: "owner", password: FacesChromium.canary)
        try await FacesChromium.eventually { !(try await window.localStorage(origin: server.siteOrigin)).isEmpty }
        await run.press(KeyPress(.enter))
        await run.until { $0.device == nil }
        let screen = await run.screen
        #expect(screen.message.hasPrefix("Signed in."), "\(screen.message)")
        #expect(try await api.profile(id: profile.id).status == .ready)
        // Nothing of the session is kept or shown: not the canary, not the cookie's value.
        let painted = await run.painted()
        #expect(!painted.contains(FacesChromium.canary) && !String(reflecting: screen).contains(FacesChromium.canary))
        #expect(!FileManager.default.fileExists(atPath: window.profile.path))
        await run.close()
    }
}

/// Runs a screen with its work as the shell does: effects started as tasks, answers applied in order.
actor ScreenRun<Screen: FeatureScreen> {
    private(set) var screen: Screen
    private let work: any ScreenEffects<Screen>

    init(_ screen: Screen, work: some ScreenEffects<Screen>) {
        self.screen = screen
        self.work = work
        Task { await self.start(screen.openingEffects) }
    }

    private func start(_ effects: [Screen.Effect]) {
        for effect in effects {
            let work = self.work
            Task { await work.run(effect) { result in Task { await self.apply(result) } } }
        }
    }

    private func apply(_ result: Screen.Result) {
        let step = screen.update(.result(result))
        start(step.effects)
    }

    func press(_ key: KeyPress) { start(screen.update(.key(key)).effects) }

    func paste(_ text: String) { start(screen.update(.paste(text)).effects) }

    func close() { press(KeyPress(.escape)) }

    func painted() -> String {
        var grid = ScreenGrid(width: 120, height: 30)
        screen.paint(in: &grid, now: Date())
        return grid.snapshot
    }

    /// Waits (at most 30 s) until `condition` holds of the screen.
    func until(_ condition: @Sendable (Screen) -> Bool) async {
        let deadline = Date().addingTimeInterval(30)
        while !condition(screen) && Date() < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        if !condition(screen) { Issue.record("the screen never got there: \(screen)") }
    }
}

/// Debian's Chromium, headless and without its sandbox (the tests may run as root in CI).
enum FacesChromium {
    static let canary = "CANARY-pw-screen-7d21"

    static var runs: Bool {
        let environment = ProcessInfo.processInfo.environment
        if Chromium.locate(environment: environment) != nil || environment["CI"] == "true" { return true }
        print("VeetWebsiteAccessFaces: Chromium is not installed (Scripts/bootstrap installs it); the screen's device test is skipped.")
        return false
    }

    /// The app's own adapter (`ChromiumSignInWindow`), recording each window so the test can type into it.
    struct Recording: SignInBrowser {
        let chromium: Chromium
        let record = Opened()
        var opened: [BrowserWindow] { get async { await record.windows } }

        func open(loginURL: String, allowedOrigins: [String]) async throws -> any SignInWindow {
            let window = try await chromium.open(loginURL, allowedOrigins: allowedOrigins)
            await record.add(window)
            return ChromiumSignInWindow(window: window)
        }
    }

    actor Opened {
        var windows: [BrowserWindow] = []
        func add(_ window: BrowserWindow) { windows.append(window) }
    }

    static func eventually(seconds: Double = 15, _ condition: () async throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if (try? await condition()) == true { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw CancellationError()
    }

    /// Types into the site's form as a person would (focus, insert text, Enter); test-only.
    static func signIn(_ window: BrowserWindow, name: String, password: String) async throws {
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
}
