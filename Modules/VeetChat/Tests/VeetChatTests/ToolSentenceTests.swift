import Foundation
import Testing
import VeetChat
import VeetTransport
import VeetWire

/// Each tool run reads as one sentence (docs/chat.md, Tool activity) from its name's effect, its
/// arguments, its state, its result and its risk; nothing the contract does
/// not carry is invented.
@Suite struct ToolSentenceTests {
    func calls(_ build: (inout StreamScript) -> Void) -> [ToolActivity] {
        var script = StreamScript()
        script.started()
        build(&script)
        return reduce(script.frames).toolCalls
    }

    @Test func aSearchNamesWhereWhatAndHowManyItFound() {
        let call = calls { $0.succeed("web.search", "c1", arguments: #"{"query":"lisbon hotels"}"#,
                                     result: #"{"results":[{"title":"a"},{"title":"b"},{"title":"c"}]}"#) }
        #expect(call.first?.sentence == "Searched the web for lisbon hotels (3 results)")
    }

    @Test func whileItRunsTheSentenceIsInTheProgressive() {
        let call = calls { $0.plan("web.search", "c1", arguments: #"{"query":"lisbon hotels"}"#) }
        #expect(call.first?.sentence == "Searching the web for lisbon hotels…")
    }

    @Test func aWriteNamesItsDestinationAndAHighRisk() {
        let call = calls { $0.approvalCall("demo.external_write", "c1", approvalID: "a1", resolution: "approve_once") }
        // No argument to name: the tool's exact name. The approval's risk is not read in
        // this script, so the effect's own (external: high) shows.
        #expect(call.first?.sentence == "Used demo.external_write · high risk")
        let withArguments = calls {
            $0.succeed("demo.external_write", "c1", arguments: #"{"content":"x","destination":"demo://notes"}"#, result: "{}")
        }
        #expect(withArguments.first?.sentence == "Wrote to demo://notes · high risk")
    }

    @Test func aCommandIsQuotedAndAFetchNamesItsAddress() {
        let ran = calls { $0.succeed("sandbox.run_command", "c1", arguments: #"{"command":"ls -la\nrm x"}"#,
                                    result: #"{"exit_code":0,"stderr":"","stdout":""}"#) }
        #expect(ran.first?.sentence == "Ran `ls -la`")
        let fetched = calls { $0.succeed("web.fetch", "c1", arguments: #"{"url":"https://example.com/a"}"#, result: "page") }
        #expect(fetched.first?.sentence == "Fetched https://example.com/a")
    }

    @Test func failuresDenialsAndUncertaintySayWhatDidNotOrMayHaveHappened() {
        let failed = calls { $0.end("web.fetch", "c1", as: "tool.call.failed", status: "failed", reason: "tool.failed",
                                   arguments: #"{"url":"https://example.com"}"#) }
        #expect(failed.first?.sentence == "Could not fetch https://example.com")
        let uncertain = calls { $0.end("workspace.write_text", "c1", as: "tool.call.uncertain", status: "uncertain",
                                      reason: "tool.timeout", arguments: #"{"path":"notes.md"}"#) }
        #expect(uncertain.first?.sentence == "May have written to notes.md (not certain)")
        let denied = calls { $0.approvalCall("gmail.send_message", "c1", approvalID: "a1", resolution: "deny") }
        #expect(denied.first?.sentence == "Did not use gmail.send_message (denied) · high risk")
    }

    @Test func anUnknownVerbNamesTheToolExactlyAndLongArgumentsAreCut() {
        let call = calls { $0.succeed("mystery.frobnicate", "c1", arguments: #"{"query":"x"}"#) }
        #expect(call.first?.sentence == "Used mystery.frobnicate")
        let long = String(repeating: "word ", count: 30)
        let search = calls { $0.succeed("web.search", "c1", arguments: "{\"query\":\"\(long)\"}", result: "text") }
        let sentence = search.first?.sentence ?? ""
        #expect(sentence.hasPrefix("Searched the web for word word"))
        #expect(sentence.hasSuffix("…"))
        #expect(sentence.count <= "Searched the web for ".count + 60)
    }
}
