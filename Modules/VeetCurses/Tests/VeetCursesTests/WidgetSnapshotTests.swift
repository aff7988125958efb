import Testing
import VeetTerminal
import VeetTokens
@testable import VeetCurses

/// A transcript of fixed lines for the scroll view.
struct TranscriptRows: ScrollRowProvider {
    var messages: [String]
    var rowCount: Int { messages.count }

    func height(ofRow row: Int, width: Int) -> Int {
        TextFitting.wrap(messages[row], width: width).count + 1
    }

    func lines(ofRow row: Int, width: Int) -> [StyledLine] {
        TextFitting.wrap(messages[row], width: width).map { [StyledRun($0)] } + [[]]
    }
}

/// A chat-like screen built from every widget: sidebar list, transcript,
/// composer and status bar, at any size.
struct SampleScreen {
    static let sections = [
        ListSection(id: "top", title: "", items: [ListItem(id: "new", title: "+ New conversation")]),
        ListSection(id: "needs", title: "Needs you", items: [
            ListItem(id: "c1", title: "Deploy the fixture", detail: "2m",
                     marker: StyledRun("●", style: TextStyle(foreground: .amber))),
        ]),
        ListSection(id: "recent", title: "Recent chats", items: [
            ListItem(id: "c2", title: "東京の天気を調べて", detail: "45s"),
            ListItem(id: "c3", title: "Plan the trip 🚀 with a very long title indeed", detail: "1h"),
        ], isCollapsible: true),
    ]

    var list = SectionedList(selection: .item(sectionID: "recent", itemID: "c2"))
    var scroll = ScrollView()
    var input = TextInput(text: "Draft reply")
    let transcript = TranscriptRows(messages: [
        "Hello! What is the weather in Tokyo?",
        "Tokyo is 18°C and clear. 晴れ ☀️ with light wind from the north-east.",
    ])

    mutating func draw(width: Int, height: Int) -> ScreenGrid {
        var grid = ScreenGrid(width: width, height: height, fill: WidgetStyles.standard.page)
        let sidebarWidth = width >= 120 ? 32 : 24
        list.draw(Self.sections, in: &grid, rect: GridRect(row: 0, column: 0, width: sidebarWidth, height: height - 1))
        let main = GridRect(row: 0, column: sidebarWidth + 1, width: width - sidebarWidth - 2, height: height - 4)
        scroll.draw(transcript, in: &grid, rect: main, background: WidgetStyles.standard.page)
        input.draw(in: &grid, rect: GridRect(row: height - 3, column: sidebarWidth + 1, width: main.width, height: 2),
                   placeholder: "Message")
        StatusBar(left: [StyledRun("connected")], right: [StyledRun("? keys")]).draw(in: &grid, row: height - 1, width: width)
        return grid
    }
}

@Suite struct WidgetSnapshotTests {
    @Test func chatScreenAt80x24() {
        var screen = SampleScreen()
        let grid = screen.draw(width: 80, height: 24)
        let rows = grid.snapshot.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(rows.count == 24)
        #expect(rows[0] == " + New conversation      Hello! What is the weather in Tokyo?")
        #expect(rows[1] == " Needs you")
        #expect(rows[2] == " ● Deploy the fixtu… 2m  Tokyo is 18°C and clear. 晴れ ☀️ with light wind from")
        #expect(rows[3] == " ▾ Recent chats          the north-east.")
        #expect(rows[4] == " 東京の天気を調べて 45s")
        #expect(rows[5] == " Plan the trip 🚀 w… 1h")
        #expect(rows[21] == "                         Draft reply")
        #expect(rows[23] == " connected" + String(repeating: " ", count: 63) + "? keys")
        // Style cells: the selected row, the amber marker, the status bar.
        #expect(grid[4, 3].style.background == .selected)
        #expect(grid[2, 1].style.foreground == .amber)
        #expect(grid[23, 2].style.background == .paperDeep)
        #expect(grid[21, 25].style.background == .field)
        #expect(grid.cursor == GridPoint(row: 21, column: 36))
    }

