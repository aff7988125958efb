import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A cookie as the browser holds it. Its value is never part of a description.
public struct BrowserCookie: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    public var name: String
    public var value: String
    /// A leading dot marks a domain cookie; none, a host-only one.
    public var domain: String
    public var path: String
    /// Unix seconds, -1 for a session cookie.
    public var expires: Double
    public var httpOnly: Bool
    public var secure: Bool
    /// `Strict`, `Lax`, `None`, or nil when the site set none.
    public var sameSite: String?

    public var description: String { "cookie \(name) on \(domain)\(path) (value hidden)" }
    public var customMirror: Mirror { Mirror(self, children: ["name": name, "domain": domain, "path": path]) }
}

/// One Chromium window in a throw-away profile. Top-level navigation outside
/// the allowed origins is answered by a short page that says why, before any
/// request leaves the machine. Reading the page address, the cookies and
/// localStorage uses the DevTools protocol's Target, Storage and DOMStorage
/// domains: no script ever runs in the page on VeetKit's behalf. `close()`
/// ends the browser and deletes its profile folder; call it on every path.
public final class BrowserWindow: Sendable {
    public let profile: ProfileFolder
    public let allowedOrigins: [String]
    private let child: ChildBrowser
    private let state = Locked(State())
    private let pipe: DevToolsPipe

    struct State {
        /// The first tab's target id (its main frame's id too) and its session.
        var mainTarget: String?
        var mainSession: String?
        /// Target id of each attached session.
        var targets: [String: String] = [:]
        /// Origins whose top-level load was refused, in order.
        var blocked: [String] = []
        /// Every method the driver itself sent, for the tests' no-script check.
        var sentMethods: [String] = []
        var closed = false
    }

    init(child: ChildBrowser, profile: ProfileFolder, allowedOrigins: [String]) {
        self.child = child
        self.profile = profile
        self.allowedOrigins = allowedOrigins
        let box = PipeBox()
        pipe = DevToolsPipe(toBrowser: child.toBrowser, fromBrowser: child.fromBrowser) { event in
            box.handle(event)
        }
        box.window = WeakWindow(self)
    }

    /// The process id of the browser (for tests that interrupt it).
    public var processID: Int32 { child.pid }

    /// The origins of every top-level load refused so far.
    public var blockedOrigins: [String] { state.read { $0.blocked } }

    /// The DevTools methods the driver has sent (names only).
    public var sentMethods: [String] { state.read { $0.sentMethods } }

    // MARK: Starting

