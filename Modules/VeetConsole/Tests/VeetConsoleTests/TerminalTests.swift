import Testing
import VeetConsole

@Suite struct ColorPolicyTests {
    @Test func autoColoursATerminalWithAPlainEnvironment() {
        #expect(ColorPolicy.allowsColor(mode: .auto, isTerminal: true, environment: ["TERM": "xterm-256color"]))
    }

    @Test func autoNeverColoursAPipe() {
        #expect(!ColorPolicy.allowsColor(mode: .auto, isTerminal: false, environment: [:]))
    }

    @Test func noColorTurnsColourOffWhenNonEmpty() {
        #expect(!ColorPolicy.allowsColor(mode: .auto, isTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(ColorPolicy.allowsColor(mode: .auto, isTerminal: true, environment: ["NO_COLOR": ""]))
    }

    @Test func dumbTerminalGetsNoColour() {
        #expect(!ColorPolicy.allowsColor(mode: .auto, isTerminal: true, environment: ["TERM": "dumb"]))
    }

    @Test func alwaysOverridesEverything() {
        let hostile = ["NO_COLOR": "1", "TERM": "dumb"]
        #expect(ColorPolicy.allowsColor(mode: .always, isTerminal: false, environment: hostile))
    }

    @Test func neverOverridesEverything() {
        #expect(!ColorPolicy.allowsColor(mode: .never, isTerminal: true, environment: ["TERM": "xterm"]))
    }

    @Test func terminalDecidesPerStream() {
        let terminal = Terminal(
            stdinIsTerminal: true, stdoutIsTerminal: false, stderrIsTerminal: true,
            environment: ["TERM": "xterm", "HOME": "/home/x"])
        #expect(!terminal.allowsColor(on: .standardOutput))
        #expect(terminal.allowsColor(on: .standardError))
        #expect(terminal.style(for: .standardError).isEnabled)
        #expect(terminal.environment == ["TERM": "xterm"])
    }

    @Test func widthComesFromColumnsWhenItIsAPositiveNumber() {
        #expect(Terminal.detectWidth(environment: ["COLUMNS": "132"]) == 132)
        #expect(Terminal.detectWidth(environment: ["COLUMNS": "0"]) > 0)
        #expect(Terminal.detectWidth(environment: ["COLUMNS": "wide"]) > 0)
    }
}

@Suite struct StyleTests {
    @Test func enabledStyleWrapsInSGR() {
        let style = Style(isEnabled: true)
        // Palette red at 16 colours, dark (the defaults): bright red.
        #expect(style.error("no") == "\u{1B}[1;91mno\u{1B}[0m")
        #expect(style.emphasis("b") == "\u{1B}[1mb\u{1B}[0m")
        #expect(style.apply(.dim, "") == "")
    }

    @Test func disabledStyleLeavesTextAlone() {
        for role in StyleRole.allCases {
            #expect(Style.plain.apply(role, "text") == "text")
        }
    }

    @Test func nestedStylesReopenTheOuterRole() {
        let style = Style(isEnabled: true)
        let nested = style.warning("a " + style.code("b") + " c")
        // Code is the typography role (italic), no longer magenta.
        #expect(nested == "\u{1B}[33ma \u{1B}[3mb\u{1B}[0m\u{1B}[33m c\u{1B}[0m")
        #expect(Style.stripped(nested) == "a b c")
    }

    @Test func everyRoleHasItsOwnRendering() {
        let renderings = Set(StyleRole.allCases.map(\.sgrParameters))
        #expect(renderings.count == StyleRole.allCases.count)
    }
}

@Suite struct OutputTests {
    @Test func writesReachTheDescriptorInOrder() async {
        let text = await capturedOutput { output in
            output.write("a")
            output.writeLine("b")
            output.writeLine()
            output.write("")
        }
        #expect(text == "ab\n\n")
    }

    @Test func disabledStatusLineWritesNothing() async {
        let text = await capturedOutput { output in
            let status = StatusLine(output: output, isEnabled: false)
            await status.show("working")
            await status.startSpinning("still working")
            await status.writeAbove("log line\n", on: output)
            await status.clear()
        }
        #expect(text == "log line\n")
    }

    @Test func enabledStatusLineRewritesAndClearsOneLine() async {
        let text = await capturedOutput { output in
            let status = StatusLine(output: output, isEnabled: true, width: 12)
            await status.show("Waiting for the run")
            await status.writeAbove("event\n", on: output)
            await status.clear()
            await status.clear()
        }
        #expect(text == "\rWaiting for\u{1B}[K" + "\r\u{1B}[K" + "event\n" + "\rWaiting for\u{1B}[K" + "\r\u{1B}[K")
    }

    @Test func statusLineIsCutByColumnsNotCharacters() async {
        let text = await capturedOutput { output in
            let status = StatusLine(output: output, isEnabled: true, width: 8)
            await status.show("日本語のタイトル")
        }
        // 7 columns: three wide characters; a fourth would wrap the line and break the rewrite.
        #expect(text == "\r日本語\u{1B}[K")
    }

    @Test func spinnerLineStartsWithAFrame() async {
        let text = await capturedOutput { output in
            let status = StatusLine(output: output, isEnabled: true, width: 40)
            await status.startSpinning("Thinking\nhard")
            await status.clear()
        }
        #expect(text.hasPrefix("\r| Thinking hard\u{1B}[K"))
        #expect(text.hasSuffix("\r\u{1B}[K"))
    }
}
