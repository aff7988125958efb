import VeetTransport

/// How sensitive a memory or a person's record is, and the `ceiling` the
/// Memory and People routes take (the highest sensitivity the caller may
/// see; an owner app sends `restricted`). Shared by those two features, so
/// it lives here once (docs/architecture.md, "Shared wire types").
public enum Sensitivity: LenientEnum {
    case `public`, `internal`, sensitive, restricted
    case unknown(String)
    public static let wireNames: [(Sensitivity, String)] = [
        (.public, "public"), (.internal, "internal"), (.sensitive, "sensitive"), (.restricted, "restricted"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }
}
