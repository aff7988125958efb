import Foundation
import VeetTransport

/// What comparing an approval's displayed argument with the value the owner
/// expects proved.
public enum ArgumentVerification: Sendable, Hashable {
    /// The displayed value is whole and equal to the expected one.
    case matches
    /// The displayed value was cut, and the published digest proves the whole expected value.
    case matchesByDigest
    /// The approval would do something else than expected: do not present it as verified.
    case mismatch
    /// The displayed value was cut and no digest was published: nothing proves
    /// the hidden part, so the approval must be refused rather than presented.
    case unverifiableWithoutDigest
    /// The argument is absent, not a string, or redacted.
    case notComparable

    /// True only when the whole value is proven.
    public var isVerified: Bool { self == .matches || self == .matchesByDigest }
}

/// Checks one top-level string argument of an approval against the exact
/// value a frontend prepared (a reply body, a file's text). The server's
/// display copy keeps the first 512 characters of a longer string and appends
/// "…[TRUNCATED]"; for such values it publishes the SHA-256 (lowercase hex) of
/// the full UTF-8 value in `argument_digests`.
public enum ApprovalArgumentCheck {
    public static let truncationMarker = "…[TRUNCATED]"
    public static let displayLimit = 512
    public static let redactedMarker = "[REDACTED]"

    /// True when the displayed string carries the server's cut marker.
    public static func isCut(_ displayed: String) -> Bool { displayed.hasSuffix(truncationMarker) }

    public static func verify(argument key: String, expected: String, in approval: ApprovalView) -> ArgumentVerification {
        guard let displayed = approval.arguments[key]?.stringValue, displayed != redactedMarker else {
            return .notComparable
        }
        return verify(displayed: displayed, digest: approval.argumentDigests?[key], expected: expected)
    }

    /// The rule itself, on plain values.
    public static func verify(displayed: String, digest: String?, expected: String) -> ArgumentVerification {
        guard isCut(displayed) else { return displayed == expected ? .matches : .mismatch }
        guard let digest, !digest.isEmpty else { return .unverifiableWithoutDigest }
        // The kept prefix must agree too: a digest alone would let the card show one text and prove another.
        let kept = displayed.dropLast(truncationMarker.count)
        guard expected.unicodeScalars.starts(with: kept.unicodeScalars) else { return .mismatch }
        return SHA256Digest.hex(expected) == digest.lowercased() ? .matchesByDigest : .mismatch
    }
}
