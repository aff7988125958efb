import Foundation
import Testing
import VeetChat
import VeetTransport
import VeetWire

/// Which view a call's result gets in the ledger, and that the ledger holds
/// every argument and every line of the result whole.
@Suite struct ToolResultViewTests {
    func calls(_ build: (inout StreamScript) -> Void) -> [ToolActivity] {
        var script = StreamScript()
        script.started()
        build(&script)
        return reduce(script.frames).toolCalls
    }

    @Test func aSandboxResultBecomesTerminalOutputWithItsCommandAndOtherFields() throws {
        // The reference server's sandbox.run_command result (no recording has one).
        let call = try #require(calls {
            $0.succeed("sandbox.run_command", "c1", arguments: #"{"command":"python3 fares.py --rides 9"}"#,
                       result: #"{"duration_ms":412,"exit_code":0,"stderr":"warn: cache\n","stdout":"9 rides\n16.65 EUR\n"}"#)
        }.first)
        guard case .terminal(let output) = call.detail.result else { Issue.record("\(call.detail.result)"); return }
        #expect(output.command == "python3 fares.py --rides 9")
        #expect(output.stdout == ["9 rides", "16.65 EUR"])
        #expect(output.stderr == ["warn: cache"])
        #expect(output.exitCode == 0)
        #expect(output.otherFields.joined().contains("\"duration_ms\" : 412") || output.otherFields.joined().contains("\"duration_ms\": 412"))
        #expect(call.detail.result.isStructured)
        #expect(call.rendering.isStructured, "the one-line rendering agrees")
    }

    @Test func terminalOutputDropsColourCodesAndKeepsWhatACarriageReturnLeft() {
        let call = calls {
            $0.succeed("sandbox.run_command", "c1",
                       result: #"{"exit_code":1,"stderr":"\u001b[31merror\u001b[0m: no","stdout":"10%\r50%\r100%\nok\tdone"}"#)
        }.first
        guard case .terminal(let output)? = call?.detail.result else { Issue.record("not a terminal view"); return }
        #expect(output.stdout == ["100%", "ok      done"])
        #expect(output.stderr == ["error: no"])
        #expect(output.exitCode == 1)
    }

    @Test func withoutAnExitCodeOrOutputItIsNotATerminal() {
        let noExit = calls { $0.succeed("sandbox.run_command", "c1", result: #"{"stdout":"a","stderr":"b"}"#) }.first
        #expect(noExit.map { if case .json = $0.detail.result { true } else { false } } == true)
        #expect(noExit?.rendering.isStructured == false)
        let noOutput = calls { $0.succeed("sandbox.run_command", "c1", result: #"{"exit_code":0}"#) }.first
        #expect(noOutput?.detail.result.isStructured == false)
    }

    @Test func theRecordedWorkspaceWriteIsAFileWithTheWrittenTextNumbered() throws {
        // The call (with its arguments) is planned in the first part, completed after its approval in the second.
        let frames = try recorded("sse-artifact.txt") + recorded("sse-artifact-part2.txt")
        let write = try #require(reduce(frames).toolCalls.first { $0.name == "workspace.write_text" })
        guard case .file(let file) = write.detail.result else { Issue.record("\(write.detail.result)"); return }
        #expect(file.path == "report.txt")
        #expect(file.byteCount == 15)
        #expect(file.created == true)
        #expect(file.checksum?.hasPrefix("sha256:") == true)
        #expect(file.contents == .text(["hello artifact"]))
        #expect(file.contentsFromArguments)
        #expect(file.otherFields.isEmpty)
    }

    @Test func aReadFileCarriesItsOwnTextAndBinaryIsSaidSo() {
        let read = calls {
            $0.succeed("workspace.read_text", "r1", arguments: #"{"path":"notes/lisbon.md"}"#,
                       result: #"{"byte_count":27,"content":"Day 1: Alfama\nDay 2: Belém\n","path":"notes/lisbon.md"}"#)
        }.first
        guard case .file(let file)? = read?.detail.result else { Issue.record("not a file"); return }
        #expect(file.contents == .text(["Day 1: Alfama", "Day 2: Belém"]))
        #expect(!file.contentsFromArguments)

        let binary = calls {
            $0.succeed("workspace.read_text", "r2", result: #"{"byte_count":4,"content":"\u0000\u0001PK","path":"a.zip"}"#)
        }.first
        guard case .file(let zip)? = binary?.detail.result else { Issue.record("not a file"); return }
        #expect(zip.contents == .binary)

        let named = calls { $0.succeed("workspace.stat", "r3", result: #"{"byte_count":900,"path":"big.bin"}"#) }.first
        guard case .file(let only)? = named?.detail.result else { Issue.record("not a file"); return }
        #expect(only.contents == .notIncluded)
    }

    @Test func argumentsAreWholeIndentedJSONWithSecretsHidden() throws {
        let long = String(repeating: "x", count: 700)
        let call = try #require(calls {
            $0.succeed("notes.create", "c1", arguments: #"{"title":"T","body":"\#(long)","api_token":"s3cret","nested":{"password":"p"}}"#)
        }.first)
        let text = call.detail.arguments.joined(separator: "\n")
        #expect(text.contains(long), "never cut")
        #expect(!text.contains("s3cret"))
        #expect(!text.contains("\"p\""))
        #expect(call.detail.arguments.first == "{")
        #expect(call.detail.arguments.count >= 6, "one line a key, indented: \(call.detail.arguments)")
    }

    @Test func otherResultsAreJSONTextOrAnOutcomeAndNothingYetWhileRunning() {
        let json = calls { $0.succeed("web.search", "c1", result: #"{"results":[{"title":"a"}]}"#) }.first
        #expect(json.map { if case .json(let lines) = $0.detail.result { lines.count > 3 } else { false } } == true)
        let text = calls { $0.succeed("math.calculate", "c1", result: "391") }.first
        #expect(text?.detail.result == .text(["391"]))
        let failed = calls { $0.end("web.fetch", "c1", as: "tool.call.failed", status: "failed", reason: "tool.timeout") }.first
        guard case .outcome(let outcome)? = failed?.detail.result else { Issue.record("not an outcome"); return }
        #expect(outcome.message == "Outcome failed.")
        #expect(outcome.document.contains { $0.contains("tool.timeout") })
        let running = calls { $0.plan("web.fetch", "c1") }.first
        #expect(running?.detail.result == .pending)
    }

    @Test func theRecordedExportHasAnEmptyResult() throws {
        let frames = try recorded("sse-artifact-part2.txt")
        let export = try #require(reduce(frames).toolCalls.first { $0.name == "artifact.export" })
        #expect(export.detail.result == .empty)
    }
}
