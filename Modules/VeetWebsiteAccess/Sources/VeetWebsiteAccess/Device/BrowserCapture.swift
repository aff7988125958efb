import Foundation

/// One cookie as the browser holds it. Its value never reaches a log, an
/// error text or the store: the description and mirror hide it.
public struct CapturedCookie: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    public var name: String
    public var value: String
    /// As the browser reports it: a leading dot marks a domain cookie, none a host-only one.
    public var domain: String
    public var path: String
    /// Unix seconds, or -1 for a session cookie.
    public var expires: Double
    public var httpOnly: Bool
    public var secure: Bool
    /// `Strict`, `Lax`, `None`, or nil when the site set none.
    public var sameSite: String?

    public init(name: String, value: String, domain: String, path: String = "/", expires: Double = -1,
                httpOnly: Bool = false, secure: Bool = false, sameSite: String? = nil) {
        self.name = name
        self.value = value
        self.domain = domain
        self.path = path
        self.expires = expires
        self.httpOnly = httpOnly
        self.secure = secure
        self.sameSite = sameSite
    }

    public var description: String { "cookie \(name) on \(domain)\(path) (value hidden)" }
    public var customMirror: Mirror { Mirror(self, children: ["name": name, "domain": domain, "path": path]) }
}

/// One origin's localStorage, values hidden from descriptions.
public struct CapturedStorage: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    public struct Item: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public var origin: String
    public var items: [Item]

    public init(origin: String, items: [Item]) {
        self.origin = origin
        self.items = items
    }

    public var description: String { "localStorage of \(origin): \(items.count) items (values hidden)" }
    public var customMirror: Mirror { Mirror(self, children: ["origin": origin, "count": items.count]) }
}

/// What a browser window gives when the owner says they are signed in.
public struct BrowserCapture: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The top-level page shown when the owner confirmed.
    public var confirmedURL: String
    public var cookies: [CapturedCookie]
    public var storage: [CapturedStorage]

    public init(confirmedURL: String, cookies: [CapturedCookie], storage: [CapturedStorage]) {
        self.confirmedURL = confirmedURL
        self.cookies = cookies
        self.storage = storage
    }

    public var description: String {
        "\(cookies.count) cookies and \(storage.count) origins' storage (values hidden)"
    }
    public var customMirror: Mirror { Mirror(self, children: ["cookies": cookies.count, "origins": storage.count]) }
}

/// A private browser window the owner signs in with, on this device. The app
/// adapts its browser driver to this; the feature never starts a browser.
public protocol SignInWindow: Sendable {
    /// Reads the page shown, the cookies and each allowed origin's
    /// localStorage, without running script in the page.
    func capture() async throws -> BrowserCapture
    /// Closes the window and wipes everything it kept. Safe to call twice.
    func close() async
}

/// Opens private sign-in windows limited to a profile's origins.
public protocol SignInBrowser: Sendable {
    /// Opens a window on `loginURL`; top-level navigation outside `allowedOrigins` is blocked.
    func open(loginURL: String, allowedOrigins: [String]) async throws -> any SignInWindow
}
