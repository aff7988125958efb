import Foundation
import VeetCurses
import VeetFolders
import VeetTokens

/// A menu over the screen from a sidebar row and what choosing its items does:
/// a conversation's move menu, or a suggestion's accept / rename / decline.
public struct FolderMenu: Sendable {
    public enum Purpose: Sendable, Hashable {
        case move(sessionID: String, targets: [MoveTarget])
        case suggestion(proposalID: String, canRename: Bool, name: String?)
    }

    public var purpose: Purpose
    public var menu: Menu

    /// The move menu of a conversation row (the model's targets, in its order).
    public static func move(sessionID: String, targets: [MoveTarget]) -> FolderMenu {
        let items = targets.map { target -> Menu.Item in
            switch target {
            case .folder(_, let name): Menu.Item("Move to " + name)
            case .history: Menu.Item("Back to History")
            }
        }
        return FolderMenu(purpose: .move(sessionID: sessionID, targets: targets), menu: Menu(title: "Move", items: items))
    }

    public static func suggestion(_ suggestion: SidebarModel.Suggestion) -> FolderMenu {
        var items = [Menu.Item("Accept", hint: "a")]
        if suggestion.canRename { items.append(Menu.Item("Rename and accept", hint: "r")) }
        items.append(Menu.Item("Decline", hint: "d"))
        return FolderMenu(purpose: .suggestion(proposalID: suggestion.id, canRename: suggestion.canRename,
                                               name: suggestion.folderName),
                          menu: Menu(title: suggestion.folderName ?? "Suggested folder", items: items))
    }

    /// Centred on the grid; the caret is hidden while the menu is open.
    public func draw(in grid: inout ScreenGrid, styles: WidgetStyles) {
        let size = menu.size
        menu.draw(in: &grid, at: GridPoint(row: (grid.height - size.height) / 2, column: (grid.width - size.width) / 2),
                  area: grid.bounds, styles: styles)
        grid.cursor = nil
    }
}

/// The folder name form (create, rename, or rename-and-accept a suggestion):
/// a refused name shows under the field, and the form stays open to fix it.
public struct FolderForm: Sendable {
    public enum Purpose: Sendable, Hashable {
        case create
        case rename(folderID: String)
        case acceptSuggestion(proposalID: String)
    }

    public var purpose: Purpose
    public var input: TextInput
    public var error: String?
    public var isSaving = false

    public init(purpose: Purpose, input: TextInput = TextInput(), error: String? = nil) {
        self.purpose = purpose
        self.input = input
        self.error = error
    }

    public var title: String {
        switch purpose {
        case .create: " New folder "
        case .rename: " Rename folder "
        case .acceptSuggestion: " Accept with a name "
        }
    }

    public func draw(in grid: inout ScreenGrid, styles: WidgetStyles) {
        let width = min(52, grid.width - 4), height = 7
        let rect = GridRect(row: max((grid.height - height) / 2, 0), column: max((grid.width - width) / 2, 0),
                            width: width, height: height)
        let fill = TextStyle(foreground: .ink, background: .paperDeep)
        let inside = Box.draw(in: &grid, rect: rect, title: title, fill: fill,
                              border: TextStyle(foreground: .hairline, background: .paperDeep),
                              titleStyle: TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep))
        guard inside.height >= 5 else { return }
        _ = grid.put("Name", row: inside.row, column: inside.column, style: fill, limit: inside.right)
        var field = input
        field.draw(in: &grid, rect: GridRect(row: inside.row + 1, column: inside.column, width: inside.width, height: 1),
                   placeholder: "Folder name", focused: true, styles: styles)
        // The field error sits under the field (two lines at most), never in the status bar.
        for (index, line) in TextFitting.wrap(error ?? "", width: inside.width).prefix(2).enumerated() {
            _ = grid.put(line, row: inside.row + 2 + index, column: inside.column,
                         style: TextStyle(attributes: .bold, foreground: .red, background: .paperDeep), limit: inside.right)
        }
        let hint = isSaving ? "Saving..." : "Enter: save   Esc: cancel"
        _ = grid.put(hint, row: inside.row + 4, column: inside.column,
                     style: TextStyle(foreground: .inkSoft, background: .paperDeep), limit: inside.right)
    }
}