    func start(_ url: String) async throws {
        _ = try await command("Target.setAutoAttach", ["autoAttach": true, "waitForDebuggerOnStart": true, "flatten": true])
        let targets = try await command("Target.getTargets")
        let pages = (targets["targetInfos"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "page" }
        guard let first = pages.first?["targetId"] as? String else { throw BrowserError.cannotStart("no page opened") }
        let attached = try await command("Target.attachToTarget", ["targetId": first, "flatten": true])
        guard let session = attached["sessionId"] as? String else { throw BrowserError.cannotStart("no page session") }
        state.write {
            $0.mainTarget = first
            $0.mainSession = session
            $0.targets[session] = first
        }
        try await guardNavigation(session: session)
        _ = try await command("Page.navigate", ["url": url], session: session)
    }

    /// Document requests of this target pause, so each top-level one is checked.
    private func guardNavigation(session: String) async throws {
        _ = try await command("Fetch.enable", ["patterns": [["resourceType": "Document", "requestStage": "Request"]]],
                              session: session)
        _ = try? await command("Runtime.runIfWaitingForDebugger", session: session)
    }

    // MARK: Events (on the pipe's reading thread: never wait here)

    fileprivate func handle(_ event: DevToolsEvent) {
        switch event.method {
        case "Target.attachedToTarget":
            let params = event.object()
            guard let session = params["sessionId"] as? String,
                  let info = params["targetInfo"] as? [String: Any], let target = info["targetId"] as? String else { return }
            state.write { $0.targets[session] = target }
            let isPage = info["type"] as? String == "page"
            Task {
                if isPage { try? await self.guardNavigation(session: session) }
                else { _ = try? await self.command("Runtime.runIfWaitingForDebugger", session: session) }
            }
        case "Fetch.requestPaused":
            guard let session = event.sessionID else { return }
            let params = event.object()
            guard let requestID = params["requestId"] as? String else { return }
            let url = (params["request"] as? [String: Any])?["url"] as? String ?? ""
            let frame = params["frameId"] as? String
            let target = state.read { $0.targets[session] }
            let topLevel = frame == nil || frame == target
            let origin = NavigationRule.origin(of: url)
            if !topLevel || NavigationRule.allows(url, allowedOrigins: allowedOrigins) {
                Task { _ = try? await self.command("Fetch.continueRequest", ["requestId": requestID], session: session) }
            } else {
                state.write { $0.blocked.append(origin ?? "(unknown)") }
                let page = NavigationRule.blockedPage(origin: origin, allowedOrigins: allowedOrigins)
                Task {
                    _ = try? await self.command("Fetch.fulfillRequest", [
                        "requestId": requestID, "responseCode": 403,
                        "responseHeaders": [["name": "Content-Type", "value": "text/html; charset=utf-8"],
                                            ["name": "Cache-Control", "value": "no-store"]],
                        "body": Data(page.utf8).base64EncodedString(),
                    ], session: session)
                }
            }
        default:
            break
        }
    }

    // MARK: Reading

    /// The address of the page the first tab shows (the first page still open, if it was closed).
    public func currentURL() async throws -> String {
        let targets = try await command("Target.getTargets")
        let pages = (targets["targetInfos"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "page" }
        let main = state.read { $0.mainTarget }
        let page = pages.first { $0["targetId"] as? String == main } ?? pages.first
        guard let url = page?["url"] as? String else { throw BrowserError.closed }
        return url
    }

    /// Every cookie the profile holds (Storage.getCookies: the browser's own store).
    public func cookies() async throws -> [BrowserCookie] {
        let answer = try await command("Storage.getCookies")
        return (answer["cookies"] as? [[String: Any]] ?? []).compactMap { object in
            guard let name = object["name"] as? String, let value = object["value"] as? String,
                  let domain = object["domain"] as? String else { return nil }
            let session = object["session"] as? Bool ?? false
            return BrowserCookie(name: name, value: value, domain: domain, path: object["path"] as? String ?? "/",
                                 expires: session ? -1 : (object["expires"] as? Double ?? -1),
                                 httpOnly: object["httpOnly"] as? Bool ?? false, secure: object["secure"] as? Bool ?? false,
                                 sameSite: object["sameSite"] as? String)
        }
    }

    /// `origin`'s localStorage as (name, value) pairs, read through DOMStorage
    /// in the first tab; empty when the page holds no frame of that origin.
    public func localStorage(origin: String) async throws -> [(name: String, value: String)] {
        guard let session = state.read({ $0.mainSession }) else { throw BrowserError.closed }
        _ = try await command("DOMStorage.enable", session: session)
        let ids: [[String: Any]] = [["securityOrigin": origin, "isLocalStorage": true],
                                    ["storageKey": origin + "/", "isLocalStorage": true]]
        for id in ids {
            guard let answer = try? await command("DOMStorage.getDOMStorageItems", ["storageId": id], session: session)
            else { continue }
            return (answer["entries"] as? [[String]] ?? []).compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }
        }
        return []
    }

    /// Navigates the first tab (the top-level rule applies).
    public func navigate(to url: String) async throws {
        guard let session = state.read({ $0.mainSession }) else { throw BrowserError.closed }
        _ = try await command("Page.navigate", ["url": url], session: session)
    }

    /// Sends any DevTools command, to the first tab when `onPage` (else the
    /// browser). For tests that act as the person at the keyboard; not
    /// counted in `sentMethods`.
    public func devTools(_ method: String, _ params: [String: Any] = [:], onPage: Bool = true) async throws -> [String: Any] {
        let session = onPage ? state.read { $0.mainSession } : nil
        return try await pipe.call(method, params, sessionID: session)
    }

    private func command(_ method: String, _ params: [String: Any] = [:], session: String? = nil) async throws -> [String: Any] {
        state.write { $0.sentMethods.append(method) }
        return try await pipe.call(method, params, sessionID: session)
    }

    // MARK: Closing

    /// Asks the browser to close, kills it if it has not exited within two
    /// seconds, and deletes the profile folder. Safe to call twice.
    public func close() async {
        let already = state.write { state -> Bool in
            defer { state.closed = true }
            return state.closed
        }
        guard !already else { return }
        let pipe = self.pipe
        Task { _ = try? await pipe.send("Browser.close") }
        for _ in 0..<40 where !child.hasExited() {
            try? await Task.sleep(for: .milliseconds(50))
        }
        child.kill()  // also the helpers (renderers, zygote) that may outlive the browser process
        pipe.close()
        profile.remove()
    }

    deinit {
        if !state.read({ $0.closed }) {
            child.kill()
            pipe.close()
            profile.remove()
        }
    }
}

/// Lets the pipe's event handler reach the window without a retain cycle.
private final class PipeBox: @unchecked Sendable {  // `stored` is read and written only under `lock`
    private let lock = NSLock()
    private var stored: WeakWindow?

    var window: WeakWindow? {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }

    func handle(_ event: DevToolsEvent) { window?.window?.handle(event) }
}

private struct WeakWindow: @unchecked Sendable {  // a weak reference to a Sendable class, read only
    weak var window: BrowserWindow?
    init(_ window: BrowserWindow) { self.window = window }
}

/// A value behind a lock.
final class Locked<Value>: @unchecked Sendable {  // `value` is touched only under `lock`
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func read<T>(_ body: (Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(value)
    }

    @discardableResult
    func write<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
