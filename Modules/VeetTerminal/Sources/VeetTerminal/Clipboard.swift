import Foundation

/// Copying to the system clipboard through the terminal (OSC 52), which
/// works over SSH too. Inside tmux the sequence is wrapped in tmux's
/// passthrough (`ESC P tmux; … ESC \`, inner ESCs doubled) so it reaches the
/// outer terminal; tmux must allow it (`set -g allow-passthrough on`, or
/// `set-clipboard on`, which makes tmux itself take the plain sequence).
public enum Clipboard {
    /// Terminals cap OSC 52 payloads (xterm at 100,000 bytes of base64 by default).
    public static let maximumBytes = 74_994

    /// What to tell someone whose text `sequence(copying:environment:)` refused.
    public static let tooLongNotice = "Too long to copy through the terminal (over \(maximumBytes / 1000) KB)"

    /// The bytes that ask the terminal to put `text` on the clipboard, or nil when it is too big.
    public static func sequence(copying text: String, environment: [String: String]) -> String? {
        let bytes = Data(text.utf8)
        guard bytes.count <= maximumBytes else { return nil }
        let osc = "\u{1B}]52;c;" + bytes.base64EncodedString() + "\u{07}"
        guard isInsideTmux(environment) else { return osc }
        return "\u{1B}Ptmux;" + osc.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
    }

    /// tmux sets TMUX in the programs it runs.
    public static func isInsideTmux(_ environment: [String: String]) -> Bool {
        !(environment["TMUX"] ?? "").isEmpty
    }
}
