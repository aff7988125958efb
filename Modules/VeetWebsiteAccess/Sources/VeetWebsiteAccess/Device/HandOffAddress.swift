import Foundation

/// Where and with what a device sign-in is handed over, read strictly from a
/// device ceremony's `launch_url` (docs/wire/website-access.md §5):
/// `https://<host>/authentication/<uuid>/handoff#capability=<32–128 of [A-Za-z0-9_-]>`,
/// with no query and no user info. The endpoint is the address without its
/// fragment; the capability is the fragment's value. Neither is ever shown:
/// the description, debug description and mirror hide both.
public struct HandOffAddress: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    public let endpoint: URL
    let capability: String

    /// The capability may be 32 to 128 of these characters.
    public static let capabilityLengths = 32...128
    static let capabilityCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")

    /// - Parameter allowingLoopbackHTTP: for the tests against the reference
    ///   server only: also accept `http://127.0.0.1:PORT`. Nothing else relaxes https.
    public init(launchURL text: String, allowingLoopbackHTTP: Bool = false) throws(HandOffAddressError) {
        guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(),
              let host = parts.host, !host.isEmpty else { throw .malformed }
        let loopback = allowingLoopbackHTTP && scheme == "http" && host == "127.0.0.1"
        guard scheme == "https" || loopback else { throw .notHTTPS }
        guard parts.user == nil, parts.password == nil else { throw .userInfo }
        guard parts.query == nil else { throw .query }
        let segments = parts.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count == 4, segments[0].isEmpty, segments[1] == "authentication",
              UUID(uuidString: String(segments[2])) != nil, segments[3] == "handoff" else { throw .path }
        guard let fragment = parts.percentEncodedFragment, fragment.hasPrefix("capability=") else {
            throw .capabilityMissing
        }
        let capability = String(fragment.dropFirst("capability=".count))
        guard Self.capabilityLengths.contains(capability.count),
              capability.allSatisfy({ Self.capabilityCharacters.contains($0) }) else { throw .capabilityMalformed }
        var bare = parts
        bare.percentEncodedFragment = nil
        guard let endpoint = bare.url else { throw .malformed }
        self.endpoint = endpoint
        self.capability = capability
    }

    public var description: String { "<hand-off address hidden>" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// Why a device ceremony's launch address cannot be used. The address itself
/// (it holds a capability) is never part of the text.
public enum HandOffAddressError: Error, Sendable, Hashable, CustomStringConvertible {
    case malformed, notHTTPS, userInfo, query, path, capabilityMissing, capabilityMalformed

    public var description: String {
        let what: String = switch self {
        case .malformed: "is not a valid address"
        case .notHTTPS: "is not https"
        case .userInfo: "carries user information"
        case .query: "carries a query"
        case .path: "is not an /authentication/<id>/handoff address"
        case .capabilityMissing: "carries no capability"
        case .capabilityMalformed: "carries a capability of the wrong length or characters"
        }
        return "The server's hand-off address \(what), so nothing was sent."
    }
}
