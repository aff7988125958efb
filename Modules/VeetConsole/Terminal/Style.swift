/// The semantic roles text can play. These names are the stable interface;
/// the SGR numbers below are the only place raw colours live, and the
/// VeetTokens palette will replace them.
public enum StyleRole: String, Sendable, CaseIterable {
    case emphasis
    case dim
    case accent
    case warning
    case error
    case success
    case code

    /// The SGR parameters that render this role.
    public var sgrParameters: String {
        switch self {
        case .emphasis: "1"  // bold
        case .dim: "2"  // faint
        case .accent: "36"  // cyan
        case .warning: "33"  // yellow
        case .error: "1;31"  // bold red
        case .success: "32"  // green
        case .code: "35"  // magenta
        }
    }
}

/// Applies roles as ANSI SGR sequences, or leaves text untouched when colour
/// is not allowed. Get one from `Terminal.style(for:)`.
public struct Style: Sendable, Equatable {
    public var isEnabled: Bool

    public static let plain = Style(isEnabled: false)
    static let reset = "\u{1B}[0m"

    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// `text` in `role`. Styled text may be nested: an inner reset re-opens
    /// the outer role.
    public func apply(_ role: StyleRole, _ text: String) -> String {
        guard isEnabled, !text.isEmpty else { return text }
        let open = "\u{1B}[\(role.sgrParameters)m"
        let body = text.replacingAll(Self.reset, with: Self.reset + open)
        return open + body + Self.reset
    }

    public func emphasis(_ text: String) -> String { apply(.emphasis, text) }
    public func dim(_ text: String) -> String { apply(.dim, text) }
    public func accent(_ text: String) -> String { apply(.accent, text) }
    public func warning(_ text: String) -> String { apply(.warning, text) }
    public func error(_ text: String) -> String { apply(.error, text) }
    public func success(_ text: String) -> String { apply(.success, text) }
    public func code(_ text: String) -> String { apply(.code, text) }

    /// `text` without any SGR sequences, e.g. to measure its width.
    public static func stripped(_ text: String) -> String {
        var result = ""
        var inSequence = false
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            if inSequence {
                if scalar == "m" { inSequence = false }
            } else if scalar == "\u{1B}" {
                if let next = iterator.next(), next != "[" {
                    result.unicodeScalars.append(scalar)
                    result.unicodeScalars.append(next)
                } else {
                    inSequence = true
                }
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension String {
    /// Replaces every occurrence without Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
