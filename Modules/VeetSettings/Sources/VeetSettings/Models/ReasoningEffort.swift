import VeetTransport

/// How hard a model thinks (docs/wire/settings.md §3.1). The server's set is closed, but a
/// newer server may add a value: it is kept raw, shown as sent and sent back
/// unchanged, never refused while decoding. "No effort" is `nil`, not a case.
public enum ReasoningEffort: LenientEnum {
    case low, medium, high, xhigh, max
    case unknown(String)
    public static let wireNames: [(ReasoningEffort, String)] = [
        (.low, "low"), (.medium, "medium"), (.high, "high"), (.xhigh, "xhigh"), (.max, "max"),
    ]
    public var unknownValue: String? { if case .unknown(let raw) = self { raw } else { nil } }

    /// The words a control shows ("Extra high" for `xhigh`, as the Apple client says).
    public var label: String {
        switch self {
        case .low: "Low"
        case .medium: "Medium"
        case .high: "High"
        case .xhigh: "Extra high"
        case .max: "Max"
        case .unknown(let raw): raw
        }
    }

    /// The label of an optional effort: nil is the provider's default.
    public static func label(_ effort: ReasoningEffort?) -> String {
        effort?.label ?? "Provider default"
    }
}
