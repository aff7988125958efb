import Foundation
import Testing
import VeetCalls
import VeetCallsScreens
import VeetCurses
import VeetTestSupport
import VeetTransport

/// The Calls screen as a value: keys and answers in; state, the work asked for and painted text out.
@Suite struct CallsScreenTests {
    static func decode(_ object: [String: Any]) throws -> Call {
        try WireJSON.decoder().decode(Call.self, from: JSONSerialization.data(withJSONObject: object))
    }

    static var active: Call {
        get throws {
            var object = CallsCommandsTests.call(status: "active", summary: "", complete: false)
            object["call_id"] = "7a3d9c21-0b5e-4f68-8d17-2e4a6c8b0d13"
            object["created_at"] = "2026-09-21T10:00:00+00:00"
            return try decode(object)
        }
    }

    static var completed: Call { get throws { try decode(CallsCommandsTests.call(transcript: "Agent: hello\nShop: \u{1B}[2Jready")) } }

    @Test func opensOnTheListThenReadsTheSelectedCallWhole() throws {
        var driver = ScreenDriver(CallsScreen())
        #expect(driver.effects == [.list])
        var row = try Self.completed
        row.transcript = nil
        let reads = driver.answer(.listed([try Self.active, row]))
        #expect(reads == [.read(id: try Self.active.id)])
        #expect(driver.press(KeyPress(.down)) == [.read(id: row.id)])
        driver.answer(.read(try Self.completed))
        let text = driver.painted(width: 120, height: 24)
        #expect(text.contains("Completed · outbound · +14155550187"))
        #expect(text.contains("Caller identity and statements are unverified."))
        #expect(text.contains("Shop: ?[2Jready") && !text.contains("\u{1B}"))
        #expect(text.contains("The transcript was truncated."))
    }

    @Test func stopIsOnlyForACallInProgressAndDeleteAsksFirst() throws {
        var driver = ScreenDriver(CallsScreen())
        driver.answer(.listed([try Self.active, try Self.completed]))
        #expect(driver.press(.char("x")).isEmpty)
        #expect(driver.screen.message == CallWords.stillInProgress)
        #expect(driver.press(.char("s")) == [.stop(id: try Self.active.id)])
        #expect(driver.answer(.stopped(CallStop(callID: try Self.active.id, termination: .uncertain)))
            == [.list, .read(id: try Self.active.id)])
        #expect(driver.screen.message.contains("may still be live"))

        driver.press(KeyPress(.down))
        #expect(driver.press(.char("s")).isEmpty)
        driver.press(.char("x"))
        #expect(driver.painted(width: 120, height: 24).contains("Delete this call's content from Veetbot?"))
        #expect(driver.press(.char("n")).isEmpty && driver.screen.message == "Nothing was deleted.")
        driver.press(.char("x"))
        #expect(driver.press(.char("y")) == [.delete(id: try Self.completed.id)])
        driver.answer(.erased(Call(id: try Self.completed.id, erased: true)))
        let text = driver.painted(width: 120, height: 24)
        #expect(text.contains(CallWords.erased) && text.contains(CallWords.providerKeeps))
    }

    @Test func aServerWithoutCallsIsOneLineAndEscCloses() {
        var driver = ScreenDriver(CallsScreen())
        driver.answer(.unavailable)
        let text = driver.painted(width: 80, height: 24)
        #expect(text.contains("This server does not offer calls."))
        #expect(driver.screen.keyHints(width: 80, now: Date()) == " Esc close")
        driver.press(KeyPress(.escape))
        #expect(driver.closed)
    }

    @Test func aNotificationOpensItsCall() throws {
        var driver = ScreenDriver(CallsScreen(opening: try Self.completed.id))
        #expect(driver.effects == [.list, .read(id: try Self.completed.id)])
        driver.answer(.listed([try Self.active, try Self.completed]))
        #expect(driver.screen.selectedCall?.id == (try Self.completed.id))
    }
}
