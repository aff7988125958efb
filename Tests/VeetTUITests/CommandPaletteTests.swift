import Testing
@testable import veet_tui
import Foundation
import VeetCurses
import VeetPeople

/// Ctrl-P: the chat's actions, read from the help's table, filtered as you
/// type; Enter hands back the key, which the chat dispatches as if pressed.
@MainActor @Suite struct CommandPaletteTests {
    static func typed(_ text: String) -> CommandPalette {
        var palette = CommandPalette(help: ChatScreen.help)
        for character in text { _ = palette.handle(.char(character)) }
        return palette
    }

    @Test func typingFiltersIgnoringCaseAndEnterRunsTheChosenKey() {
        var palette = Self.typed("NEW")
        #expect(palette.matches.first?.title == "new conversation")
        #expect(palette.matches.allSatisfy { $0.title.lowercased().contains("new") || $0.hint.lowercased().contains("new") })
        #expect(palette.handle(KeyPress(.enter)) == .run(.char("n", .control)))
    }

    @Test func upAndDownChooseAndBackspaceWidensTheList() {
        var palette = Self.typed("f")
        let matches = palette.matches
        #expect(matches.count > 2)
        _ = palette.handle(KeyPress(.down))
        #expect(palette.handle(KeyPress(.enter)) == .run(matches[1].press))
        _ = palette.handle(KeyPress(.up))
        _ = palette.handle(KeyPress(.up))
        #expect(palette.handle(KeyPress(.enter)) == .run(matches[matches.count - 1].press))
        _ = palette.handle(KeyPress(.backspace))
        #expect(palette.query.isEmpty)
        #expect(palette.matches.count == palette.items.count)
        #expect(palette.handle(KeyPress(.escape)) == .dismissed)
    }

    @Test func noMatchRunsNothing() {
        var palette = Self.typed("zzzz")
        #expect(palette.matches.isEmpty)
        #expect(palette.handle(KeyPress(.enter)) == .ignored)
    }

    /// The palette lists only keys the chat handles wherever the focus is: no dead entry.
    @Test func everyChatEntrysKeyIsHandled() {
        let items = CommandPalette(help: ChatScreen.help).items
        #expect(items.count >= 15)
        for item in items {
            #expect(GlobalAction(item.press) != nil, "\(item.hint) (\(item.title)) is listed but not handled")
            #expect(GlobalAction(item.press) != .palette)
        }
        #expect(GlobalAction(.char("p", .control)) == .palette)
        for screen in 3...9 {
            #expect(items.contains { $0.press == KeyPress(.function(screen)) }, "F\(screen) is missing")
        }
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func thePalettePaintsItsGoldenScreen(size: (width: Int, height: Int)) {
        var state = ScreenGoldenTests.withTranscript()
        state.palette = Self.typed("s")
        let (_, grid) = ScreenGoldenTests.settledGrid(state, width: size.width, height: size.height)
        GoldenScreen.check(grid.snapshot, named: "command-palette-\(size.width)x\(size.height)")
        #expect(grid.snapshot.contains("› s"))
    }
}

/// Over F3 and F4 the palette lists the screen's own keys, the ones its footer shows.
@Suite struct ScreenPaletteTests {
    @Test func theScreensFootersAreWrittenFromTheirPaletteKeys() {
        #expect(ScreenKeys.footer(ScreenKeys.schedules)
            == " ↑↓ choose  n new  e edit  p pause  u resume  x cancel  f filter  g refresh  Esc close")
        // At 80 columns the footer drops "↑↓ choose" rather than cut "Esc close".
        #expect(ScreenKeys.footer(ScreenKeys.schedules, width: 80)
            == " n new  e edit  p pause  u resume  x cancel  f filter  g refresh  Esc close")
        #expect(ScreenKeys.footer(ScreenKeys.website) == " ↑↓ choose  u use for new chats  s sign in again  a add  c copy the link  "
            + "g refresh  r revoke  x delete (after revoke)  Esc close")
        var palette = CommandPalette(items: ScreenKeys.schedules)
        for character in "PAU" { _ = palette.handle(.char(character)) }
        #expect(palette.handle(KeyPress(.enter)) == .run(.char("p")))
    }

    @Test func thePaletteIsPaintedOverTheSchedulesScreen() {
        var state = FeatureScreenStates.schedules()
        state.palette = CommandPalette(items: ScreenKeys.schedules)
        let (_, grid) = ScreenGoldenTests.settledGrid(state, width: 80, height: 24)
        #expect(grid.snapshot.contains("Commands"))
        #expect(grid.snapshot.contains("resume"))
    }
}

/// Over F5..F9, Email mode, the reader and the viewer, the palette reads the layer's footer line,
/// so every key the footer shows is offered and nothing else.
@Suite struct LayerPaletteTests {
    @Test func memoryOffersItsWriteKeysOnlyWhileTheServerDoes() {
        var memory = MemoryScreen()
        #expect(KeyHints.items(memory.keys).map(\.hint) == ["r", "n", "h", "x", "f", "s", "g", "Esc"])
        memory.mode = .synthesis
        #expect(KeyHints.items(memory.keys).map(\.title) == ["undo", "memories", "refresh", "close"])
    }

    @Test func everyLayersFooterKeyIsOffered() {
        let lines = [SettingsScreen.keyHints, PersonaPage.keyHints, MessageReader.keyHints, ViewerPainter.keyHints,
                     ConnectionMenu.keyHints]
        for line in lines {
            let items = KeyHints.items(line)
            #expect(items.last?.press == KeyPress(.escape), "\(line)")
            // Every word-key pair of the footer but the arrows and paging is an item.
            let pairs = line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("↑↓") }
            #expect(items.count == pairs.count, "\(line)")
        }
        #expect(KeyHints.items(SettingsScreen.keyHints).map(\.press) == [KeyPress(.enter), KeyPress(.escape)])
        #expect(KeyHints.items(MessageReader.keyHints).map(\.hint) == ["/", "n", "N", "Esc"])
    }

    @Test func peopleOffersTheDirectorysKeysAndFewerWithoutWrites() {
        var people = PeopleScreen()
        #expect(KeyHints.items(people.keyHints).map(\.hint) == ["Enter", "p", "r", "m", "c", "n", "x", "i", "g", "Esc"])
        people.writeAccess = PeopleWriteAccess(deniedReason: "read only")
        #expect(KeyHints.items(people.keyHints).map(\.hint) == ["Enter", "i", "g", "Esc"])
    }
}
