import Foundation
import Testing
@testable import veet_tui
import VeetConsole

/// `veet-tui --session ID [--run ID] [--focus approval|question]` (issue 20 #2).
@Suite struct DeepLinkTests {
    let session = "0198d6a2-4c1e-7b3a-9f21-5e8c0d4a7b61", run = "0198D6A2-5A07-7C44-8E19-2B6F3C9D1E08"

    @Test func aDeepLinkIsReadFromTheSpec() throws {
        let launch = try TUICommandLine.launch(["--session", session, "--run", run, "--focus", "approval",
                                                "--connection", "work"])
        #expect(launch.connection == "work")
        #expect(launch.deepLink == DeepLink(sessionID: session, runID: run.lowercased(), focus: .approval))
        #expect(try TUICommandLine.launch([]).deepLink == nil)
        #expect(try TUICommandLine.launch(["--first-frame-exit"]).firstFrameExit)
    }

    /// A `call_finished` alert's Open (`veet-tui --call ID`): the Calls page on that call, never a conversation.
    @Test func aCallLinkNamesTheCallAlone() throws {
        let call = "5F0C2A9E-8D41-4B7A-9E36-2C1D7F4A8B90"
        let launch = try TUICommandLine.launch(["--call", call, "--connection", "work"])
        #expect(launch.deepLink == DeepLink(callID: call.lowercased()))
        #expect(launch.deepLink?.sessionID == nil && launch.deepLink?.focus == nil && launch.connection == "work")
    }


    @Test func badIdsAndValuesSayWhatIsWrong() {
        func message(_ arguments: [String]) -> String {
            do {
                _ = try TUICommandLine.launch(arguments)
                return "accepted"
            } catch let error as UsageError {
                return error.report(programName: "veet-tui")
            } catch {
                return "\(error)"
            }
        }
        #expect(message(["--session", "nope"]).contains("--session needs a conversation id, a UUID"))
        #expect(message(["--session", session, "--run", "r1"]).contains("--run needs a run id"))
        #expect(message(["--session", session, "--focus", "transcript"])
            == "veet-tui: invalid value 'transcript' for '--focus': expected one of: approval, question\n"
               + "Run 'veet-tui --help' for usage.")
        #expect(message(["--run", run]).contains("--run needs --session"))
        #expect(message(["--focus", "question"]).contains("--focus needs --session"))
        #expect(message(["--sesion", session]).contains("unknown option '--sesion'"))
        #expect(message(["--call", "c1"]).contains("--call needs a call id, a UUID"))
        #expect(message(["--call", "c1"]).contains("`veet calls list` shows them"))
        #expect(message(["--call", run, "--session", session]).contains("--call and --session open different things"))
        #expect(message(["--call", run, "--focus", "approval"]).contains("--focus needs --session"))
    }

    @Test func helpAndTheManPageNameTheNewOptions() {
        for text in [TUICommandLine.help, TUICommandLine.manPage] {
            for option in ["--session", "--run", "--focus", "approval|question", "--call"] {
                // roff writes a dash as "\-".
                #expect(text.contains(option) || text.contains(option.replacingOccurrences(of: "-", with: "\\-")),
                        "\(option)")
            }
        }
    }

    @Test func theMissingCardIsSaid() {
        #expect(DeepLink(sessionID: session, focus: .approval).missingCardNotice == "No approval is waiting in this conversation now.")
        #expect(DeepLink(sessionID: session).missingCardNotice == nil)
    }
}
