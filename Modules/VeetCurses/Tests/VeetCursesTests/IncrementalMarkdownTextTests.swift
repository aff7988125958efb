import Testing
import VeetMarkdown
import VeetTokens
@testable import VeetCurses

/// `MarkdownText.Incremental` against `MarkdownText.laid` of the same text,
/// delta by delta, with wide blocks scrolled sideways and not.
@Suite struct IncrementalMarkdownTextTests {
    static let page = TextStyle(foreground: .ink, background: .paper)

    static let answer = """
        # Plan

        First a paragraph with **bold**, `code` and a [link](https://example.com/a) that wraps at narrow widths.

        ```swift
        let aVeryLongLineOfCodeThatIsWiderThanTheScreen = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]
        ```

        | name | value | a long column heading |
        |:-----|------:|:----------------------|
        | one | 1 | text that makes the table wider than forty columns |

        - a point
        - another point

          with a second paragraph

        > quoted *words*

        1. first
        2. second
        """

    @Test(arguments: [0, 6, 500])
    func everyDeltaLaysOutAsTheWholeText(shift: Int) {
        var incremental = MarkdownText.Incremental()
        let characters = Array(Self.answer)
        for end in stride(from: 0, through: characters.count, by: 3) {
            let text = String(characters[..<end])
            let laid = incremental.laid(text, width: 40, base: Self.page, shift: shift)
            #expect(laid == MarkdownText.laid(text, width: 40, base: Self.page, shift: shift), "after \(text.debugDescription)")
        }
    }

    @Test func anotherWidthOrShiftLaysOutAgain() {
        var incremental = MarkdownText.Incremental()
        for (width, shift) in [(40, 0), (40, 4), (60, 4), (30, 0)] {
            #expect(incremental.laid(Self.answer, width: width, base: Self.page, shift: shift)
                == MarkdownText.laid(Self.answer, width: width, base: Self.page, shift: shift))
        }
    }
}
