import Foundation

/// Why a typed server address or token was refused. One case per rule, each
/// with a one-line message that says what to type instead.
public enum ConnectionSettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    case empty
    case containsWhitespace
    case missingScheme
    case unsupportedScheme(String)
    case plainHTTPRequiresLoopback(host: String)
    case userInfoNotAllowed
    case queryNotAllowed
    case fragmentNotAllowed
    case emptyHost
    case percentInAuthority
    case malformedHost(String)
    case malformedIPv4(String)
    case malformedIPv6(String)
    case invalidPort(String)
    case malformedPath(String)
    case emptyToken
    case malformedToken

    public var description: String {
        switch self {
        case .empty:
            "Enter the server address, for example https://veet.example.com"
        case .containsWhitespace:
            "The server address must not contain spaces or control characters."
        case .missingScheme:
            "Start the server address with https:// (for example https://veet.example.com)."
        case .unsupportedScheme(let scheme):
            "Unsupported scheme \"\(scheme)://\"; use https:// (or http:// for a loopback server)."
        case .plainHTTPRequiresLoopback(let host):
            "Plain http:// is only allowed for loopback servers (127.0.0.1, ::1, localhost), not \(host); use https://"
        case .userInfoNotAllowed:
            "The server address must not contain a user name or \"@\"; enter the token separately."
        case .queryNotAllowed:
            "The server address must not contain a query (\"?...\")."
        case .fragmentNotAllowed:
            "The server address must not contain a fragment (\"#...\")."
        case .emptyHost:
            "The server address has no host name."
        case .percentInAuthority:
            "The host part must not contain \"%\" (no percent-encoding or IPv6 zone ids)."
        case .malformedHost(let host):
            "\"\(host)\" is not a valid host name (letters, digits, hyphens and dots; use punycode for international names)."
        case .malformedIPv4(let host):
            "\"\(host)\" is not a valid IPv4 address (four numbers from 0 to 255, like 192.0.2.10)."
        case .malformedIPv6(let host):
            "\"\(host)\" is not a valid IPv6 address (write it in brackets, like [2001:db8::1])."
        case .invalidPort(let port):
            "\"\(port)\" is not a valid port (a number from 1 to 65535)."
        case .malformedPath(let path):
            "The path \"\(path)\" is not valid (no empty, \".\" or \"..\" segments, only URL-safe characters)."
        case .emptyToken:
            "Enter the access token."
        case .malformedToken:
            "The access token must be printable ASCII without spaces."
        }
    }
}
