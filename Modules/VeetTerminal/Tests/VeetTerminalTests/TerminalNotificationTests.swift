import Testing
import VeetTerminal

/// The bytes of a terminal notification (OSC 9, OSC 777, BEL, tmux passthrough).
@Suite struct TerminalNotificationTests {
    @Test func osc9AndOsc777ForATerminalThatTakesBoth() {
        let support = TerminalNotification.Support.detect(environment: ["TERM_PROGRAM": "WezTerm", "TERM": "xterm-256color"])
        #expect(support == .init(osc9: true, osc777: true, insideTmux: false))
        let bytes = TerminalNotification.sequence(title: "Veet", body: "Approval needed", support: support)
        #expect(bytes == "\u{1B}]9;Veet: Approval needed\u{07}\u{1B}]777;notify;Veet;Approval needed\u{07}")
    }

    @Test func vteGetsOsc777AndAnUnknownTerminalABell() {
        let vte = TerminalNotification.Support.detect(environment: ["TERM": "xterm-256color", "VTE_VERSION": "7600"])
        #expect(vte == .init(osc9: false, osc777: true, insideTmux: false))
        #expect(TerminalNotification.sequence(title: "Veet", body: "Run finished", support: vte)
            == "\u{1B}]9;Veet: Run finished\u{07}\u{1B}]777;notify;Veet;Run finished\u{07}")
        let unknown = TerminalNotification.Support.detect(environment: ["TERM": "xterm"])
        #expect(TerminalNotification.sequence(title: "Veet", body: "Run finished", support: unknown)
            == "\u{1B}]9;Veet: Run finished\u{07}\u{07}", "BEL as the fallback")
    }

    @Test func insideTmuxEachOscIsWrappedAndTheBellIsNot() {
        let support = TerminalNotification.Support.detect(environment: ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"])
        #expect(support.insideTmux)
        let bytes = TerminalNotification.sequence(title: "Veet", body: "A question", support: support)
        #expect(bytes == "\u{1B}Ptmux;\u{1B}\u{1B}]9;Veet: A question\u{07}\u{1B}\\\u{07}")
    }

    @Test func controlCharactersCannotEndTheSequenceEarly() {
        let support = TerminalNotification.Support(osc9: true, osc777: false, insideTmux: false)
        let bytes = TerminalNotification.sequence(title: "Veet", body: "evil\u{07}\u{1B}]0;pwned", support: support)
        #expect(bytes == "\u{1B}]9;Veet: evil  ]0;pwned\u{07}")
    }
}
