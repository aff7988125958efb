import Foundation
import Testing
@testable import veet_tui
import VeetAccountScreens
import VeetSettingsScreens
import VeetCurses
import VeetSettings
import VeetStore
import VeetTokens
import VeetTransport

/// The Settings screen (F8, VeetSettingsScreens) painted by the shell from values, at 80x24 and
/// 160x48; each also as its colours in the light and the dark palette (the
/// background of every cell, run-length coded), so the tokens it draws with
/// are checked, not only its text.
@Suite struct SettingsScreenTests {
    static let models = ModelSettings(
        version: 3,
        chat: ModelChoice(modelPolicy: "frontier", reasoningEffort: .high),
        memory: ModelChoice(modelPolicy: "memory_default", reasoningEffort: nil),
        chatOptions: [
            ChatModelOption(modelPolicy: "frontier", displayName: "Frontier", reasoningEfforts: [.low, .medium, .high],
                            defaultReasoningEffort: .high),
            ChatModelOption(modelPolicy: "fast", displayName: "Fast", reasoningEfforts: [], defaultReasoningEffort: nil),
        ],
        memoryOptions: [MemoryModelOption(modelPolicy: "memory_default", displayName: "Standard", reasoningEffort: nil),
                        MemoryModelOption(modelPolicy: "memory_deep", displayName: "Deep", reasoningEffort: .medium)])

    static func screen(card: SettingsScreen.Card = .models) -> SettingsScreen {
        var screen = SettingsScreen(connectionName: "home", address: "https://veet.example.com",
                                    credentialsPath: "/home/sam/.config/veet/credentials")
        screen.show(models)
        screen.card = card
        screen.paths = [("Connections", "/home/sam/.config/veet/connections.json"),
                        ("Tokens", "/home/sam/.config/veet/credentials"),
                        ("Cache", "/home/sam/.local/share/veet/veet.sqlite"),
                        ("veetd log", "/run/user/1000/veet/veetd.log")]
        screen.version = "0.0.0-test"
        screen.commit = "unknown"
        screen.build = "unknown"
        screen.cacheAdvice = ChatScreen.cacheAdvice
        return screen
    }

    /// Painted as the shell paints it: mounted in the feature screen slot (its work never asked here).
    static func paint(_ screen: SettingsScreen, width: Int, height: Int) -> ScreenGrid {
        var state = ScreenGoldenTests.base()
        state.featureScreen = MountedScreen(screen, work: NoSettingsWork(), mount: 1)
        return ScreenGoldenTests.settledGrid(state, width: width, height: height).1
    }

    /// Each row as runs of one background colour: "12 #fcfaf6 | 40 #ffffff | ...".
    static func colours(_ grid: ScreenGrid, _ appearance: Appearance) -> String {
        (0..<grid.height).map { row in
            var runs: [(Int, String)] = []
            for column in 0..<grid.width {
                let hex = grid[row, column].style.background.map { Palette.a2.resolved($0, in: appearance).hex } ?? "default"
                if let last = runs.last, last.1 == hex { runs[runs.count - 1].0 += 1 } else { runs.append((1, hex)) }
            }
            return runs.map { "\($0.0) \($0.1)" }.joined(separator: " | ")
        }.joined(separator: "\n") + "\n"
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func theSettingsScreenPaintsItsGoldenInLightAndDark(size: (width: Int, height: Int)) {
        let grid = Self.paint(Self.screen(), width: size.width, height: size.height)
        let name = "settings-\(size.width)x\(size.height)"
        GoldenScreen.check(grid.snapshot, named: name)
        GoldenScreen.check(Self.colours(grid, .light), named: name + "-light")
        GoldenScreen.check(Self.colours(grid, .dark), named: name + "-dark")
        #expect(grid.snapshot.contains("Settings"))
        #expect(grid.snapshot.contains("applies to new chats"))
        #expect(Self.colours(grid, .light) != Self.colours(grid, .dark))
    }

    /// veetd met a 401 for this connection: the Connection card says so, beside its one action.
    @Test(arguments: [(80, 24), (160, 48)])
    func theConnectionCardSaysWhenVeetdNeedsASignIn(size: (width: Int, height: Int)) {
        var screen = Self.screen()
        screen.daemonSignInNeeded = true
        let grid = Self.paint(screen, width: size.width, height: size.height)
        let name = "settings-daemon-sign-in-\(size.width)x\(size.height)"
        GoldenScreen.check(grid.snapshot, named: name)
        GoldenScreen.check(Self.colours(grid, .light), named: name + "-light")
        GoldenScreen.check(Self.colours(grid, .dark), named: name + "-dark")
        #expect(grid.snapshot.contains("veetd: the server no longer accepts the token"))
        #expect(!Self.paint(Self.screen(), width: size.width, height: size.height).snapshot.contains("veetd:"))
    }

    /// The Connection card's form with a new address typed: the warning about the cache, the saved token kept.
    @Test(arguments: [(80, 24), (160, 48)])
    func theConnectionFormWarnsWhenTheAddressChanges(size: (width: Int, height: Int)) {
        var form = ConnectionForm(mode: .update(name: "home"), address: "https://veet.example.com/",
                                  credentialsPath: "/home/sam/.config/veet/credentials")
        var grid = ScreenGrid(width: size.width, height: size.height)
        form.drawPage(in: &grid, styles: .standard)
        #expect(!grid.snapshot.contains("New address") && grid.snapshot.contains("empty: the saved token is kept"))
        form.field = .address
        _ = form.handle(.key(.char("u", .control)))
        for character in "https://new.example.com" { _ = form.handle(.key(.char(character))) }
        grid = ScreenGrid(width: size.width, height: size.height)
        form.drawPage(in: &grid, styles: .standard)
        let name = "connection-new-address-\(size.width)x\(size.height)"
        GoldenScreen.check(grid.snapshot, named: name)
        GoldenScreen.check(Self.colours(grid, .light), named: name + "-light")
        GoldenScreen.check(Self.colours(grid, .dark), named: name + "-dark")
        #expect(grid.snapshot.contains("New address: the cache is cleared and read again (outbox must be empty)"))
        // Enter twice with no token: submitted with the saved one (nil), the address checked first.
        _ = form.handle(.key(KeyPress(.enter)))
        guard case .submit(let url, let token) = form.handle(.key(KeyPress(.enter))) else {
            Issue.record("a new address with the saved token was not submitted")
            return
        }
        #expect(url.url.absoluteString == "https://new.example.com" && token == nil)
    }

    /// One filled capsule: the chosen card's primary action; the other cards' actions are quiet.
    @Test func onlyTheChosenCardsPrimaryActionIsFilled() {
        let grid = Self.paint(Self.screen(card: .models), width: 160, height: 48)
        var filledRows = Set<Int>()
        for row in 0..<grid.height {
            for column in 0..<grid.width where grid[row, column].style.background == .tealFill { filledRows.insert(row) }
        }
        #expect(filledRows.count == 1)
        let row = filledRows.first
        #expect(row.map { grid.snapshot.split(separator: "\n", omittingEmptySubsequences: false)[$0].contains(" Save ") } == true)
    }
}

/// The Settings screen's work, never asked in a painting test.
struct NoSettingsWork: ScreenEffects {
    typealias Screen = SettingsScreen
    func run(_ effect: SettingsScreenEffect, report: @escaping @Sendable (SettingsScreenResult) -> Void) async {}
}
