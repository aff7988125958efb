import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Which proxy, if any, a request to a URL goes through, read from the
/// environment as curl reads it:
///
/// - https:// uses `https_proxy`, else `HTTPS_PROXY`; http:// uses `http_proxy`
///   only (curl ignores `HTTP_PROXY`: a CGI program's environment can carry it
///   from a request header); either falls back to `all_proxy`, then `ALL_PROXY`.
///   An empty variable counts as unset.
/// - `no_proxy`, else `NO_PROXY`: entries split at commas and spaces. `*`
///   alone sends everything direct; a name matches itself and every name
///   below it (`example.org` and `.example.org` both match `a.example.org`
///   and `example.org`); an IP address matches itself, a CIDR range
///   (`10.0.0.0/8`, `fd00::/8`) every address inside it; `name:port` (or
///   `[v6]:port`) matches that port only.
/// - A loopback address (127.0.0.0/8, ::1, `localhost`) is always direct.
/// - A proxy address is `[http://][user[:password]@]host[:port]` (port 1080
///   when left out, as curl does); the user and password, percent-decoded,
///   go as `Proxy-Authorization: Basic`. Other schemes (https://, socks5://)
///   are not spoken here: such a variable makes the request fail, naming it,
///   rather than go direct behind the owner's back.
///
/// A pure value: `choice(for:)` does no I/O.
public struct ProxyRule: Sendable, Equatable {
    /// The variables this rule reads, as they were (only these are kept).
    public let variables: [String: String]

    public static let variableNames = ["https_proxy", "HTTPS_PROXY", "http_proxy", "all_proxy", "ALL_PROXY",
                                       "no_proxy", "NO_PROXY"]

    public init(environment: [String: String]) {
        variables = environment.filter { Self.variableNames.contains($0.key) && !$0.value.isEmpty }
    }

    /// The rule of this process's environment.
    public static var processEnvironment: ProxyRule { ProxyRule(environment: ProcessInfo.processInfo.environment) }

    /// No proxy for anything.
    public static let none = ProxyRule(environment: [:])

    public func choice(for url: URL) -> ProxyChoice {
        let scheme = url.scheme?.lowercased() ?? "https"
        guard let rawHost = url.host, !rawHost.isEmpty else { return .direct(.noVariable) }
        let host = ProxyHost(rawHost)
        let port = url.port ?? (scheme == "http" ? 80 : 443)
        let names = scheme == "http" ? ["http_proxy", "all_proxy", "ALL_PROXY"]
                                     : ["https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"]
        guard let variable = names.first(where: { variables[$0] != nil }), let value = variables[variable] else {
            return .direct(.noVariable)
        }
        if host.isLoopback { return .direct(.loopback) }
        let noProxyName = variables["no_proxy"] != nil ? "no_proxy" : "NO_PROXY"
        if let list = variables[noProxyName],
           let entry = Self.entries(list).first(where: { Self.matches($0, host: host, port: port) }) {
            return .direct(.excluded(variable: noProxyName, entry: entry))
        }
        do {
            return .proxy(try ProxyServer(parsing: value, variable: variable))
        } catch {
            return .unusable(variable: variable, reason: error.reason)
        }
    }

    static func entries(_ list: String) -> [String] {
        list.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
    }

    /// Whether one `no_proxy` entry covers `host` on `port`.
    static func matches(_ entry: String, host: ProxyHost, port: Int) -> Bool {
        if entry == "*" { return true }
        var text = entry
        var entryPort: Int?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return false }
            let rest = text[text.index(after: close)...]
            if rest.hasPrefix(":") { entryPort = Int(rest.dropFirst()); if entryPort == nil { return false } }
            text = String(text[text.index(after: text.startIndex)..<close])
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            guard let number = Int(text[text.index(after: colon)...]) else { return false }
            entryPort = number
            text = String(text[..<colon])
        }
        if let entryPort, entryPort != port { return false }
        if let address = host.address {
            if let slash = text.firstIndex(of: "/") {
                guard let bits = Int(text[text.index(after: slash)...]),
                      let network = IPAddress(String(text[..<slash])) else { return false }
                return network.contains(address, prefixBits: bits)
            }
            return IPAddress(text) == address
        }
        var name = text.lowercased()
        while name.hasPrefix(".") { name.removeFirst() }
        if name.hasSuffix(".") { name.removeLast() }
        guard !name.isEmpty else { return false }
        return host.name == name || host.name.hasSuffix("." + name)
    }
}

/// What `ProxyRule` decided for one URL.
public enum ProxyChoice: Sendable, Equatable, CustomStringConvertible {
    public enum DirectReason: Sendable, Equatable {
        /// No proxy variable applies to this scheme.
        case noVariable
        /// Loopback is never proxied.
        case loopback
        /// A `no_proxy` entry matched.
        case excluded(variable: String, entry: String)
    }

