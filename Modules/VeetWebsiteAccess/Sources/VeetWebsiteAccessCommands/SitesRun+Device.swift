import Foundation
import VeetBrowser
import VeetConsole
import VeetTransport
import VeetWebsiteAccess

/// "Sign in on this device" for `veet sites add|signin`: a private Chromium
/// window (VeetBrowser) adapted to the feature's `SignInBrowser`; the flow's
/// rules live in `DeviceSignIn`. The terminal only says what to do, waits for
/// Enter or cancel, and words the outcome.
extension SitesRun {
    /// The device browser unless `--remote` (or a remote-only option) is
    /// given; nil, with one sentence why, when there is no display or no Chromium.
    func deviceBrowser(_ command: ParsedCommand) -> (any SignInBrowser)? {
        guard !command.flag(WebsiteAccessCommands.remote), !command.flag(WebsiteAccessCommands.open),
              !command.flag(WebsiteAccessCommands.noWait) else { return nil }
        do {
            return ChromiumSignInBrowser(chromium: try Chromium(environment: group.environment))
        } catch {
            err.writeLine("\(error) Signing in through the remote browser instead.")
            return nil
        }
    }

    func addOnDevice(_ address: WebsiteAddress, origins: [String], browser: any SignInBrowser) async throws -> ExitCode {
        let client = try group.client()
        let flow = deviceFlow(client)
        let setup = try await flow.addWebsite(address, additionalOrigins: origins, browser: browser) { await askOwner() }
        return try await conclude(setup, flow: flow, loginURL: address.loginURL)
    }

    func signInOnDevice(_ profile: BrowserProfile, loginURL: String?, browser: any SignInBrowser) async throws -> ExitCode {
        let flow = deviceFlow(try group.client())
        let setup = try await flow.signInAgain(profile: profile, loginURL: loginURL, browser: browser) { await askOwner() }
        return try await conclude(setup, flow: flow, loginURL: loginURL ?? (profile.allowedOrigins.first ?? "") + "/")
    }

    private func deviceFlow(_ client: HTTPClient) -> DeviceSignIn {
        DeviceSignIn(driver: CeremonyDriver(api: WebsiteAccessAPI(sender: .live(client: client))),
                     outside: .live(client: client, timeout: DeviceSignIn.timeout))
    }

    /// Says what happened; a refusal the remote browser may overcome offers it in one key.
    private func conclude(_ setup: DeviceSetup, flow: DeviceSignIn, loginURL: String) async throws -> ExitCode {
        let err = err
        if case .answered(_, _, let leftOut) = setup.outcome, leftOut.foreignCookies + leftOut.refusedCookies > 0 {
            err.writeLine("Left out \(leftOut.foreignCookies) cookies of other websites and \(leftOut.refusedCookies) the service would refuse.")
        }
        if setup.outcome.isReady, let ceremony = setup.outcome.ceremony {
            return try finish(ceremony, profileID: setup.profile.id)
        }
        err.writeLine(setup.outcome.description)
        if setup.offersRemote {
            let choice = Choice("The browser window's data is already wiped. Sign in through the server's remote browser instead?",
                                options: [.init(key: "r", label: "remote browser", value: true),
                                          .init(key: "n", label: "no, stop", value: false)])
            if choice.ask(output: err) == true {
                let (started, attempt) = try await flow.remoteInstead(setup, loginURL: loginURL)
                let outcome = try await presentAndWait(started, attempt, driver: flow.driver, open: false, wait: true)
                return try finish(outcome, profileID: setup.profile.id)
            }
            if let line = SignInUndoWording.message(await flow.rollBack(setup), after: .stopped) { err.writeLine(line) }
        } else if let undone = setup.undo, let line = SignInUndoWording.message(undone, after: .stopped) {
            err.writeLine(line)
        }
        return setup.outcome == .cancelledByOwner ? .runCancelled : .failure
    }

    /// Waits for Enter ("I'm signed in"); `c`, end of input or Ctrl-C cancels.
    private func askOwner() async -> DeviceSignIn.OwnerAnswer {
        let err = err
        err.writeLine("A private Chromium window is open on the website: sign in there as usual "
                      + "(it stays on the website's own addresses, and is wiped afterwards).")
        err.write("Press Enter here once you are signed in, or c then Enter to cancel: ")
        let answer = OneAnswer()
        let interrupt = InterruptSignal()
        interrupt.start { answer.give(.cancel) }
        defer { interrupt.stop() }
        Thread.detachNewThread {
            let line = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces).lowercased()
            answer.give(line == nil || line == "c" || line == "cancel" ? .cancel : .signedIn)
        }
        return await answer.value()
    }
}

/// The first answer wins (Enter on the terminal, or Ctrl-C).
private final class OneAnswer: @unchecked Sendable {  // `given` and `waiting` change only under `lock`
    private let lock = NSLock()
    private var given: DeviceSignIn.OwnerAnswer?
    private var waiting: CheckedContinuation<DeviceSignIn.OwnerAnswer, Never>?

    func give(_ answer: DeviceSignIn.OwnerAnswer) {
        lock.lock()
        guard given == nil else { lock.unlock(); return }
        given = answer
        let continuation = waiting
        waiting = nil
        lock.unlock()
        continuation?.resume(returning: answer)
    }

    func value() async -> DeviceSignIn.OwnerAnswer {
        await withCheckedContinuation { continuation in
            lock.lock()
            if let given {
                lock.unlock()
                continuation.resume(returning: given)
            } else {
                waiting = continuation
                lock.unlock()
            }
        }
    }
}

/// VeetBrowser's Chromium as the feature's sign-in browser (the TUI's Website Access screen is handed one too).
public struct ChromiumSignInBrowser: SignInBrowser {
    let chromium: Chromium

    public init(chromium: Chromium) {
        self.chromium = chromium
    }

    public func open(loginURL: String, allowedOrigins: [String]) async throws -> any SignInWindow {
        ChromiumSignInWindow(window: try await chromium.open(loginURL, allowedOrigins: allowedOrigins))
    }
}

/// One window: what it shows, its cookies and each allowed origin's localStorage.
public struct ChromiumSignInWindow: SignInWindow {
    public let window: BrowserWindow

    public init(window: BrowserWindow) {
        self.window = window
    }

    public func capture() async throws -> BrowserCapture {
        let url = try await window.currentURL()
        let cookies = try await window.cookies().map {
            CapturedCookie(name: $0.name, value: $0.value, domain: $0.domain, path: $0.path, expires: $0.expires,
                           httpOnly: $0.httpOnly, secure: $0.secure, sameSite: $0.sameSite)
        }
        var storage: [CapturedStorage] = []
        for origin in window.allowedOrigins {
            let items = try await window.localStorage(origin: origin)
            if !items.isEmpty {
                storage.append(CapturedStorage(origin: origin, items: items.map { .init(name: $0.name, value: $0.value) }))
            }
        }
        return BrowserCapture(confirmedURL: url, cookies: cookies, storage: storage)
    }

    public func close() async { await window.close() }
}
