import VeetTokens

/// The SGR sequence that colours text with the teal accent, as close as this terminal can.
func tealForeground(environment: [String: String], appearance: Appearance = .dark) -> String {
    let capability = ColorCapability.detect(environment: environment)
    let color = TerminalColor(Palette.a2.resolved(.teal, in: appearance), capability: capability)
    return color.foregroundParameters.map { SGR.sequence([$0]) } ?? ""
}

// The README's example, run.
import Testing

@Suite struct ReadmeExampleTests {
    @Test func theExampleColoursInTrueColourAndNotWithoutColour() {
        #expect(tealForeground(environment: ["COLORTERM": "truecolor", "TERM": "xterm-256color"]).hasPrefix("\u{1B}[38;2;"))
        #expect(tealForeground(environment: ["NO_COLOR": "1", "TERM": "xterm"]) == "")
    }
}
