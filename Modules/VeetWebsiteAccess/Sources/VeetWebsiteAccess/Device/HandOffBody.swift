import Foundation

/// Why a hand-off was not sent: the browser gave nothing the service would
/// take, or more than it takes. Never names a value.
public enum HandOffRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// No cookie and no storage item in the profile's scope.
    case empty
    case tooManyCookies(Int)
    case tooManyOrigins(Int)
    case tooManyStorageItems(Int)
    case bodyTooLarge(bytes: Int)
    /// The page shown is not on one of the profile's origins, or its address is too long.
    case pageOutsideProfile

    public var description: String {
        switch self {
        case .empty:
            "The browser holds no sign-in for this website (no cookie or storage on its addresses), so nothing was sent."
        case .tooManyCookies(let count):
            "The website set \(count) cookies; a hand-off carries at most \(HandOffRules.maxCookies), so nothing was sent."
        case .tooManyOrigins(let count):
            "The sign-in spans \(count) addresses; a hand-off carries at most \(HandOffRules.maxOrigins), so nothing was sent."
        case .tooManyStorageItems(let count):
            "The website stored \(count) items; a hand-off carries at most \(HandOffRules.maxStorageItems), so nothing was sent."
        case .bodyTooLarge(let bytes):
            "The sign-in is \(bytes / 1024) KiB; a hand-off carries at most 1 MiB, so nothing was sent."
        case .pageOutsideProfile:
            "The page shown is not on one of this profile's addresses, so nothing was sent. Go back to the website's own page and confirm again."
        }
    }

    /// Too large or empty: the remote ceremony may still work.
    public var offersRemote: Bool { self != .pageOutsideProfile }
}

/// What the builder left out because the service would refuse it (out of
/// scope, or breaking a rule): counts only, never names or values.
public struct HandOffLeftOut: Sendable, Hashable {
    /// Cookies of other websites (the pages' third parties): not this sign-in.
    public var foreignCookies = 0
    /// Cookies of this website that break a rule of the table (or repeat one).
    public var refusedCookies = 0
    /// Storage of addresses outside the profile.
    public var foreignOrigins = 0
    /// Storage items with a name too long or repeated.
    public var refusedItems = 0

    public init() {}

    public var isEmpty: Bool { self == HandOffLeftOut() }
}

