/// The escape sequences VeetCurses sends itself (terminfo has no names for
/// them), and which terminals get synchronized output.
public enum TerminalModes {
    /// Bracketed paste (2004), button and drag mouse reports (1000, 1002)
    /// in SGR encoding (1006). VeetCurses decodes these bytes itself rather
    /// than through ncurses's `mousemask`, which would also pick the older
    /// X10 encoding that cannot report columns past 223.
    /// Focus reporting (1004) makes the terminal send `CSI I` / `CSI O` as its
    /// window gains and loses the focus; a terminal without it ignores the mode.
    public static func enable(mouse: Bool, bracketedPaste: Bool, focusEvents: Bool = false) -> String {
        (bracketedPaste ? "\u{1B}[?2004h" : "") + (mouse ? "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h" : "")
            + (focusEvents ? focusReportingOn : "")
    }

    public static let focusReportingOn = "\u{1B}[?1004h"
    public static let focusReportingOff = "\u{1B}[?1004l"

    /// Everything `enable` may have turned on, off again, plus the end of a
    /// synchronized update and a visible cursor: safe to send twice.
    /// Mouse reports off (the three modes `enable` turns on), paste left as it is.
    public static let mouseOff = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"

    public static let disableAll =
        "\u{1B}[?2026l\u{1B}[?1004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[?25h"

    /// DECSET 2026: the terminal holds the screen until `endSynchronized`,
    /// so a frame never shows half drawn.
    public static let beginSynchronized = "\u{1B}[?2026h"
    public static let endSynchronized = "\u{1B}[?2026l"

    /// Whether to wrap frames in synchronized output: terminals of the
    /// xterm family and the multiplexers understand it, and terminals that
    /// do not ignore unknown private modes; the Linux console and `dumb`
    /// are left alone.
    public static func supportsSynchronizedOutput(environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" || term.hasPrefix("linux") || term.hasPrefix("vt") { return false }
        let families = ["xterm", "tmux", "screen", "alacritty", "foot", "wezterm", "kitty", "ghostty", "rio", "contour"]
        return families.contains { term.hasPrefix($0) } || environment["TERM_PROGRAM"] != nil
    }
}
