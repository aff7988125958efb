import Foundation

/// The hand-off's limits (docs/wire/website-access.md §5), each a plain rule the body
/// builder applies before anything is sent, so the service never sees a body
/// it would refuse.
public enum HandOffRules {
    public static let maxURLLength = 4096
    public static let maxCookies = 300
    public static let cookieNameLengths = 1...256
    public static let maxCookieBytes = 4096
    public static let maxOrigins = 64
    /// Counted over all origins together: at least as strict as a per-origin count.
    public static let maxStorageItems = 2000
    public static let maxStorageNameLength = 1024
    public static let maxBodyBytes = 1_048_576

    /// 1–256 printable ASCII characters, none of them a separator (an HTTP token).
    public static func isValidCookieName(_ name: String) -> Bool {
        let separators = Set("()<>@,;:\\\"/[]?={} \t".unicodeScalars)
        return cookieNameLengths.contains(name.unicodeScalars.count) && name.unicodeScalars.allSatisfy {
            $0.value > 0x20 && $0.value < 0x7F && !separators.contains($0)
        }
    }

    /// No control characters and no `;`.
    public static func isValidCookieValue(_ value: String) -> Bool {
        value.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && $0 != ";" }
    }

    /// Name and value together at most 4096 bytes (UTF-8).
    public static func fitsCookieSize(name: String, value: String) -> Bool {
        name.utf8.count + value.utf8.count <= maxCookieBytes
    }

    /// Lowercase letters, digits and inner hyphens in dot-separated labels,
    /// with at most one leading dot.
    public static func isLDHDomain(_ domain: String) -> Bool {
        let bare = domain.hasPrefix(".") ? String(domain.dropFirst()) : domain
        guard !bare.isEmpty, bare.count <= 253 else { return false }
        return bare.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                && label.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        }
    }

    /// The domain (leading dot ignored) is one of `hosts` or a parent of
    /// one, and never a bare public suffix.
    public static func isInScope(domain: String, hosts: [String]) -> Bool {
        let bare = domain.hasPrefix(".") ? String(domain.dropFirst()) : domain
        guard !isPublicSuffix(bare) else { return false }
        return hosts.contains { $0 == bare || $0.hasSuffix("." + bare) }
    }

    /// A single label (`com`), or a two-label suffix under which anyone can
    /// register (`co.uk`, `com.au`). The service checks the whole public
    /// suffix list; this catches the common ones before sending.
    public static func isPublicSuffix(_ domain: String) -> Bool {
        let labels = domain.split(separator: ".")
        if labels.count <= 1 { return true }
        if labels.count == 2, let last = labels.last, last.count == 2,
           ["co", "com", "net", "org", "gov", "edu", "ac", "or", "ne", "go", "gob", "nic", "mil"]
            .contains(String(labels[0])) { return true }
        return false
    }

    public static func isValidPath(_ path: String) -> Bool { path.hasPrefix("/") }

    /// -1 (a session cookie) or non-negative, finite Unix seconds.
    public static func isValidExpiry(_ expires: Double) -> Bool {
        expires == -1 || (expires.isFinite && expires >= 0)
    }

    /// The SameSite sent: the site's `Strict`, `Lax` or `None` (only with
    /// `secure`); unset is sent as `Lax`; nil when the cookie cannot be sent.
    public static func sameSite(_ value: String?, secure: Bool) -> String? {
        switch value {
        case nil, "": "Lax"
        case "Strict", "Lax": value
        case "None": secure ? "None" : nil
        default: nil
        }
    }

    /// `__Secure-` needs `secure`; `__Host-` needs `secure`, path `/` and a host-only domain.
    public static func meetsPrefixRules(name: String, secure: Bool, path: String, domain: String) -> Bool {
        let lowered = name.lowercased()
        if lowered.hasPrefix("__host-") { return secure && path == "/" && !domain.hasPrefix(".") }
        if lowered.hasPrefix("__secure-") { return secure }
        return true
    }

    /// `scheme://host[:port]` of an absolute address, as origins are spelt
    /// (the scheme's default port left out); nil for anything else.
    public static func origin(of address: String) -> String? {
        guard let parts = URLComponents(string: address), let scheme = parts.scheme?.lowercased(),
              let host = parts.host?.lowercased(), !host.isEmpty else { return nil }
        let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : nil
        guard let port = parts.port, port != defaultPort else { return "\(scheme)://\(host)" }
        return "\(scheme)://\(host):\(port)"
    }

    /// The host of an origin (`https://www.example.com` ⇒ `www.example.com`).
    static func host(ofOrigin origin: String) -> String? {
        URLComponents(string: origin)?.host?.lowercased()
    }
}
