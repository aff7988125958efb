import Foundation
import Testing
@testable import veet_tui
import VeetChatScreens
import VeetCurses
import VeetChat
import VeetTestSupport
import VeetTokens
import VeetTransport
import VeetWire

/// The README's pictures (docs/screens/*.png) are rendered from the golden
/// states by `make screens`: this suite writes each state as 24-bit ANSI text
/// (`VEET_WRITE_SCREENS=DIR`), Scripts/render-screens draws those as PNG and
/// lists each picture with the digest of the text it came from and its own.
/// Every run checks the list: a painter change that alters a pictured state,
/// or a picture edited by hand, fails until `make screens` is run again.
@Suite struct ScreenPicturesTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/screens").standardizedFileURL
    static let manifest = directory.appendingPathComponent("screens.sha256")

    /// A conversation from a real server's capture, its first `frames` events applied (all by default).
    static func recorded(_ name: String, frames: Int? = nil, title: String) throws -> ScreenState {
        let events = try SSEGolden.decodeWhole(SSEGolden.body(name)).events
        var state = ScreenGoldenTests.base()
        state.sessions[3].title = title
        state.conversation.sessionID = "s3"
        state.conversation.transcript.apply(events.prefix(frames ?? events.count).map(RunEventFrame.decode))
        return state
    }

    /// The answer of sse-simple halfway through its deltas, the run still going.
    static func streaming() throws -> ScreenState {
        var state = try recorded("sse-simple", frames: 14, title: "Hello there")
        state.conversation.work = RunningWork(id: 1, sessionID: "s3", runID: state.conversation.transcript.latestRunID)
        return state
    }

    /// sse-tool's math.calculate call as one sentence, opened into its ledger.
    static func toolExpanded() throws -> ScreenState {
        var state = try recorded("sse-tool", title: "What is 17 * 23?")
        state.conversation.transcriptView.expandedBundleIDs = Set(state.conversation.transcript.entries.compactMap { entry in
            if case .item(let item) = entry, item.tool != nil { return item.id } else { return nil }
        })
        return state
    }

    /// name → the state's painted grid, for the pictured states.
    static func pictured() throws -> [(String, ScreenGrid)] {
        var grids: [(String, ScreenGrid)] = []
        for (width, height) in [(80, 24), (160, 48)] {
            let size = "\(width)x\(height)"
            func chat(_ name: String, _ state: ScreenState) {
                grids.append(("\(name)-\(size)", ScreenGoldenTests.settledGrid(state, width: width, height: height).1))
            }
            chat("empty", ScreenGoldenTests.base())
            chat("streaming", try streaming())
            chat("tool-expanded", try toolExpanded())
            chat("schedules", FeatureScreenStates.schedules())
            chat("website-access", FeatureScreenStates.website())
            grids.append(("email-inbox-\(size)", EmailScreenTests.paint(EmailScreenTests.inbox(), width: width, height: height)))
            grids.append(("chat-\(size)", ScreenGoldenTests.settledGrid(ScreenGoldenTests.withTranscript(), width: width, height: height).1))
            grids.append(("approval-\(size)", ScreenGoldenTests.settledGrid(ScreenGoldenTests.withApproval(), width: width, height: height).1))
            grids.append(("email-\(size)", EmailScreenTests.paint(EmailScreenTests.reading(), width: width, height: height)))
            grids.append(("settings-\(size)", SettingsScreenTests.paint(SettingsScreenTests.screen(), width: width, height: height)))
        }
        return grids
    }

    /// Each state in each appearance as ANSI text with exact colours, keyed by picture name.
    static func ansiScreens() throws -> [(picture: String, text: String)] {
        try pictured().flatMap { name, grid in
            [Appearance.light, .dark].map { appearance in
                ("\(name)-\(appearance == .light ? "light" : "dark").png", ansi(grid, appearance))
            }
        }
    }

    /// One SGR per change of style: attributes, then 38;2 and 48;2 from the
    /// A2 palette (a cell with no colour shows the page's ink on paper).
    static func ansi(_ grid: ScreenGrid, _ appearance: Appearance) -> String {
        func rgb(_ token: ColorToken?, default fallback: ColorToken) -> String {
            let color = Palette.a2.resolved(token ?? fallback, in: appearance)
            return "\(color.red);\(color.green);\(color.blue)"
        }
        var text = ""
        for row in 0..<grid.height {
            var last: TextStyle?
            for column in 0..<grid.width {
                let cell = grid[row, column]
                if cell.isContinuation { continue }
                if cell.style != last {
                    let attributes = TextAttributes.named.filter { cell.style.attributes.contains($0.attribute) }.map(\.parameter)
                    let parameters = ["0"] + attributes + ["38;2;" + rgb(cell.style.foreground, default: .ink),
                                                          "48;2;" + rgb(cell.style.background, default: .paper)]
                    text += "\u{1B}[" + parameters.joined(separator: ";") + "m"
                    last = cell.style
                }
                text += cell.grapheme
            }
            text += "\u{1B}[0m\n"
        }
        return text
    }

    @Test func thePicturesAreRenderedFromTheCurrentGoldenStates() throws {
        let screens = try Self.ansiScreens()
        if let out = ProcessInfo.processInfo.environment["VEET_WRITE_SCREENS"] {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            for (picture, text) in screens {
                try Data(text.utf8).write(to: URL(fileURLWithPath: out).appendingPathComponent(picture.replacingOccurrences(of: ".png", with: ".ans")))
            }
            return
        }
        let listed = try String(contentsOf: Self.manifest, encoding: .utf8)
        var entries: [String: (source: String, png: String)] = [:]
        for line in listed.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard fields.count == 3 else { continue }
            entries[fields[2]] = (fields[0], fields[1])
        }
        #expect(Set(entries.keys) == Set(screens.map(\.picture)), "docs/screens lists other pictures: run make screens")
        for (picture, text) in screens {
            guard let entry = entries[picture] else { continue }
            #expect(entry.source == SHA256Digest.hex(text), "\(picture) was rendered from an older screen: run make screens")
            let png = try Data(contentsOf: Self.directory.appendingPathComponent(picture))
            #expect(entry.png == SHA256Digest.hex(png), "\(picture) is not the picture make screens rendered")
        }
    }
}
