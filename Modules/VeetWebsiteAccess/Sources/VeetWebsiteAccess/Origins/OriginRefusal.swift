import Foundation

/// Why a typed website address or origin was refused before anything was
/// sent. Each case has its own sentence, so the person knows what to change.
public enum OriginRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    case empty
    case malformed
    case notHTTPS(scheme: String)
    case missingScheme
    case credentials
    case path
    case query
    case fragment
    case port(Int)
    case ipLiteral
    case loopback
    case privateHost
    case singleLabel
    /// A label of an international name that cannot become an `xn--` label.
    case internationalLabel(String, InternationalLabelProblem)
    case tooLong
    case duplicate(String)
    case tooMany(Int)

    public var description: String {
        switch self {
        case .empty: "Type the website's address, for example https://www.example.com."
        case .malformed: "That is not a website address VeetKit can read."
        case .notHTTPS(let scheme): "Only https:// websites can be used (this one is \(scheme)://)."
        case .missingScheme: "An extra origin must start with https://, for example https://accounts.example.com."
        case .credentials: "Remove the user name or password from the address; sign in on the website itself."
        case .path: "An extra origin is only https://host, without a path."
        case .query: "An extra origin cannot carry a query (the part after ?)."
        case .fragment: "An extra origin cannot carry a fragment (the part after #)."
        case .port(let port): "Only the standard HTTPS port is allowed (this address uses port \(port))."
        case .ipLiteral: "Use the website's name, not an IP address."
        case .loopback: "This computer (localhost) cannot be used as a website."
        case .privateHost: "That is a private or local network name; only public websites can be used."
        case .singleLabel: "Use the website's full name, such as www.example.com."
        case .internationalLabel(let label, let problem): Self.sentence(label: label, problem)
        case .tooLong: "The address is longer than 4096 characters."
        case .duplicate(let origin): "\(origin) is listed twice."
        case .tooMany(let count): "A profile allows at most 64 origins (\(count) given)."
        }
    }

    private static func sentence(label: String, _ problem: InternationalLabelProblem) -> String {
        switch problem {
        case .mixed: "\"\(label)\" mixes the xn-- form with international letters; type the name one way or the other."
        case .badPunycode: "\"\(label)\" is not a valid xn-- name; type the name with its own letters instead."
        case .character(let character): "\"\(label)\" contains \"\(character)\", which no website name can hold."
        case .hyphen: "\"\(label)\" cannot start or end with a hyphen, or have two hyphens in places 3 and 4."
        case .leadingMark: "\"\(label)\" cannot start with an accent or other combining mark."
        case .tooLong: "\"\(label)\" is too long once converted for the web (63 characters at most)."
        case .notEncodable: "\"\(label)\" cannot be converted to a web name."
        }
    }
}