    @Test func chatScreenAt160x48() {
        var screen = SampleScreen()
        let grid = screen.draw(width: 160, height: 48)
        #expect(grid.text(0) == " + New conversation              Hello! What is the weather in Tokyo?")
        #expect(grid.text(2) == " ● Deploy the fixture        2m  Tokyo is 18°C and clear. 晴れ ☀️ with light wind from the north-east.")
        #expect(grid.text(5) == " Plan the trip 🚀 with a ve… 1h")
        #expect(grid.text(45) == String(repeating: " ", count: 33) + "Draft reply")
        #expect(grid.text(47).hasSuffix("? keys") && DisplayWidth.of(grid.text(47)) == 159)
    }

    @Test func collapsingASectionHidesItsItems() {
        var screen = SampleScreen()
        screen.list.selection = .header(sectionID: "recent")
        let used = screen.list.handle(KeyPress(.enter), in: SampleScreen.sections, pageSize: 10)
        #expect(used)
        let grid = screen.draw(width: 80, height: 24)
        #expect(grid.text(3).hasPrefix(" ▸ Recent chats"))
        #expect(grid.text(4) == "")
        #expect(screen.list.collapsed == ["recent"])
        // Down from the collapsed header stays on it: it is the last row.
        screen.list.moveSelection(by: 1, in: SampleScreen.sections)
        #expect(screen.list.selection == .header(sectionID: "recent"))
    }

    @Test func listSelectionMovesAcrossHeadersAndScrolls() {
        var list = SectionedList()
        list.moveSelection(by: 1, in: SampleScreen.sections)
        #expect(list.selectedItemID == "new")
        list.moveSelection(by: 2, in: SampleScreen.sections)
        #expect(list.selectedItemID == "c1")
        _ = list.handle(KeyPress(.end), in: SampleScreen.sections, pageSize: 3)
        #expect(list.selectedItemID == "c3")
        var grid = ScreenGrid(width: 20, height: 3)
        list.draw(SampleScreen.sections, in: &grid, rect: grid.bounds)
        #expect(list.scrollOffset == 3)
        #expect(grid.text(2).hasPrefix(" Plan the trip"))
        #expect(list.row(atScreenRow: 1, in: grid.bounds, sections: SampleScreen.sections) == .item(sectionID: "recent", itemID: "c2"))
    }

    @Test func confirmDialogCentredWithCancelFocused() {
        var grid = ScreenGrid(width: 80, height: 24)
        var dialog = Dialog.confirm(title: "Delete conversation?",
                                    message: "This deletes it everywhere, for good.", confirmTitle: "Delete Everywhere",
                                    isDestructive: true)
        let card = dialog.draw(in: &grid, area: grid.bounds)
        #expect(card == GridRect(row: 9, column: 19, width: 41, height: 6))
        #expect(grid.text(9) == String(repeating: " ", count: 19) + "┌─ Delete conversation? ────────────────┐")
        #expect(grid.text(11) == String(repeating: " ", count: 19) + "│ This deletes it everywhere, for good. │")
        #expect(grid.text(13) == String(repeating: " ", count: 19) + "│     [ Cancel ]  [ Delete Everywhere ] │")
        #expect(grid[13, 26].style == WidgetStyles.standard.focusedButton)
        let outcome1 = dialog.handle(KeyPress(.tab))
        #expect(outcome1 == .moved)
        dialog.draw(in: &grid, area: grid.bounds)
        #expect(grid[13, 37].style == WidgetStyles.standard.destructiveButton)
        let outcome2 = dialog.handle(KeyPress(.enter))
        #expect(outcome2 == .chose(1))
        let outcome3 = dialog.handle(.char("n"))
        #expect(outcome3 == .chose(0))
        let outcome4 = dialog.handle(KeyPress(.escape))
        #expect(outcome4 == .dismissed)
    }

