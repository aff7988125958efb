/// A footer's key hints ("↑↓ choose  r reviewed  Enter read  Esc close") read as palette items, so a
/// screen that writes its footer as one line offers exactly those keys in Ctrl-P.
///
/// Entries are separated by two or more spaces; each is a key name, one space, and what it does.
/// Entries whose key names no single press (arrows as a pair, "PgUp PgDn", "Alt-Enter/Enter") or that
/// say nothing after the key (a progress word such as "Sending…") are left out: they are navigation
/// or state, not actions to choose from a list.
public enum KeyHints {
    public static func items(_ line: String) -> [CommandPalette.Item] {
        entries(line).compactMap { entry in
            guard let press = press(named: entry.key) else { return nil }
            return CommandPalette.Item(entry.title, hint: entry.key, press: press)
        }
    }

    /// The key named as footers write it: one character, Enter, Esc, Space, Tab, Backspace,
    /// Delete, F1-F12, the single arrows, and Ctrl- or Alt- before one character.
    public static func press(named name: String) -> KeyPress? {
        switch name {
        case "Enter": return KeyPress(.enter)
        case "Esc": return KeyPress(.escape)
        case "Space": return .char(" ")
        case "Tab": return KeyPress(.tab)
        case "Backspace": return KeyPress(.backspace)
        case "Delete": return KeyPress(.delete)
        case "↑": return KeyPress(.up)
        case "↓": return KeyPress(.down)
        case "←": return KeyPress(.left)
        case "→": return KeyPress(.right)
        default: break
        }
        if name.count == 1, let character = name.first, !character.isWhitespace { return .char(character) }
        if name.hasPrefix("F"), let number = Int(name.dropFirst()), (1...12).contains(number) {
            return KeyPress(.function(number))
        }
        for (prefix, modifier) in [("Ctrl-", KeyModifiers.control), ("Alt-", KeyModifiers.alt)] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard rest.count == 1, let character = rest.first else { return nil }
            return .char(Character(character.lowercased()), modifier)
        }
        return nil
    }

    private static func entries(_ line: String) -> [(key: String, title: String)] {
        var chunks: [String] = []
        var current = ""
        var spaces = 0
        for character in line {
            if character == " " {
                spaces += 1
                continue
            }
            if spaces >= 2, !current.isEmpty {
                chunks.append(current)
                current = ""
            } else if spaces == 1, !current.isEmpty {
                current.append(" ")
            }
            spaces = 0
            current.append(character)
        }
        if !current.isEmpty { chunks.append(current) }
        return chunks.compactMap { chunk in
            guard let split = chunk.firstIndex(of: " ") else { return nil }
            return (String(chunk[..<split]), String(chunk[chunk.index(after: split)...]))
        }
    }
}
