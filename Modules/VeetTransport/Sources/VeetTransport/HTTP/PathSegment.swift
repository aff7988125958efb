import Foundation

/// Ids are opaque: each goes in a URL path as one escaped segment, so an id
/// holding "/", "?" or "%" can never reach another route.
public enum PathSegment {
    private static let allowed: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/")
        return allowed
    }()

    public static func escape(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id
    }
}

extension String.StringInterpolation {
    /// `"/v1/sessions/\(segment: id)/messages"`: the id escaped as one path segment.
    public mutating func appendInterpolation(segment id: String) {
        appendLiteral(PathSegment.escape(id))
    }
}
