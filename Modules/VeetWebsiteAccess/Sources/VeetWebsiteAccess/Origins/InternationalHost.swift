import Foundation

/// Turns a host typed with Unicode letters into the ASCII form the server
/// stores (`bücher.example.org` ⇒ `xn--bcher-kva.example.org`), label by
/// label, before any origin rule is checked. This is the part of IDNA a
/// typed address needs: full stops unified, case folded, NFC, each Unicode
/// label checked and Punycode-encoded with the `xn--` prefix; an ASCII label
/// already in `xn--` form must decode to a proper Unicode label.
enum InternationalHost {
    static let acePrefix = "xn--"

    /// The ASCII host, or a refusal naming the label at fault.
    static func ascii(_ host: String) throws(OriginRefusal) -> String {
        let unified = String(String.UnicodeScalarView(host.unicodeScalars.map(Self.unifyingFullStop)))
        let mapped = fold(unified)
        var labels: [String] = []
        // Split on scalars: a combining mark after a dot would join it in one Character.
        for label in mapped.unicodeScalars.split(separator: ".", omittingEmptySubsequences: false) {
            labels.append(try asciiLabel(String(String.UnicodeScalarView(label))))
        }
        return labels.joined(separator: ".")
    }

    /// Compatibility forms (full-width letters and digits) become their plain
    /// letters, then case is folded: close to IDNA's mapping step.
    static func fold(_ text: String) -> String {
        text.precomposedStringWithCompatibilityMapping.lowercased().precomposedStringWithCanonicalMapping
    }

    /// Ideographic and full-width full stops separate labels, as in IDNA.
    private static func unifyingFullStop(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ["\u{3002}", "\u{FF0E}", "\u{FF61}"].contains(scalar) ? "." : scalar
    }

    private static func asciiLabel(_ label: String) throws(OriginRefusal) -> String {
        if label.unicodeScalars.allSatisfy(\.isASCII) {
            if label.hasPrefix(acePrefix) { try checkALabel(label) }
            return label
        }
        if label.hasPrefix(acePrefix) { throw .internationalLabel(label, .mixed) }
        try checkULabel(label)
        guard let encoded = Punycode.encode(label) else { throw .internationalLabel(label, .notEncodable) }
        let result = acePrefix + encoded
        guard result.utf8.count <= 63 else { throw .internationalLabel(label, .tooLong) }
        return result
    }

    /// A Unicode label: letters, marks and digits joined by hyphens; no
    /// leading mark or hyphen, no trailing hyphen, no `--` in places 3 and 4.
    static func checkULabel(_ label: String) throws(OriginRefusal) {
        let scalars = Array(label.unicodeScalars)
        guard let first = scalars.first, let last = scalars.last else { throw .malformed }
        if first == "-" || last == "-" { throw .internationalLabel(label, .hyphen) }
        if scalars.count >= 4, scalars[2] == "-", scalars[3] == "-" { throw .internationalLabel(label, .hyphen) }
        if first.properties.generalCategory.isMark { throw .internationalLabel(label, .leadingMark) }
        for scalar in scalars where !isAllowed(scalar) {
            throw .internationalLabel(label, .character(String(scalar)))
        }
    }

    /// An ASCII label with the `xn--` prefix: its Punycode must decode to a
    /// valid Unicode label that encodes back to exactly the same text.
    private static func checkALabel(_ label: String) throws(OriginRefusal) {
        let body = String(label.dropFirst(acePrefix.count))
        guard let decoded = Punycode.decode(body), !decoded.unicodeScalars.allSatisfy(\.isASCII),
              decoded == fold(decoded),
              Punycode.encode(decoded) == body
        else { throw .internationalLabel(label, .badPunycode) }
        do { try checkULabel(decoded) } catch { throw .internationalLabel(label, .badPunycode) }
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "-" { return true }
        if scalar.isASCII { return ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) }
        switch scalar.properties.generalCategory {
        case .lowercaseLetter, .otherLetter, .modifierLetter, .nonspacingMark, .spacingMark, .decimalNumber: return true
        default: return false
        }
    }
}

private extension Unicode.GeneralCategory {
    var isMark: Bool { self == .nonspacingMark || self == .spacingMark || self == .enclosingMark }
}

/// Why a label of an international host was refused.
public enum InternationalLabelProblem: Sendable, Hashable {
    /// `xn--` followed by non-ASCII letters.
    case mixed
    /// An `xn--` label whose Punycode is not a proper encoding.
    case badPunycode
    /// A character no host name may hold (a symbol, punctuation, a capital that has no lowercase).
    case character(String)
    case hyphen
    case leadingMark
    case tooLong
    case notEncodable
}
