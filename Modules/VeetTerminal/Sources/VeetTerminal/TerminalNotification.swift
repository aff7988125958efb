import Foundation

/// A notification raised through the terminal itself: OSC 9 (iTerm2, WezTerm,
/// kitty, ghostty, Windows Terminal, ConEmu), plus OSC 777 `notify` for the
/// terminals that take it (VTE-based ones such as GNOME Terminal, foot,
/// urxvt, WezTerm, ghostty), and a plain BEL when the terminal is known for
/// neither, so it can at least flag the window. Inside tmux each OSC goes
/// through tmux's passthrough (`ESC P tmux; … ESC \`, inner ESCs doubled;
/// tmux needs `set -g allow-passthrough on`), the BEL as it is (tmux turns
/// it into its own bell, `bell-action`).
public enum TerminalNotification {
    /// What the terminal takes, as its environment tells.
    public struct Support: Sendable, Hashable {
        public var osc9: Bool
        public var osc777: Bool
        public var insideTmux: Bool

        public init(osc9: Bool, osc777: Bool, insideTmux: Bool) {
            self.osc9 = osc9
            self.osc777 = osc777
            self.insideTmux = insideTmux
        }

        /// From TERM, TERM_PROGRAM, LC_TERMINAL and the variables terminals set in their children.
        public static func detect(environment: [String: String]) -> Support {
            let term = environment["TERM"] ?? ""
            let programs = [environment["TERM_PROGRAM"], environment["LC_TERMINAL"]].compactMap { $0?.lowercased() }
            func has(_ key: String) -> Bool { !(environment[key] ?? "").isEmpty }
            let wezterm = programs.contains("wezterm") || has("WEZTERM_PANE")
            let ghostty = programs.contains("ghostty") || term.hasPrefix("xterm-ghostty")
            let kitty = term.hasPrefix("xterm-kitty") || has("KITTY_WINDOW_ID")
            let iterm = programs.contains("iterm.app") || programs.contains("iterm2")
            let windows = has("WT_SESSION") || has("ConEmuPID")
            let vte = has("VTE_VERSION")
            let foot = term.hasPrefix("foot")
            let urxvt = term.hasPrefix("rxvt-unicode")
            return Support(osc9: wezterm || ghostty || kitty || iterm || windows,
                           osc777: vte || foot || urxvt || wezterm || ghostty,
                           insideTmux: Clipboard.isInsideTmux(environment))
        }
    }

    /// The bytes for one notification: OSC 9 always (a terminal that does not
    /// know it ignores it), OSC 777 where taken, BEL when neither is known to work.
    public static func sequence(title: String, body: String, support: Support) -> String {
        let title = clean(title), body = clean(body)
        var oscs = ["\u{1B}]9;" + (body.isEmpty ? title : "\(title): \(body)") + "\u{07}"]
        if support.osc777 {
            oscs.append("\u{1B}]777;notify;" + title.replacingOccurrences(of: ";", with: ",") + ";" + body + "\u{07}")
        }
        let wrapped = oscs.map { support.insideTmux ? tmuxPassthrough($0) : $0 }.joined()
        return wrapped + (support.osc9 || support.osc777 ? "" : "\u{07}")
    }

    /// tmux hands the inner sequence to the outer terminal unchanged.
    public static func tmuxPassthrough(_ sequence: String) -> String {
        "\u{1B}Ptmux;" + sequence.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
    }

    /// One line, no control characters (a BEL or ESC would end the sequence), at most 120 characters.
    static func clean(_ text: String) -> String {
        let flat = String(text.unicodeScalars.map { CharacterSet.controlCharacters.contains($0) ? " " : Character($0) })
            .trimmingCharacters(in: .whitespaces)
        return flat.count > 120 ? String(flat.prefix(119)) + "…" : flat
    }
}
