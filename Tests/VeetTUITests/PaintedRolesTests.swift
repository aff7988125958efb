import Foundation
import Testing
@testable import veet_tui
import VeetCurses
import VeetTokens

/// Every cell of every pane is painted with its role's background: a cell
/// left at the terminal's default shows the user's own theme through the A2
/// paper (the design: the sidebar on paperDeep, answers on bare paper; docs/tokens.md). Each
/// golden state is walked at 80x24 and 160x48.
@Suite struct PaintedRolesTests {
    static func states() -> [(String, ScreenGrid)] {
        var grids: [(String, ScreenGrid)] = []
        for (width, height) in [(80, 24), (160, 48)] {
            let size = "\(width)x\(height)"
            let chat: [(String, ScreenState)] = [
                ("empty", ScreenGoldenTests.base()), ("transcript", ScreenGoldenTests.withTranscript()),
                ("approval-docked", ScreenGoldenTests.withApproval()),
                ("approval-arguments", ScreenGoldenTests.withApproval(arguments: ScreenGoldenTests.longWriteArguments)),
                ("schedules", FeatureScreenStates.schedules()), ("website-access", FeatureScreenStates.website()),
            ]
            for (name, state) in chat {
                grids.append(("\(name)-\(size)", ScreenGoldenTests.settledGrid(state, width: width, height: height).1))
            }
            grids.append(("settings-\(size)", SettingsScreenTests.paint(SettingsScreenTests.screen(), width: width, height: height)))
            grids.append(("email-inbox-\(size)", EmailScreenTests.paint(EmailScreenTests.inbox(), width: width, height: height)))
            grids.append(("email-reading-\(size)", EmailScreenTests.paint(EmailScreenTests.reading(), width: width, height: height)))
        }
        return grids
    }

    @Test func noCellIsLeftAtTheTerminalsDefaultBackground() {
        for (name, grid) in Self.states() {
            var unpainted: [String] = []
            for row in 0..<grid.height {
                for column in 0..<grid.width where grid[row, column].style.background == nil {
                    unpainted.append("(\(row),\(column))")
                }
            }
            #expect(unpainted.isEmpty, "\(name): \(unpainted.count) cells at the default background, first \(unpainted.prefix(8))")
        }
    }

    /// The design's chat (docs/tokens.md): the sidebar on paperDeep, each answer on bare paper
    /// behind a small teal mark, the owner's message in a tealWash capsule with
    /// rounded ends.
    @Test func theChatIsDrawnAsTheSeedDrawsIt() throws {
        let grid = ScreenGoldenTests.settledGrid(ScreenGoldenTests.withTranscript(), width: 100, height: 24).1
        let lines = grid.snapshot.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let divider = try #require(lines[0].firstIndex(of: "│")).utf16Offset(in: lines[0])
        for row in 0..<grid.height - 1 {
            for column in 0..<divider {
                let background = grid[row, column].style.background
                // The search well (field) and the New conversation capsule (hairline) sit on it.
                #expect([.paperDeep, .selected, .field, .hairline].contains(background), "sidebar (\(row),\(column)) on \(String(describing: background))")
            }
        }
        let answerRow = try #require(lines.firstIndex { $0.contains("◆ ## A plan") })
        let mark = try #require(Array(lines[answerRow]).firstIndex(of: "◆"))
        #expect(grid[answerRow, mark].style.foreground == .teal)
        #expect(grid[answerRow, mark].style.background == .paper)
        #expect(grid[answerRow, mark + 4].style.background == .paper, "the answer on bare paper")
        let ownerRow = try #require(lines.firstIndex { $0.contains("◖ And the holidays? ◗") })
        let chars = Array(lines[ownerRow])
        let open = try #require(chars.firstIndex(of: "◖")), close = try #require(chars.firstIndex(of: "◗"))
        #expect(grid[ownerRow, open].style.foreground == .tealWash && grid[ownerRow, open].style.background == .paper)
        #expect(grid[ownerRow, close].style.foreground == .tealWash)
        for column in (open + 1)..<close { #expect(grid[ownerRow, column].style.background == .tealWash) }
        #expect(grid[ownerRow, close + 1].style.background == .paper, "the capsule is as wide as its text")
    }
}
