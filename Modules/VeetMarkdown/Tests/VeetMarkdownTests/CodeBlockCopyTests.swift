import Foundation
import Testing
import VeetMarkdown
import VeetTerminal

/// `b` copies the block whose frame says "(2 of 3)": one reader gives each
/// block's exact contents, without its container's indentation, numbered as
/// the frames are.
@Suite struct CodeBlockCopyTests {
    /// An answer with every kind of block, in every container.
    static let answer = """
        Here is the plan.

        ```swift
        let a = 1
          let indentedInside = true
        ```

            top-level indented
              deeper

        > Quoted:
        >
        > ```sh
        > echo "quoted"
        > ```
        >
        >     quoted indented

        1. First step:

           ```python
           def f():
               return 2
           ```

        2. Second step, nested:

           - ~~~
             inner tilde
             ~~~

        | a | b |
        |---|---|
        | 1 | 2 |

        ```
        ```

        Done.
        """

    static let expected = [
        "let a = 1\n  let indentedInside = true\n",
        "top-level indented\n  deeper\n",
        "echo \"quoted\"\n",
        "quoted indented\n",
        "def f():\n    return 2\n",
        "inner tilde\n",
        "",
    ]

    @Test func everyBlockIsReadWithItsExactContents() {
        let blocks = MarkdownDocument.parse(Self.answer).codeBlocks
        #expect(blocks.map(\.contents) == Self.expected)
        #expect(blocks.map(\.index) == Array(0..<Self.expected.count))
        #expect(blocks.map(\.language) == ["swift", nil, "sh", nil, "python", nil, nil])
    }

    @Test(arguments: [TerminalStyle.plain, TerminalStyle.rich])
    func theFramesAreNumberedAsTheReaderNumbersThem(style: TerminalStyle) {
        let renderer = TerminalRenderer(width: 60, style: style)
        let document = MarkdownDocument.parse(Self.answer)
        for layout in [renderer.layout(markdown: Self.answer), renderer.layout(document)] {
            #expect(layout.codeBlocks.map(\.index) == Array(0..<Self.expected.count))
        }
        // Each frame shows its block's first line.
        let plain = TerminalRenderer(width: 60, style: .plain).render(markdown: Self.answer)
        for (frame, contents) in zip(plain.codeBlocks, Self.expected) {
            let shown = plain.lines[frame.lineRange].joined(separator: "\n")
            if let first = contents.split(separator: "\n").first {
                #expect(shown.contains(first.trimmingCharacters(in: .whitespaces)), "frame \(frame.index + 1): \(shown)")
            }
        }
    }

    /// What reaches the clipboard (OSC 52, base64) is each block's bytes exactly.
    @Test func copyingEveryBlockPutsItsBytesOnTheClipboard() throws {
        for (index, block) in MarkdownDocument.parse(Self.answer).codeBlocks.enumerated() {
            let sequence = try #require(Clipboard.sequence(copying: block.contents, environment: [:]))
            let prefix = "\u{1B}]52;c;", suffix = "\u{07}"
            #expect(sequence.hasPrefix(prefix) && sequence.hasSuffix(suffix))
            let base64 = String(sequence.dropFirst(prefix.count).dropLast(suffix.count))
            let bytes = try #require(Data(base64Encoded: base64), "block \(index + 1): \(sequence.debugDescription)")
            #expect(bytes == Data(Self.expected[index].utf8), "block \(index + 1) of \(Self.expected.count)")
        }
    }
}
