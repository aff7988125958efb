/// Up, Down, Home and End over a plain list of `count` rows: the rule every full-screen list shares.
public enum ListNavigation {
    /// Whether `key` moves in a list (the arrows up and down, Home, End, with no modifier).
    public static func moves(_ key: KeyPress) -> Bool {
        guard key.modifiers.isEmpty else { return false }
        switch key.key {
        case .up, .down, .home, .end: return true
        default: return false
        }
    }

    /// The row `key` moves to from `index`, clamped to the list; `index` itself when `key` is not a move.
    public static func index(after key: KeyPress, from index: Int, count: Int) -> Int {
        guard moves(key) else { return index }
        let last = max(count - 1, 0)
        switch key.key {
        case .up: return max(index - 1, 0)
        case .down: return min(index + 1, last)
        case .home: return 0
        default: return last
        }
    }
}
