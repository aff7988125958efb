import Foundation
import Testing
@testable import VeetCurses
import VeetTokens

@Suite struct DirectColorEntryTests {
    static let installed: Set<String> = ["xterm-direct", "tmux-direct", "st-direct"]
    func choose(_ environment: [String: String]) -> String? {
        DirectColorEntry.choose(requested: ColorCapability.detect(environment: environment), environment: environment) {
            Self.installed.contains($0)
        }
    }

    @Test func aTrueColourTerminalThatCallsItselfXterm256GetsXtermDirect() {
        #expect(choose(["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == "xterm-direct")
        #expect(choose(["TERM": "xterm-256color", "COLORTERM": "24bit"]) == "xterm-direct")
        #expect(choose(["TERM": "st-256color", "COLORTERM": "truecolor"]) == "st-direct")
    }

    @Test func insideTmuxTmuxsOwnDirectEntryComesFirst() {
        #expect(choose(["TERM": "tmux-256color", "COLORTERM": "truecolor", "TMUX": "/tmp/tmux-0/default,1,0"]) == "tmux-direct")
        #expect(choose(["TERM": "screen-256color", "COLORTERM": "truecolor"]) == "tmux-direct")
        #expect(choose(["TERM": "xterm-256color", "COLORTERM": "truecolor", "TMUX": "x"]) == "tmux-direct")
    }

    @Test func nothingChangesWithoutTheAskOrWithoutAnEntry() {
        #expect(choose(["TERM": "xterm-256color"]) == nil)
        #expect(choose(["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"]) == nil)
        #expect(choose(["TERM": "xterm-direct", "COLORTERM": "truecolor"]) == nil)
        #expect(choose(["TERM": "dumb", "COLORTERM": "truecolor"]) == nil)
        #expect(choose(["TERM": "foot", "COLORTERM": "truecolor"]) == nil)
        #expect(DirectColorEntry.choose(requested: .trueColor, environment: ["TERM": "xterm-256color"]) { _ in false } == nil)
        // The Settings screen's colour depth asks for 24-bit colour without COLORTERM.
        #expect(DirectColorEntry.choose(requested: .trueColor, environment: ["TERM": "xterm-256color"]) { Self.installed.contains($0) } == "xterm-direct")
        #expect(DirectColorEntry.choose(requested: .ansi256, environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]) { _ in true } == nil)
    }

    @Test func anEntryIsFoundInTheLetterOrTheHexLayoutOfTerminfo() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("terminfo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("x"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("6b"), withIntermediateDirectories: true)
        try Data().write(to: root.appendingPathComponent("x/xmine-direct"))
        try Data().write(to: root.appendingPathComponent("6b/kmine-direct"))
        let environment = ["TERMINFO": root.path, "HOME": "/nonexistent"]
        #expect(DirectColorEntry.isInstalled("xmine-direct", environment: environment))
        #expect(DirectColorEntry.isInstalled("kmine-direct", environment: environment))
        #expect(!DirectColorEntry.isInstalled("nomine-direct", environment: environment))
    }
}
