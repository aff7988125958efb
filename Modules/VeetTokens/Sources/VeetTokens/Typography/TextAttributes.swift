/// Terminal text attributes, each with its SGR number.
public struct TextAttributes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let bold = TextAttributes(rawValue: 1 << 0)
    public static let faint = TextAttributes(rawValue: 1 << 1)
    public static let italic = TextAttributes(rawValue: 1 << 2)
    public static let underline = TextAttributes(rawValue: 1 << 3)
    public static let reverse = TextAttributes(rawValue: 1 << 4)

    /// Each attribute with its name and SGR parameter, in SGR order.
    public static let named: [(attribute: TextAttributes, name: String, parameter: String)] = [
        (.bold, "bold", "1"), (.faint, "faint", "2"), (.italic, "italic", "3"),
        (.underline, "underline", "4"), (.reverse, "reverse", "7"),
    ]

    public var sgrParameters: [String] {
        Self.named.filter { contains($0.attribute) }.map(\.parameter)
    }

    public var names: [String] {
        Self.named.filter { contains($0.attribute) }.map(\.name)
    }
}
