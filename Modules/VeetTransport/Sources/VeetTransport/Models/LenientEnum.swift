import Foundation

/// A server vocabulary that grows: known values get cases, anything else is
/// kept verbatim so it can be shown, logged and sent back unchanged.
/// Conformers list each known case with its wire spelling once (`wireNames`),
/// have `.unknown(String)`, and say what that case holds (`unknownValue`).
public protocol LenientEnum: Codable, Hashable, Sendable {
    /// Every known case and how the wire spells it, in the order they are listed.
    static var wireNames: [(Self, String)] { get }
    static func unknown(_ raw: String) -> Self
    /// The text of `.unknown(raw)`; nil for a known case.
    var unknownValue: String? { get }
}

extension LenientEnum {
    public static var knownValues: [Self] { wireNames.map(\.0) }

    /// The wire spelling: a known case's name, or the text an unknown one kept.
    public var rawValue: String {
        if let raw = unknownValue { return raw }
        return Self.wireNames.first { $0.0 == self }?.1 ?? ""
    }

    public init(raw: String) {
        self = Self.wireNames.first { $0.1 == raw }?.0 ?? .unknown(raw)
    }

    public init(from decoder: Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        self.init(raw: raw)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }

    public var isKnown: Bool { unknownValue == nil }
}
