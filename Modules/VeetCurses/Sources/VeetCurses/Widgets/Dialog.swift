import VeetTerminal
import VeetTokens

/// A modal card with a title, a wrapped message and a row of buttons; the
/// confirm dialog is the two-button case. The value holds which button has
/// focus; the caller shows it over everything and routes keys to it first.
public struct Dialog: Sendable, Hashable {
    public struct Button: Sendable, Hashable {
        public var title: String
        /// Drawn in the failure colour when focused (Delete Everywhere).
        public var isDestructive: Bool
        /// A letter that presses the button from anywhere in the dialog.
        public var shortcut: Character?

        public init(_ title: String, isDestructive: Bool = false, shortcut: Character? = nil) {
            self.title = title
            self.isDestructive = isDestructive
            self.shortcut = shortcut
        }
    }

    public enum Outcome: Sendable, Hashable {
        /// The button at this index was pressed.
        case chose(Int)
        /// Escape: closed without a choice.
        case dismissed
        /// Focus moved; still open.
        case moved
        case ignored
    }

    public var title: String
    public var message: String
    public var buttons: [Button]
    public var focusedButton: Int

    public init(title: String, message: String, buttons: [Button], focusedButton: Int = 0) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.focusedButton = min(max(focusedButton, 0), max(buttons.count - 1, 0))
    }

    /// "Cancel" and a confirming button, focus on Cancel so a stray Enter
    /// never destroys anything. `chose(1)` means confirmed.
    public static func confirm(title: String, message: String, confirmTitle: String,
                               isDestructive: Bool = false) -> Dialog {
        Dialog(title: title, message: message,
               buttons: [Button("Cancel", shortcut: "n"),
                         Button(confirmTitle, isDestructive: isDestructive, shortcut: "y")],
               focusedButton: 0)
    }

    /// Tab/arrows move focus, Enter presses the focused button, a button's
    /// shortcut presses it, Escape dismisses.
    public mutating func handle(_ key: KeyPress) -> Outcome {
        guard !buttons.isEmpty else { return key.key == .escape ? .dismissed : .ignored }
        switch key.key {
        case .escape: return .dismissed
        case .enter: return .chose(focusedButton)
        case .tab where key.modifiers.contains(.shift), .left:
            focusedButton = (focusedButton + buttons.count - 1) % buttons.count
            return .moved
        case .tab, .right:
            focusedButton = (focusedButton + 1) % buttons.count
            return .moved
        case .character(let character) where key.modifiers.isEmpty:
            let lowered = Character(character.lowercased())
            if let index = buttons.firstIndex(where: { $0.shortcut == lowered }) { return .chose(index) }
            return .ignored
        default: return .ignored
        }
    }

    /// Draws centred in `area` (usually the whole screen); returns the card.
    @discardableResult
    public func draw(in grid: inout ScreenGrid, area: GridRect, styles: WidgetStyles = .standard) -> GridRect {
        let buttonLabels = buttons.map { "[ \($0.title) ]" }
        let buttonsWidth = buttonLabels.reduce(0) { $0 + DisplayWidth.of($1) } + max(buttons.count - 1, 0) * 2
        let preferred = max(DisplayWidth.of(title) + 6, buttonsWidth + 4, min(DisplayWidth.of(message) + 4, 60), 24)
        let width = min(preferred, area.width)
        let messageLines = TextFitting.wrap(message, width: max(width - 4, 1))
        let height = min(messageLines.count + 5, area.height)
        let card = area.centered(width: width, height: height)
        let inside = Box.draw(in: &grid, rect: card, title: title, fill: styles.card, border: styles.border,
                              titleStyle: styles.title)
        for (offset, line) in messageLines.prefix(max(inside.height - 2, 0)).enumerated() {
            grid.put(line, row: inside.row + 1 + offset, column: inside.column + 1, style: styles.card,
                     limit: inside.right - 1)
        }
        var column = inside.right - 1 - buttonsWidth
        column = max(column, inside.column + 1)
        let row = inside.bottom - 1
        for (index, label) in buttonLabels.enumerated() {
            let style: TextStyle
            if index == focusedButton {
                style = buttons[index].isDestructive ? styles.destructiveButton : styles.focusedButton
            } else {
                style = styles.button
            }
            column = grid.put(label, row: row, column: column, style: style, limit: inside.right) + 2
        }
        return card
    }
}