    case direct(DirectReason)
    case proxy(ProxyServer)
    /// A proxy variable applies but cannot be used; requests fail, naming it.
    case unusable(variable: String, reason: String)

    /// One line for `veet doctor`; never the proxy's password.
    public var description: String {
        switch self {
        case .direct(.noVariable): "direct (no proxy variable set)"
        case .direct(.loopback): "direct (a loopback address is never proxied)"
        case .direct(.excluded(let variable, let entry)): "direct (\(variable) lists \(entry))"
        case .proxy(let server): "through \(server)"
        case .unusable(let variable, let reason): "\(variable) cannot be used: \(reason)"
        }
    }

    /// A proxy variable applies but names nothing this client can speak to.
    public var isUnusable: Bool {
        if case .unusable = self { true } else { false }
    }

    public var server: ProxyServer? {
        if case .proxy(let server) = self { server } else { nil }
    }
}

/// An HTTP proxy: where it is, the variable that named it, and its
/// credentials, which no description shows.
public struct ProxyServer: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public let host: String
    public let port: Int
    /// The environment variable it came from, e.g. `HTTPS_PROXY`.
    public let variable: String
    private let credentials: String?

    struct Unusable: Error { var reason: String }

    init(parsing text: String, variable: String) throws(Unusable) {
        self.variable = variable
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        if let scheme = rest.range(of: "://") {
            let name = rest[..<scheme.lowerBound].lowercased()
            guard name == "http" else {
                throw Unusable(reason: "\(name):// proxies are not supported (only http://)")
            }
            rest = rest[scheme.upperBound...]
        }
        if let slash = rest.firstIndex(of: "/") { rest = rest[..<slash] }
        var userInfo: String?
        if let at = rest.lastIndex(of: "@") {
            userInfo = String(rest[..<at])
            rest = rest[rest.index(after: at)...]
        }
        var hostPart = String(rest)
        var port = 1080
        if hostPart.hasPrefix("[") {
            guard let close = hostPart.firstIndex(of: "]") else { throw Unusable(reason: "its address is malformed") }
            let after = hostPart[hostPart.index(after: close)...]
            if after.hasPrefix(":") {
                guard let number = Int(after.dropFirst()) else { throw Unusable(reason: "its port is not a number") }
                port = number
            }
            hostPart = String(hostPart[..<hostPart.index(after: close)])
        } else if let colon = hostPart.lastIndex(of: ":") {
            guard let number = Int(hostPart[hostPart.index(after: colon)...]) else {
                throw Unusable(reason: "its port is not a number")
            }
            port = number
            hostPart = String(hostPart[..<colon])
        }
        guard !hostPart.isEmpty, hostPart.allSatisfy({ !$0.isWhitespace }) else {
            throw Unusable(reason: "it names no host")
        }
        guard (1...65535).contains(port) else { throw Unusable(reason: "its port is out of range") }
        host = hostPart
        self.port = port
        if let userInfo {
            let parts = userInfo.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let user = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let password = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : ""
            credentials = Data("\(user):\(password)".utf8).base64EncodedString()
        } else {
            credentials = nil
        }
    }

    /// The `Proxy-Authorization` value, when the address carried credentials.
    var authorization: String? { credentials.map { "Basic \($0)" } }

    public var hasCredentials: Bool { credentials != nil }

    /// `http://host:port` (from VARIABLE), and whether it signs in; never the password.
    public var description: String {
        "http://\(host):\(port) (from \(variable)" + (hasCredentials ? ", with a user name and password)" : ")")
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["host": host, "port": port, "variable": variable,
                                "credentials": hasCredentials ? "<redacted>" : "none"], displayStyle: .struct)
    }
}

/// A URL's host as `no_proxy` compares it: a lowercased name or an address.
struct ProxyHost {
    var name: String
    var address: IPAddress?

    init(_ raw: String) {
        var bare = raw.lowercased()
        if bare.hasPrefix("[") && bare.hasSuffix("]") { bare = String(bare.dropFirst().dropLast()) }
        if bare.hasSuffix(".") { bare.removeLast() }
        name = bare
        address = IPAddress(bare)
    }

    var isLoopback: Bool {
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        guard let address else { return false }
        return address.bytes.count == 4 ? address.bytes[0] == 127 : address.bytes == [UInt8](repeating: 0, count: 15) + [1]
    }
}

/// An IPv4 or IPv6 address as bytes.
struct IPAddress: Equatable {
    var bytes: [UInt8]

    init?(_ text: String) {
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
        } else {
            return nil
        }
    }

    /// Whether `other` lies in this network of `prefixBits` leading bits.
    func contains(_ other: IPAddress, prefixBits: Int) -> Bool {
        guard other.bytes.count == bytes.count, (0...bytes.count * 8).contains(prefixBits) else { return false }
        for bit in 0..<prefixBits {
            let mask = UInt8(0x80) >> UInt8(bit % 8)
            if bytes[bit / 8] & mask != other.bytes[bit / 8] & mask { return false }
        }
        return true
    }
}
