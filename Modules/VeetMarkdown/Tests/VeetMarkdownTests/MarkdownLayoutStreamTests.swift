import Testing
@testable import VeetMarkdown

/// `MarkdownLayoutStream` against the renderer's layout of the whole text, at
/// every step: the inputs of the streaming tests (setext headings, tables
/// taking a paragraph's last line, lazy quotes, loose lists, open fences), a
/// text that stops being an extension, and a late link reference definition.
@Suite struct MarkdownLayoutStreamTests {
    static func check(_ steps: [String], width: Int, style: TerminalStyle = .rich) {
        let renderer = TerminalRenderer(width: width, style: style)
        var stream = MarkdownLayoutStream(renderer: renderer)
        var settled: [StyledMarkdown] = []
        for text in steps {
            let update = stream.update(text)
            if update.startedOver { settled = [] }
            settled += update.newlySettled
            #expect(settled.count == update.settledCount)
            let joined = MarkdownLayoutStream.joined(settled: settled, tail: update.tail, tailBlockCount: update.tailBlockCount)
            #expect(joined == renderer.layout(markdown: text), "after \(text.debugDescription)")
        }
    }

    /// Every prefix of `text`, as a stream hands the whole answer over after each delta.
    static func prefixes(_ text: String, every step: Int = 1) -> [String] {
        let characters = Array(text)
        return stride(from: 0, through: characters.count, by: step).map { String(characters[..<$0]) } + [text]
    }

    @Test(arguments: streamingInputs)
    func everyPrefixLaysOutAsTheWholeText(_ text: String) {
        Self.check(Self.prefixes(text), width: 30)
    }

    @Test(arguments: streamingInputs)
    func bigDeltasLayOutAsTheWholeText(_ text: String) {
        Self.check(Self.prefixes(text, every: 7), width: 60, style: .plain)
    }

    @Test func blocksBeforeTheOpenOneAreSettledOnce() {
        var stream = MarkdownLayoutStream(renderer: TerminalRenderer(width: 40, style: .rich))
        // "Two" could still become a heading or a table until its line is complete.
        #expect(stream.update("One\n\nTwo").newlySettled.isEmpty)
        #expect(stream.update("One\n\nTwo\n").newlySettled.count == 1)
        let later = stream.update("One\n\nTwo\nmore")
        #expect(later.newlySettled.isEmpty && later.settledCount == 1 && later.tailBlockCount == 1)
        #expect(stream.update("One\n\nTwo\nmore\n\n- three\n").newlySettled.count == 1)
    }

    @Test func aTextThatIsNotAnExtensionStartsOver() {
        Self.check(["One\n\nTwo\n\nThree", "One\n\nTwo\n\nThree\n\nFour", "Other\n\nText", "Other\n\nText\n\n# more"], width: 40)
        var stream = MarkdownLayoutStream(renderer: TerminalRenderer(width: 40, style: .rich))
        _ = stream.update("One\n\nTwo\n\nThree")
        #expect(stream.update("Uno\n\nTwo\n\nThree").startedOver)
    }

    @Test func aLateReferenceDefinitionChangesEarlierBlocks() {
        let text = "See [the docs][d] first.\n\nMore text here.\n\nAnd more.\n\n[d]: https://example.com/d\n\nEnd."
        Self.check(Self.prefixes(text), width: 40)
    }
}
