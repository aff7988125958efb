import Testing
import VeetConsole
import VeetTokens

@Suite struct StyleTokensTests {
    private func terminal(stdout: Bool, mode: ColorMode = .auto) -> Terminal {
        Terminal(stdinIsTerminal: stdout, stdoutIsTerminal: stdout, stderrIsTerminal: stdout, colorMode: mode)
    }

    @Test func capabilityFollowsTheEnvironmentWhenColourIsAllowed() {
        let environment = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
        #expect(terminal(stdout: true).colorCapability(for: .standardOutput, environment: environment) == .trueColor)
        #expect(terminal(stdout: true).colorCapability(for: .standardOutput, environment: ["TERM": "xterm-256color"]) == .ansi256)
        #expect(terminal(stdout: false).colorCapability(for: .standardOutput, environment: environment) == .noColor)
        #expect(terminal(stdout: true, mode: .never).colorCapability(for: .standardOutput, environment: environment) == .noColor)
    }

    @Test func colorAlwaysStillColoursUnderNoColor() {
        let hostile = ["NO_COLOR": "1", "TERM": "dumb"]
        #expect(terminal(stdout: false, mode: .always).colorCapability(for: .standardOutput, environment: hostile) == .ansi16)
    }

    @Test func rolesTakeTheirColoursFromThePalette() {
        let light = Style(isEnabled: true, capability: .trueColor, appearance: .light)
        #expect(light.error("x") == "\u{1B}[1;38;2;180;69;46mx\u{1B}[0m")  // red #b4452e
        #expect(light.accent("x") == "\u{1B}[38;2;8;102;87mx\u{1B}[0m")  // tealText #086657
        #expect(light.warning("x") == "\u{1B}[38;2;122;74;14mx\u{1B}[0m")  // amberText #7a4a0e
        let dark = terminal(stdout: true).style(
            for: .standardOutput, environment: ["TERM": "xterm", "COLORTERM": "24bit"], appearance: .dark)
        #expect(dark.success("x") == "\u{1B}[1;38;2;54;213;187mx\u{1B}[0m")  // teal #36d5bb
    }

    @Test func withoutColourRolesKeepTheirAttributes() {
        let style = Style(isEnabled: true, capability: .noColor, appearance: .dark)
        #expect(style.dim("x") == "\u{1B}[2mx\u{1B}[0m")
        #expect(style.accent("x") == "\u{1B}[4mx\u{1B}[0m")
        #expect(style.error("x") == "\u{1B}[1mx\u{1B}[0m")
    }

    @Test func everyRoleIsDistinctInEveryColourTerminal() {
        for capability in [ColorCapability.ansi16, .ansi256, .trueColor] {
            for appearance in Appearance.allCases {
                let renderings = Set(StyleRole.allCases.map { $0.sgrParameters(capability: capability, appearance: appearance) })
                #expect(renderings.count == StyleRole.allCases.count, "\(capability) \(appearance)")
            }
        }
    }
}
