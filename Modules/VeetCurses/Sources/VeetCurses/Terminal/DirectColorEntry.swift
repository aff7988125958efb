import Foundation
import VeetTokens

/// ncurses draws 24-bit colour only through a terminfo entry that declares
/// 2^24 colours (a "direct" entry such as `xterm-direct`), yet most terminals
/// that speak 24-bit colour set `TERM=xterm-256color` and say so only in
/// `COLORTERM`. This picks the direct entry to open the screen with instead,
/// when one is installed (Debian's ncurses-term has them), so every token is
/// drawn at its exact value; with none, the 256 palette stays.
public enum DirectColorEntry {
    /// The direct entry to open the screen with, or nil to keep `TERM`'s own:
    /// only when 24-bit colour is asked for (`ColorCapability.detect` reads
    /// `COLORTERM`; the Settings screen's colour depth may ask too) and `TERM`
    /// names no direct entry already.
    public static func choose(requested: ColorCapability, environment: [String: String],
                              isInstalled: (String) -> Bool) -> String? {
        guard requested == .trueColor else { return nil }
        guard let term = environment["TERM"], !term.isEmpty, term != "dumb", !term.contains("direct") else { return nil }
        return candidates(term: term, insideTmux: !(environment["TMUX"] ?? "").isEmpty).first(where: isInstalled)
    }

    /// Most specific first: tmux's own entry inside tmux (which understands
    /// the colon form these entries use), then the family's (`st-256color`
    /// gives `st-direct`), then xterm's for the many terminals that call
    /// themselves xterm.
    static func candidates(term: String, insideTmux: Bool) -> [String] {
        var names: [String] = []
        if insideTmux || term.hasPrefix("tmux") || term.hasPrefix("screen") { names.append("tmux-direct") }
        let family = term.split(separator: "-", maxSplits: 1).first.map(String.init) ?? term
        names.append("\(family)-direct")
        if term.hasPrefix("xterm") || term.hasPrefix("tmux") || term.hasPrefix("screen") { names.append("xterm-direct") }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// Whether a compiled terminfo entry of that name is found where ncurses
    /// looks: `$TERMINFO`, `~/.terminfo`, `$TERMINFO_DIRS`, then the system
    /// folders, each in the letter (`x/`) or hexadecimal (`78/`) layout.
    public static func isInstalled(_ name: String, environment: [String: String]) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII else { return false }
        let letter = String(Character(first))
        let hex = String(format: "%02x", first.value)
        return searchPath(environment: environment).contains { folder in
            [letter, hex].contains { FileManager.default.fileExists(atPath: "\(folder)/\($0)/\(name)") }
        }
    }

    static func searchPath(environment: [String: String]) -> [String] {
        var folders: [String] = []
        if let own = environment["TERMINFO"], !own.isEmpty { folders.append(own) }
        if let home = environment["HOME"], !home.isEmpty { folders.append("\(home)/.terminfo") }
        if let dirs = environment["TERMINFO_DIRS"] {
            folders += dirs.split(separator: ":", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "/usr/share/terminfo" : String($0) }
        }
        return folders + ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]
    }
}
