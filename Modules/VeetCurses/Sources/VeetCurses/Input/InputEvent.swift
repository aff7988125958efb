/// Modifier keys held with a key or mouse event.
public struct KeyModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let alt = KeyModifiers(rawValue: 1 << 1)
    public static let control = KeyModifiers(rawValue: 1 << 2)

    /// From the xterm modifier parameter (`CSI 1;m A`): m - 1 is a bit set
    /// of shift 1, alt 2, control 4, meta 8 (meta is read as alt).
    init(xtermParameter parameter: Int) {
        let bits = max(parameter - 1, 0)
        var modifiers: KeyModifiers = []
        if bits & 1 != 0 { modifiers.insert(.shift) }
        if bits & 2 != 0 || bits & 8 != 0 { modifiers.insert(.alt) }
        if bits & 4 != 0 { modifiers.insert(.control) }
        self = modifiers
    }
}

/// A key, apart from its modifiers.
public enum Key: Sendable, Hashable {
    /// A printable character; with `.control` for the C0 control codes
    /// (Ctrl-A is `.character("a")` with `.control`).
    case character(Character)
    case enter, tab, backspace, escape
    case up, down, left, right
    case home, end, pageUp, pageDown, insert, delete
    /// F1 ... F12.
    case function(Int)
}

/// A key with the modifiers held.
public struct KeyPress: Sendable, Hashable, CustomStringConvertible {
    public var key: Key
    public var modifiers: KeyModifiers

    public init(_ key: Key, _ modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// Shorthand for a character key: `.char("a", .control)`.
    public static func char(_ character: Character, _ modifiers: KeyModifiers = []) -> KeyPress {
        KeyPress(.character(character), modifiers)
    }

    /// "Ctrl-Alt-x", "Shift-Tab", "F5": how help screens write a key.
    public var description: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        switch key {
        case .character(" "): parts.append("Space")
        case .character(let character): parts.append(String(character))
        case .function(let number): parts.append("F\(number)")
        case .pageUp: parts.append("PgUp")
        case .pageDown: parts.append("PgDn")
        default: parts.append("\(key)".prefix(1).uppercased() + "\(key)".dropFirst())
        }
        return parts.joined(separator: "-")
    }
}

/// A mouse report (SGR 1006 encoding).
public struct MouseEvent: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case press, release, drag, scrollUp, scrollDown, scrollLeft, scrollRight
    }

    public enum Button: Sendable, Hashable {
        case left, middle, right, none
    }

    public var kind: Kind
    public var button: Button
    /// Cell position, from 0 (the terminal reports from 1).
    public var position: GridPoint
    public var modifiers: KeyModifiers

    public init(kind: Kind, button: Button, position: GridPoint, modifiers: KeyModifiers = []) {
        self.kind = kind
        self.button = button
        self.position = position
        self.modifiers = modifiers
    }
}

/// Everything the terminal session reports to the application.
public enum InputEvent: Sendable, Hashable {
    case key(KeyPress)
    /// A bracketed paste, newlines kept (as "\n").
    case paste(String)
    case mouse(MouseEvent)
    /// The terminal changed size (from SIGWINCH, or after resuming).
    case resize(width: Int, height: Int)
    /// The terminal window gained (true) or lost (false) the focus: `CSI I` /
    /// `CSI O`, sent while focus reporting (DECSET 1004) is on.
    case focus(Bool)
}
