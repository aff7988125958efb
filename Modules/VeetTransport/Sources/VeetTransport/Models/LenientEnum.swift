import Foundation

/// A server vocabulary that grows: known values get cases, anything else is
/// kept verbatim so it can be shown, logged and sent back unchanged.
/// Conformers list `knownValues`, spell each `rawValue`, and have `.unknown(String)`.
public protocol LenientEnum: Codable, Hashable, Sendable {
    static var knownValues: [Self] { get }
    static func unknown(_ raw: String) -> Self
    var rawValue: String { get }
}

extension LenientEnum {
    public init(raw: String) {
        self = Self.knownValues.first { $0.rawValue == raw } ?? .unknown(raw)
    }

    public init(from decoder: Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        self.init(raw: raw)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }

    public var isKnown: Bool { Self.knownValues.contains(self) }
}
