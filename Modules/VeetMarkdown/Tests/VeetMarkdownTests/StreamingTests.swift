import Testing
@testable import VeetMarkdown

/// Inputs for streaming: every block kind, blocks that change meaning when
/// later lines arrive (setext headings, tables, lazy continuations, loose
/// lists), and unfinished constructs.
let streamingInputs: [String] = [
    "Hello\n\nWorld with *emphasis* and a [link](https://a.test).\n",
    "# Title\nPara one\nstill para one\n\nPara two\n===\n\nafter\n",
    "- a\n- b\n\n- c\n\nText after the list.\n\n1. x\n2. y\n",
    "Header line\n| a | b |\n|---|---|\n| 1 | 2 |\n\nNext paragraph\n",
    "```swift\nlet a = 1\n\nlet b = 2\n```\nafter code\n\n```\nnever closed\nstill code",
    "> quote\ncontinued lazily\n\n> another\n\n---\nend",
    "Para\n- interrupting list\n- second\n\n    indented code\n\n    more code\n\nback",
    "Some **bold that\nspans lines** and ~~strike~~\n\n<div>\nhtml\n</div>\n\nlast *open emphasis",
    "| h1 | h2 |\n|:--|--:|\n| long cell text that wraps at narrow widths | 2 |\n| 3 | 4 |\n\nTail text\n",
    "- [ ] task one\n- [x] task two\n  nested para\n\n  second para in item\n- three\n\nEnd.\n",
    "Title\n---\n\nA\n\nB\n\nC\n\nD\n\nE\n\n# F\n\n* * *\n\nG",
    "日本語の段落です。\n\n絵文字 👍 の段落\n\n```\n\tタブ\n```\n",
]

private func render(_ text: String, width: Int) -> [String] {
    TerminalRenderer(width: width, style: .rich).render(markdown: text).lines
}

/// Feeds the chunks; checks at every step that committed + tail equals the
/// full render of the text so far, and at the end that committed equals the
/// full render of everything.
private func checkStreaming(_ text: String, chunks: [Substring], width: Int) {
    var stream = StreamingMarkdown(renderer: TerminalRenderer(width: width, style: .rich))
    var committed: [String] = []
    var received = ""
    for chunk in chunks {
        received += chunk
        let update = stream.append(String(chunk))
        committed += update.committed
        #expect(committed + update.tail == render(received, width: width), "after \(received.debugDescription)")
    }
    committed += stream.finish().committed
    #expect(committed == render(text, width: width), "input \(text.debugDescription)")
}

@Test(arguments: streamingInputs)
func streamingSplitAtEveryPositionMatchesTheFullRender(_ text: String) {
    let characters = Array(text)
    for split in 0...characters.count {
        let first = Substring(String(characters[..<split]))
        let second = Substring(String(characters[split...]))
        checkStreaming(text, chunks: [first, second], width: 40)
    }
}

@Test(arguments: streamingInputs)
func streamingOneCharacterAtATimeMatchesTheFullRender(_ text: String) {
    checkStreaming(text, chunks: text.map { Substring(String($0)) }, width: 30)
}

@Test func streamingRandomChunkingMatchesTheFullRender() {
    var generator = SplitMix64(seed: 42)
    for round in 0..<60 {
        let text = streamingInputs[round % streamingInputs.count] + "\n\n" + streamingInputs[(round * 7 + 3) % streamingInputs.count]
        var chunks: [Substring] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            let size = Int(generator.next() % 12) + 1
            chunks.append(rest.prefix(size))
            rest = rest.dropFirst(size)
        }
        checkStreaming(text, chunks: chunks, width: [24, 40, 80][round % 3])
    }
}

@Test func committedLinesOnlyComeFromClosedBlocks() {
    var stream = StreamingMarkdown(renderer: TerminalRenderer(width: 40, style: .plain))
    var update = stream.append("First paragraph\n")
    #expect(update.committed.isEmpty)
    #expect(update.tail == ["First paragraph"])
    // The paragraph turns into a heading: nothing was committed too early.
    update = stream.append("===\n\n| a |")
    #expect(update.committed.isEmpty)
    #expect(update.tail == ["# First paragraph", "", "| a |"])
    // A table starts: the heading is closed for good and is committed.
    update = stream.append("\n|---|\n| 1 |\n\nafter")
    #expect(update.committed == ["# First paragraph"])
    #expect(update.tail == ["", "┌───┐", "│ a │", "├───┤", "│ 1 │", "└───┘", "", "after"])
    #expect(stream.finish() == StreamingUpdate(
        committed: ["", "┌───┐", "│ a │", "├───┤", "│ 1 │", "└───┘", "", "after"], tail: []))
}

@Test func openFencedCodeStaysInTheTail() {
    var stream = StreamingMarkdown(renderer: TerminalRenderer(width: 40, style: .plain))
    var update = stream.append("Intro\n\n```\nline 1\nline 2\n")
    #expect(update.committed == ["Intro"])
    #expect(update.tail == ["", "╭─", "│ line 1", "│ line 2", "╰─"])
    // Closed, but committed only once the next block starts on a complete line.
    update = stream.append("```\n\nDone")
    #expect(update.committed.isEmpty)
    #expect(update.tail == ["", "╭─", "│ line 1", "│ line 2", "╰─", "", "Done"])
    update = stream.append("\n")
    #expect(update.committed == ["", "╭─", "│ line 1", "│ line 2", "╰─"])
    #expect(update.tail == ["", "Done"])
}

@Test func carriageReturnsAreDropped() {
    var stream = StreamingMarkdown(renderer: TerminalRenderer(width: 40, style: .plain))
    let update = stream.append("a\r\n\r\nb\r\n\r\nc")
    #expect(update.committed == ["a"])  // "b" is the last complete block: still open to change
    #expect(update.tail == ["", "b", "", "c"])
    #expect(stream.text == "a\n\nb\n\nc")
}

/// A small deterministic generator for chunk sizes.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
