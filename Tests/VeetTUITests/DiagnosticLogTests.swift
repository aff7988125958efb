import Foundation
import Testing
@testable import veet_tui

/// Opening a conversation leaves ids and counts in the debug log, only when asked, never content.
@Suite struct DiagnosticLogTests {
    @Test func nothingIsOpenedUnlessDebugIsAsked() {
        #expect(DiagnosticLog.open(environment: [:]) == nil)
        #expect(DiagnosticLog.open(environment: ["VEET_LOG": "info"]) == nil)
    }

    @Test func debugLinesGoToThePrivateStateFileWithIdsAndCountsOnly() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("veet-tui-log-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let log = try #require(DiagnosticLog.open(environment: ["VEET_LOG": "debug", "XDG_STATE_HOME": home.path]))
        #expect(log.path == home.appendingPathComponent("veet/veet-tui.log").path)
        log.debug(OpeningDiagnostics.selected("s1", cachedMessages: 0))
        log.debug(OpeningDiagnostics.restored("s1", messages: 12, run: "r9"))
        log.debug(OpeningDiagnostics.shown("s1", messages: 12, rows: 9))
        log.debug(OpeningDiagnostics.replayFinished("s1", run: "r9"))
        let text = try String(contentsOfFile: log.path, encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0].hasSuffix("debug: open s1: selected, 0 cached messages shown"))
        #expect(lines[1].hasSuffix("debug: open s1: 12 messages restored from the server, run r9 to follow"))
        #expect(lines[2].hasSuffix("debug: open s1: 12 messages laid out as 9 transcript entries"))
        #expect(lines[3].hasSuffix("debug: open s1: replay of run r9 finished"))
        let mode = try FileManager.default.attributesOfItem(atPath: log.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    /// A failure names the error's type and the page shown, not its words (a server's message may quote content).
    @Test func aFailedOpeningNamesTheKindNotTheWords() {
        struct Refused: Error { let words = "secret title" }
        let line = OpeningDiagnostics.failed("s2", page: "deleted", error: Refused())
        #expect(line == "open s2: failed (Refused), page deleted")
        #expect(!line.contains("secret"))
    }
}