    @Test func menuSkipsDisabledItemsAndFitsOnScreen() {
        var menu = Menu(title: "Message", items: [
            Menu.Item("Copy", hint: "c"), Menu.Item("Retry", isEnabled: false), Menu.Item("Delete", hint: "Ctrl-D"),
        ])
        let outcome5 = menu.handle(KeyPress(.down))
        #expect(outcome5 == .moved)
        #expect(menu.selected == 2)
        var grid = ScreenGrid(width: 30, height: 8)
        let card = menu.draw(in: &grid, at: GridPoint(row: 6, column: 25), area: grid.bounds)
        #expect(card.bottom == 8 && card.right == 30)
        #expect(card == GridRect(row: 3, column: 11, width: 19, height: 5))
        #expect(grid.text(4) == String(repeating: " ", count: 11) + "│ Copy          c │")
        #expect(grid.text(6) == String(repeating: " ", count: 11) + "│ Delete   Ctrl-D │")
        #expect(grid[card.row + 3, card.column + 2].style.background == .selected)
        #expect(grid[card.row + 2, card.column + 2].style.attributes.contains(.faint))
        let outcome6 = menu.handle(KeyPress(.enter))
        #expect(outcome6 == .chose(2))
    }

    /// A title without a hint may use the whole width the card was sized for.
    @Test func aMenuItemWithoutAHintIsNotClipped() {
        let menu = Menu(title: nil, items: [Menu.Item("History"), Menu.Item("Groceries")])
        var grid = ScreenGrid(width: 20, height: 5)
        let card = menu.draw(in: &grid, at: GridPoint(row: 0, column: 0), area: grid.bounds)
        #expect(card.width == 13)
        #expect(grid.text(2).hasPrefix("│ Groceries │"))
    }

    @Test func helpOverlayListsKeysInColumns() {
        var help = HelpOverlay(groups: [
            .init("Conversation", [.init("Enter", "send"), .init("Alt-Enter", "new line")]),
            .init("Anywhere", [.init("?", "this help")]),
        ])
        var grid = ScreenGrid(width: 80, height: 24)
        let card = help.draw(in: &grid, area: grid.bounds)
        let inside = card.column + 2
        #expect(grid.text(card.row).contains("┌─ Keys ─"))
        #expect(grid.text(card.row + 1) .hasSuffix("│ Conversation         │"))
        #expect(grid[card.row + 2, inside].grapheme == "E" && grid[card.row + 2, inside].style.attributes.contains(.bold))
        #expect(grid.text(card.row + 3).contains("Alt-Enter  new line"))
        #expect(grid.text(card.row + 6).contains("?          this help"))
        let staysOpen = help.handle(KeyPress(.escape))
        #expect(!staysOpen)
    }

    @Test func statusBarKeepsTheRightSideWhenCrowded() {
        var grid = ScreenGrid(width: 20, height: 1)
        StatusBar(left: [StyledRun("a very long connection status")], right: [StyledRun("? keys")])
            .draw(in: &grid, row: 0, width: 20)
        #expect(grid.text(0) == " a very lon… ? keys")
    }

    @Test func statusBarKeepsANoticeWholeCuttingWhatComesBeforeIt() {
        var grid = ScreenGrid(width: 40, height: 1)
        StatusBar(left: [StyledRun("server:8080  "), StyledRun("A long title"), StyledRun("  Not sent #12")],
                  right: [StyledRun("? keys")], keepsLastLeftRun: true)
            .draw(in: &grid, row: 0, width: 40)
        #expect(grid.text(0).contains("Not sent #12"))
        #expect(grid.text(0).contains("? keys"))

        // No room beside the keys: the notice takes their place.
        var narrow = ScreenGrid(width: 30, height: 1)
        StatusBar(left: [StyledRun("server:8080  "), StyledRun("Title"), StyledRun("  Not sent · kept as #12")],
                  right: [StyledRun("F1 help  Tab focus ")], keepsLastLeftRun: true)
            .draw(in: &narrow, row: 0, width: 30)
        #expect(narrow.text(0).contains("Not sent · kept as #12"))
        #expect(!narrow.text(0).contains("F1 help"))
    }
}
