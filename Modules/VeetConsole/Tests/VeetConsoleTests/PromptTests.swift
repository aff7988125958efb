import Testing
@testable import VeetConsole

enum Decision: Sendable, Equatable {
    case approveOnce, approveAlways, deny
}

let approval = Choice("Run `make test`?", options: [
    .init(key: "a", label: "Approve once", value: Decision.approveOnce),
    .init(key: "A", label: "Approve always", value: Decision.approveAlways),
    .init(key: "d", label: "Deny", value: Decision.deny),
])

@Suite struct ChoiceTests {
    @Test func menuLine() {
        #expect(approval.menu == "[a] Approve once  [A] Approve always  [d] Deny")
    }

    @Test func matchesKeyLabelAndUniquePrefix() {
        #expect(approval.match("d") == .deny)
        #expect(approval.match("  DENY ") == .deny)
        #expect(approval.match("approve once") == .approveOnce)
        #expect(approval.match("approve a") == .approveAlways)
        #expect(approval.match("de") == .deny)
    }

    @Test func keysDifferingOnlyInCaseStayDistinct() {
        #expect(approval.match("a") == .approveOnce)
        #expect(approval.match("A") == .approveAlways)
        let single = Choice("", options: [.init(key: "y", label: "Yes", value: true)])
        #expect(single.match("Y") == true)
    }

    @Test func ambiguousOrUnknownAnswersMatchNothing() {
        #expect(approval.match("approve") == nil)
        #expect(approval.match("x") == nil)
        #expect(approval.match("") == nil)
    }

    @Test func asksAgainUntilAnAnswerFits() async {
        var input = ScriptedInput(["maybe", "", "deny"])
        var answer: Decision?
        let shown = await capturedOutput { output in
            answer = approval.ask(output: output, input: { input.next() })
        }
        #expect(answer == .deny)
        let menu = "[a] Approve once  [A] Approve always  [d] Deny\n> "
        #expect(shown == "Run `make test`?\n" + menu + "'maybe' is not one of the choices.\n" + menu + menu)
    }

    @Test func endOfInputGivesNil() async {
        var input = ScriptedInput(["what"])
        var answer: Decision? = .approveOnce
        _ = await capturedOutput { output in
            answer = approval.ask(output: output, input: { input.next() })
        }
        #expect(answer == nil)
    }
}

@Suite struct LinePromptTests {
    @Test func promptGoesToTheOutputAndTheLineComesBack() async {
        var line: String?
        let shown = await capturedOutput { output in
            line = LinePrompt.readLine(prompt: "Server URL: ", output: output, input: { "https://a.example" })
        }
        #expect(shown == "Server URL: ")
        #expect(line == "https://a.example")
    }

    @Test func trailingNewlinesAreTrimmedFromPipedInput() {
        #expect(StandardInput.trimmingTrailingNewlines("tok\n") == "tok")
        #expect(StandardInput.trimmingTrailingNewlines("tok\r\n\n") == "tok")
        #expect(StandardInput.trimmingTrailingNewlines("a b \n") == "a b ")
        #expect(StandardInput.trimmingTrailingNewlines("") == "")
    }
}

@Suite struct SecretLineEditorTests {
    func type(_ text: String) -> SecretLineEditor.Outcome? {
        var editor = SecretLineEditor()
        for byte in Array(text.utf8) {
            if let outcome = editor.feed(byte) { return outcome }
        }
        return nil
    }

    @Test func enterSubmits() {
        #expect(type("s3cret\n") == .submitted("s3cret"))
        #expect(type("s3cret\r") == .submitted("s3cret"))
        #expect(type("\n") == .submitted(""))
    }

    @Test func backspaceRemovesAWholeCharacter() {
        #expect(type("abé\u{7F}c\n") == .submitted("abc"))
        #expect(type("ab\u{08}\u{08}\u{08}x\n") == .submitted("x"))
    }

    @Test func controlUStartsAgain() {
        #expect(type("wrong\u{15}right\n") == .submitted("right"))
    }

    @Test func controlCInterrupts() {
        #expect(type("half\u{03}rest\n") == .interrupted)
    }

    @Test func controlDEndsInputOnlyOnAnEmptyLine() {
        #expect(type("\u{04}") == .endOfInput)
        #expect(type("ab\u{04}c\n") == .submitted("abc"))
    }

    @Test func arrowKeysAndOtherControlsAreIgnored() {
        #expect(type("a\u{1B}[Db\u{1B}OA\tc\n") == .submitted("abc"))
    }

    @Test func inputEndingBeforeEnterKeepsWhatWasTyped() {
        var editor = SecretLineEditor()
        #expect(editor.finish() == .endOfInput)
        for byte in Array("tok".utf8) { _ = editor.feed(byte) }
        #expect(editor.finish() == .submitted("tok"))
    }
}
