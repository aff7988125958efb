import Testing
import VeetTokens
@testable import VeetCurses

@Suite struct CursesStyleTests {
    @Test func capabilityIsCappedByTheTerminfoEntry() {
        #expect(CursesStyle.effectiveCapability(requested: .trueColor, terminfoColors: 256) == .ansi256)
        #expect(CursesStyle.effectiveCapability(requested: .trueColor, terminfoColors: 0x100_0000) == .trueColor)
        #expect(CursesStyle.effectiveCapability(requested: .ansi256, terminfoColors: 8) == .ansi16)
        #expect(CursesStyle.effectiveCapability(requested: .ansi16, terminfoColors: 0) == .noColor)
        #expect(CursesStyle.effectiveCapability(requested: .noColor, terminfoColors: 256) == .noColor)
    }

    @Test func tokensResolveToPaletteIndicesOrPackedRGB() {
        let style = TextStyle(attributes: .bold, foreground: .amberText, background: .paper)
        let at256 = CursesStyle(style, capability: .ansi256, appearance: .dark, terminfoColors: 256)
        let amber = XtermColors.nearest256(to: Palette.a2.resolved(.amberText, in: .dark))
        #expect(at256.foreground == Int32(amber))
        #expect(at256.attributes == .bold)
        let direct = CursesStyle(style, capability: .trueColor, appearance: .light, terminfoColors: 0x100_0000)
        #expect(direct.background == 0xFCFAF6)
    }

    @Test func neutralTokensAtSixteenColoursFallBackToSubstitutes() {
        let faint = TextStyle(foreground: .inkFaint, substitute: .faint)
        let resolved = CursesStyle(faint, capability: .ansi16, appearance: .dark, terminfoColors: 16)
        #expect(resolved.foreground == -1 && resolved.background == -1)
        #expect(resolved.attributes == .faint)
        let red = CursesStyle(TextStyle(foreground: .red), capability: .ansi16, appearance: .dark, terminfoColors: 8)
        #expect((0..<8).contains(red.foreground))
        let none = CursesStyle(TextStyle(attributes: .underline, foreground: .red), capability: .noColor,
                               appearance: .light, terminfoColors: 256)
        #expect(none.foreground == -1 && none.attributes == .underline)
    }

    @Test func synchronizedOutputForXtermFamilyOnly() {
        #expect(TerminalModes.supportsSynchronizedOutput(environment: ["TERM": "xterm-256color"]))
        #expect(TerminalModes.supportsSynchronizedOutput(environment: ["TERM": "tmux-256color"]))
        #expect(!TerminalModes.supportsSynchronizedOutput(environment: ["TERM": "linux"]))
        #expect(!TerminalModes.supportsSynchronizedOutput(environment: ["TERM": "dumb", "TERM_PROGRAM": "x"]))
        #expect(TerminalModes.enable(mouse: true, bracketedPaste: true).contains("\u{1B}[?1006h"))
        #expect(TerminalModes.enable(mouse: false, bracketedPaste: false).isEmpty)
        #expect(TerminalModes.disableAll.contains("\u{1B}[?2004l"))
    }
}
