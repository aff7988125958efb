import Foundation
import Testing
@testable import VeetTerminal

@Suite struct ClipboardTests {
    @Test func copyIsAnOSC52SequenceWithBase64() {
        let sequence = Clipboard.sequence(copying: "héllo\nworld", environment: [:])
        #expect(sequence == "\u{1B}]52;c;" + Data("héllo\nworld".utf8).base64EncodedString() + "\u{07}")
        #expect(Clipboard.sequence(copying: "", environment: [:]) == "\u{1B}]52;c;\u{07}")
    }

    @Test func insideTmuxTheSequenceIsWrappedForPassthrough() {
        let sequence = Clipboard.sequence(copying: "x", environment: ["TMUX": "/tmp/tmux-1000/default,1,0"])
        #expect(sequence == "\u{1B}Ptmux;\u{1B}\u{1B}]52;c;eA==\u{07}\u{1B}\\")
        #expect(Clipboard.sequence(copying: "x", environment: ["TMUX": ""]) == "\u{1B}]52;c;eA==\u{07}")
    }

    @Test func tooLongATextIsRefused() {
        #expect(Clipboard.sequence(copying: String(repeating: "a", count: Clipboard.maximumBytes + 1), environment: [:]) == nil)
        #expect(Clipboard.sequence(copying: String(repeating: "a", count: Clipboard.maximumBytes), environment: [:]) != nil)
        // The limit is in UTF-8 bytes, not characters.
        let wide = String(repeating: "中", count: Clipboard.maximumBytes / 3 + 1)
        #expect(Clipboard.sequence(copying: wide, environment: [:]) == nil)
    }

    @Test func theLongestAcceptedPayloadFitsXtermsDefaultLimit() throws {
        let sequence = try #require(Clipboard.sequence(copying: String(repeating: "a", count: Clipboard.maximumBytes),
                                                       environment: [:]))
        let payload = sequence.dropFirst("\u{1B}]52;c;".count).dropLast()
        #expect(payload.utf8.count <= 100_000)
        #expect(Data(base64Encoded: String(payload))?.count == Clipboard.maximumBytes)
    }
}
