import Foundation

/// Which top-level loads a window allows: addresses on one of its origins,
/// and the browser's own blank page. Everything else gets a page saying why.
public enum NavigationRule {
    /// `scheme://host[:port]` (the scheme's default port left out), lowercased; nil when not an address.
    public static func origin(of url: String) -> String? {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(),
              let host = parts.host?.lowercased(), !host.isEmpty else { return nil }
        let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : nil
        guard let port = parts.port, port != defaultPort else { return "\(scheme)://\(host)" }
        return "\(scheme)://\(host):\(port)"
    }

    public static func allows(_ url: String, allowedOrigins: [String]) -> Bool {
        if url == "about:blank" { return true }
        guard let origin = origin(of: url) else { return false }
        return allowedOrigins.contains(origin)
    }

    /// A page without script that names the refused origin and the allowed ones.
    /// The page shown at a blocked address. Its icon is inline (`data:,`): otherwise the browser asks the
    /// blocked origin for `/favicon.ico` after all (seen in `ChromiumTests` on a loaded machine).
    static func blockedPage(origin: String?, allowedOrigins: [String]) -> String {
        let allowed = allowedOrigins.map { "<li>\(escaped($0))</li>" }.joined()
        return """
        <!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>Blocked by VeetKit</title>
        <h1>This address is outside the website you are signing in to</h1>
        <p>VeetKit opened this window to sign in to one website only, so it did not load
        <b>\(escaped(origin ?? "this address"))</b>. Go back and sign in on one of:</p><ul>\(allowed)</ul>
        """
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
