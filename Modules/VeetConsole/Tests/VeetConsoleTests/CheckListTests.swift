import Foundation
import Testing
import VeetConsole

/// `doctor`'s lines: grouped by area, a fix under a problem, the count, and the exit status.
@Suite struct CheckListTests {
    static let checks = [
        CheckLine(area: "Connection", name: "server", status: .ok, detail: "http://127.0.0.1:1"),
        CheckLine(area: "Connection", name: "token", status: .problem, detail: "refused", fix: "veet connect URL"),
        CheckLine(area: "Store", name: "file", status: .info, detail: "not made yet"),
    ]

    @Test func linesAreGroupedUnderTheirAreaWithTheFixBelowAProblem() throws {
        let captured = try ConsoleCapture()
        #expect(CheckList(Self.checks).print(console: captured.console()) == .failure)
        #expect(captured.stdout == """
            Connection
              ✓ server: http://127.0.0.1:1
              ✗ token: refused
                  → veet connect URL

            Store
              · file: not made yet

            1 problem found.

            """)
    }

    @Test func jsonSaysWhetherAllIsWellAndLeavesOutAnAbsentFix() throws {
        let captured = try ConsoleCapture()
        #expect(CheckList([Self.checks[0]]).print(console: captured.console(json: true)) == .success)
        #expect(captured.stdout
                == #"{"checks":[{"area":"Connection","detail":"http://127.0.0.1:1","name":"server","status":"ok"}],"ok":true,"problems":0}"#
                + "\n")
    }

    @Test func aLocaleWithoutUTF8IsAWarningWithItsFix() throws {
        let terminal = try ConsoleCapture().console().terminal
        let lines = CheckLine.terminal(terminal, environment: ["LANG": "C", "PATH": ""])
        #expect(lines.map(\.name) == ["output", "colours", "copy", "UTF-8"])
        #expect(lines[0].detail == "not a terminal (a pipe or a file)")
        #expect(lines[3].status == .warning && lines[3].fix?.hasPrefix("export LANG=C.UTF-8") == true)
        #expect(CheckLine.terminal(terminal, environment: ["LC_ALL": "en_GB.utf8"])[3].status == .ok)
    }
}