/// The hand-off body (docs/wire/website-access.md §5), built from what the browser
/// gave and checked against every limit before it is sent. Not printable:
/// its description hides the values; `json()` is the only way to its bytes.
public struct HandOffBody: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    public let confirmedURL: String
    public let cookies: [CapturedCookie]
    public let storage: [CapturedStorage]
    public let leftOut: HandOffLeftOut
    /// The encoded body, at most 1 MiB.
    let json: Data

    /// The root of the confirmed page's origin (`https://host/`), the device ceremony's login URL.
    public var loginURL: String { (HandOffRules.origin(of: confirmedURL) ?? "") + "/" }

    public var description: String {
        "hand-off of \(cookies.count) cookies and \(storage.count) origins' storage (values hidden)"
    }
    public var customMirror: Mirror { Mirror(self, children: ["cookies": cookies.count, "origins": storage.count]) }

    /// Keeps what the service would take, leaves out (and counts) cookies
    /// and storage outside the profile or breaking a per-item rule, and
    /// refuses what cannot be trimmed: too many cookies, origins or items,
    /// over 1 MiB, nothing left, or a page outside the profile.
    public static func make(from capture: BrowserCapture, allowedOrigins: [String]) throws(HandOffRefusal) -> HandOffBody {
        var confirmed = capture.confirmedURL
        if let hash = confirmed.firstIndex(of: "#") { confirmed = String(confirmed[..<hash]) }
        guard confirmed.count <= HandOffRules.maxURLLength, let origin = HandOffRules.origin(of: confirmed),
              allowedOrigins.contains(origin) else { throw .pageOutsideProfile }
        var leftOut = HandOffLeftOut()
        let hosts = allowedOrigins.compactMap(HandOffRules.host(ofOrigin:))
        let cookies = keptCookies(capture.cookies, hosts: hosts, leftOut: &leftOut)
        guard cookies.count <= HandOffRules.maxCookies else { throw .tooManyCookies(cookies.count) }
        let storage = keptStorage(capture.storage, allowedOrigins: allowedOrigins, leftOut: &leftOut)
        guard storage.count <= HandOffRules.maxOrigins else { throw .tooManyOrigins(storage.count) }
        let items = storage.reduce(0) { $0 + $1.items.count }
        guard items <= HandOffRules.maxStorageItems else { throw .tooManyStorageItems(items) }
        guard !cookies.isEmpty || items > 0 else { throw .empty }
        let json = encode(confirmedURL: confirmed, cookies: cookies, storage: storage)
        guard json.count <= HandOffRules.maxBodyBytes else { throw .bodyTooLarge(bytes: json.count) }
        return HandOffBody(confirmedURL: confirmed, cookies: cookies, storage: storage, leftOut: leftOut, json: json)
    }

    private static func keptCookies(_ all: [CapturedCookie], hosts: [String],
                                    leftOut: inout HandOffLeftOut) -> [CapturedCookie] {
        var seen = Set<[String]>()
        var kept: [CapturedCookie] = []
        for var cookie in all {
            let domain = cookie.domain.lowercased()
            guard HandOffRules.isInScope(domain: domain, hosts: hosts) else {
                leftOut.foreignCookies += 1
                continue
            }
            guard let sameSite = HandOffRules.sameSite(cookie.sameSite, secure: cookie.secure),
                  HandOffRules.isValidCookieName(cookie.name), HandOffRules.isValidCookieValue(cookie.value),
                  HandOffRules.fitsCookieSize(name: cookie.name, value: cookie.value),
                  HandOffRules.isLDHDomain(cookie.domain), HandOffRules.isValidPath(cookie.path),
                  HandOffRules.isValidExpiry(cookie.expires),
                  HandOffRules.meetsPrefixRules(name: cookie.name, secure: cookie.secure, path: cookie.path,
                                                domain: cookie.domain),
                  seen.insert([cookie.name, cookie.domain, cookie.path]).inserted else {
                leftOut.refusedCookies += 1
                continue
            }
            cookie.sameSite = sameSite
            kept.append(cookie)
        }
        return kept
    }

    private static func keptStorage(_ all: [CapturedStorage], allowedOrigins: [String],
                                    leftOut: inout HandOffLeftOut) -> [CapturedStorage] {
        var kept: [CapturedStorage] = []
        for storage in all {
            guard allowedOrigins.contains(storage.origin), !kept.contains(where: { $0.origin == storage.origin }) else {
                leftOut.foreignOrigins += 1
                continue
            }
            var names = Set<String>()
            let items = storage.items.filter { item in
                let fine = item.name.count <= HandOffRules.maxStorageNameLength && names.insert(item.name).inserted
                if !fine { leftOut.refusedItems += 1 }
                return fine
            }
            if !items.isEmpty { kept.append(CapturedStorage(origin: storage.origin, items: items)) }
        }
        return kept
    }

    private static func encode(confirmedURL: String, cookies: [CapturedCookie], storage: [CapturedStorage]) -> Data {
        let body = WireBody(
            confirmedURL: confirmedURL,
            cookies: cookies.map {
                WireCookie(name: $0.name, value: $0.value, domain: $0.domain, path: $0.path, expires: $0.expires,
                           httpOnly: $0.httpOnly, secure: $0.secure, sameSite: $0.sameSite ?? "Lax")
            },
            origins: storage.map { WireOrigin(origin: $0.origin, localStorage: $0.items.map { WireItem(name: $0.name, value: $0.value) }) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every field is a plain string, number or flag: encoding cannot fail.
        return (try? encoder.encode(body)) ?? Data()
    }

    private struct WireBody: Encodable {
        var confirmedURL: String
        var cookies: [WireCookie]
        var origins: [WireOrigin]
        enum CodingKeys: String, CodingKey {
            case cookies, origins
            case confirmedURL = "confirmed_url"
        }
    }

    private struct WireCookie: Encodable {
        var name, value, domain, path: String
        var expires: Double
        var httpOnly, secure: Bool
        var sameSite: String
    }

    private struct WireOrigin: Encodable {
        var origin: String
        var localStorage: [WireItem]
    }

    private struct WireItem: Encodable {
        var name, value: String
    }
}
