import Testing
@testable import VeetMarkdown

/// Hand-written expectations: every input at widths 40 and 80, without and
/// with SGR/OSC 8 (rich output shown through `visualize`).
let snapshots: [Snapshot] = [
    Snapshot(name: "short paragraph", markdown: "Hello, world.", plain40: "Hello, world."),
    Snapshot(
        name: "paragraph wraps at 40",
        markdown: "The quick brown fox jumps over the lazy dog and keeps running far away.",
        plain40: "The quick brown fox jumps over the lazy\ndog and keeps running far away.",
        plain80: "The quick brown fox jumps over the lazy dog and keeps running far away."),
    Snapshot(name: "two paragraphs", markdown: "First.\n\nSecond.", plain40: "First.\n\nSecond."),
    Snapshot(name: "soft break joins", markdown: "line one\nline two", plain40: "line one line two"),
    Snapshot(name: "hard break", markdown: "line one  \nline two\\\nline three",
             plain40: "line one\nline two\nline three"),
    Snapshot(name: "emphasis", markdown: "Some *soft* words.", plain40: "Some _soft_ words.",
             rich40: "Some <E>soft</> words."),
    Snapshot(name: "strong", markdown: "A **bold** claim.", plain40: "A **bold** claim.",
             rich40: "A <S>bold</> claim."),
    Snapshot(name: "strikethrough", markdown: "~~old~~ new", plain40: "~~old~~ new", rich40: "<X>old</> new"),
    Snapshot(name: "inline code", markdown: "Run `make test` now.", plain40: "Run `make test` now.",
             rich40: "Run <C>make test</> now."),
    Snapshot(name: "nested emphasis", markdown: "***both***", plain40: "_**both**_", rich40: "<E+S>both</>"),
    Snapshot(name: "strong across a wrap closes per line",
             markdown: "Some **bold text that continues for a long stretch** here.",
             plain40: "Some **bold text that continues for a\nlong stretch** here.",
             plain80: "Some **bold text that continues for a long stretch** here.",
             rich40: "Some <S>bold text that continues for a long</>\n<S>stretch</> here.",
             rich80: "Some <S>bold text that continues for a long stretch</> here."),
    Snapshot(name: "heading 1", markdown: "# Title", plain40: "# Title", rich40: "<H># Title</>"),
    Snapshot(name: "heading 3 with code", markdown: "### Use `swift build`", plain40: "### Use `swift build`",
             rich40: "<H>### Use </><H+C>swift build</>"),
    Snapshot(name: "setext heading", markdown: "Title\n=====", plain40: "# Title", rich40: "<H># Title</>"),
    Snapshot(name: "heading wraps under its text",
             markdown: "## A heading that is long enough to wrap around",
             plain40: "## A heading that is long enough to wrap\n   around",
             plain80: "## A heading that is long enough to wrap around",
             rich40: "<H>## A heading that is long enough to wrap</>\n   <H>around</>",
             rich80: "<H>## A heading that is long enough to wrap around</>"),
    Snapshot(name: "bullet list", markdown: "- one\n- two\n- three", plain40: "• one\n• two\n• three",
             rich40: "<D>• </>one\n<D>• </>two\n<D>• </>three"),
    Snapshot(name: "ordered list", markdown: "1. first\n2. second", plain40: "1. first\n2. second",
             rich40: "<D>1. </>first\n<D>2. </>second"),
    Snapshot(name: "ordered numbers right-aligned", markdown: "9. nine\n10. ten", plain40: " 9. nine\n10. ten",
             rich40: "<D> 9. </>nine\n<D>10. </>ten"),
    Snapshot(name: "nested bullets", markdown: "- a\n  - b\n    - c\n- d", plain40: "• a\n  ◦ b\n    ▪ c\n• d",
             rich40: "<D>• </>a\n  <D>◦ </>b\n    <D>▪ </>c\n<D>• </>d"),
    Snapshot(name: "loose list", markdown: "- a\n\n- b", plain40: "• a\n\n• b",
             rich40: "<D>• </>a\n\n<D>• </>b"),
    Snapshot(name: "task list", markdown: "- [ ] todo\n- [x] done", plain40: "[ ] todo\n[x] done",
             rich40: "<D>[ ] </>todo\n<D>[x] </>done"),
    Snapshot(name: "ordered task", markdown: "1. [x] shipped", plain40: "1. [x] shipped", rich40: "<D>1. [x] </>shipped"),
    Snapshot(name: "list item wraps with hanging indent",
             markdown: "- This item has enough words to wrap past the width of forty.",
             plain40: "• This item has enough words to wrap\n  past the width of forty.",
             plain80: "• This item has enough words to wrap past the width of forty.",
             rich40: "<D>• </>This item has enough words to wrap\n  past the width of forty.",
             rich80: "<D>• </>This item has enough words to wrap past the width of forty."),
    Snapshot(name: "quote", markdown: "> Quoted text.", plain40: "│ Quoted text.", rich40: "<Q>│ </>Quoted text."),
    Snapshot(name: "quote with two paragraphs", markdown: "> one\n>\n> two", plain40: "│ one\n│\n│ two",
             rich40: "<Q>│ </>one\n<Q>│</>\n<Q>│ </>two"),
    Snapshot(name: "nested quote", markdown: "> > deep", plain40: "│ │ deep", rich40: "<Q>│ │ </>deep"),
    Snapshot(name: "quote wraps inside its bar",
             markdown: "> Quoted words that go on and on until they must wrap somewhere.",
             plain40: "│ Quoted words that go on and on until\n│ they must wrap somewhere.",
             plain80: "│ Quoted words that go on and on until they must wrap somewhere.",
             rich40: "<Q>│ </>Quoted words that go on and on until\n<Q>│ </>they must wrap somewhere.",
             rich80: "<Q>│ </>Quoted words that go on and on until they must wrap somewhere."),
    Snapshot(name: "fenced code with language", markdown: "```swift\nlet x = 1\n```",
             plain40: "╭─ swift\n│ let x = 1\n╰─", rich40: "<D>╭─</> <D>swift</>\n<D>│</> <C>let x = 1</>\n<D>╰─</>"),
    Snapshot(name: "code with a blank line", markdown: "```\na\n\nb\n```", plain40: "╭─\n│ a\n│\n│ b\n╰─",
             rich40: "<D>╭─</>\n<D>│</> <C>a</>\n<D>│</>\n<D>│</> <C>b</>\n<D>╰─</>"),
    Snapshot(name: "code overflows instead of wrapping",
             markdown: "```\nlet longLine = \"0123456789012345678901234567890123456789\"\n```",
             plain40: "╭─\n│ let longLine = \"0123456789012345678901234567890123456789\"\n╰─",
             rich40: "<D>╭─</>\n<D>│</> <C>let longLine = \"0123456789012345678901234567890123456789\"</>\n<D>╰─</>"),
    Snapshot(name: "indented code", markdown: "    indented code", plain40: "╭─\n│ indented code\n╰─",
             rich40: "<D>╭─</>\n<D>│</> <C>indented code</>\n<D>╰─</>"),
    Snapshot(name: "tab in code expands to 4 columns", markdown: "```\n\tx\n```", plain40: "╭─\n│     x\n╰─",
             rich40: "<D>╭─</>\n<D>│</> <C>    x</>\n<D>╰─</>"),
    Snapshot(name: "thematic break spans the width", markdown: "a\n\n---\n\nb",
             plain40: "a\n\n" + String(repeating: "─", count: 40) + "\n\nb",
             plain80: "a\n\n" + String(repeating: "─", count: 80) + "\n\nb",
             rich40: "a\n\n<D>" + String(repeating: "─", count: 40) + "</>\n\nb",
             rich80: "a\n\n<D>" + String(repeating: "─", count: 80) + "</>\n\nb"),
    Snapshot(name: "small table", markdown: "| a | b |\n|---|---|\n| 1 | 2 |",
             plain40: "┌───┬───┐\n│ a │ b │\n├───┼───┤\n│ 1 │ 2 │\n└───┴───┘",
             rich40: "<D>┌───┬───┐</>\n<D>│</> <S>a</> <D>│</> <S>b</> <D>│</>\n<D>├───┼───┤</>\n"
                + "<D>│</> 1 <D>│</> 2 <D>│</>\n<D>└───┴───┘</>"),
    Snapshot(name: "table alignments",
             markdown: "| left | center | right |\n|:-----|:------:|------:|\n| a | b | c |",
             plain40: """
             ┌──────┬────────┬───────┐
             │ left │ center │ right │
             ├──────┼────────┼───────┤
             │ a    │   b    │     c │
             └──────┴────────┴───────┘
             """,
             rich40: "<D>┌──────┬────────┬───────┐</>\n<D>│</> <S>left</> <D>│</> <S>center</> <D>│</> <S>right</> <D>│</>\n<D>├──────┼────────┼───────┤</>\n<D>│</> a    <D>│</>   b    <D>│</>     c <D>│</>\n<D>└──────┴────────┴───────┘</>"),
    Snapshot(name: "table shrinks its wide column at 40",
             markdown: "| Name | Description |\n|---|---|\n| alpha | The first letter of the Greek alphabet, used widely |",
             plain40: """
             ┌───────┬──────────────────────────────┐
             │ Name  │ Description                  │
             ├───────┼──────────────────────────────┤
             │ alpha │ The first letter of the      │
             │       │ Greek alphabet, used widely  │
             └───────┴──────────────────────────────┘
             """,
             plain80: """
             ┌───────┬─────────────────────────────────────────────────────┐
             │ Name  │ Description                                         │
             ├───────┼─────────────────────────────────────────────────────┤
             │ alpha │ The first letter of the Greek alphabet, used widely │
             └───────┴─────────────────────────────────────────────────────┘
             """,
             rich40: "<D>┌───────┬──────────────────────────────┐</>\n<D>│</> <S>Name</>  <D>│</> <S>Description</>                  <D>│</>\n<D>├───────┼──────────────────────────────┤</>\n<D>│</> alpha <D>│</> The first letter of the      <D>│</>\n<D>│</>       <D>│</> Greek alphabet, used widely  <D>│</>\n<D>└───────┴──────────────────────────────┘</>",
             rich80: "<D>┌───────┬─────────────────────────────────────────────────────┐</>\n<D>│</> <S>Name</>  <D>│</> <S>Description</>                                         <D>│</>\n<D>├───────┼─────────────────────────────────────────────────────┤</>\n<D>│</> alpha <D>│</> The first letter of the Greek alphabet, used widely <D>│</>\n<D>└───────┴─────────────────────────────────────────────────────┘</>"),
    Snapshot(name: "table too wide even at minimum overflows",
             markdown: "| first | second | third | fourth | fifth | sixth |\n|---|---|---|---|---|---|\n| 1 | 2 | 3 | 4 | 5 | 6 |",
             plain40: """
             ┌───────┬────────┬───────┬────────┬───────┬───────┐
             │ first │ second │ third │ fourth │ fifth │ sixth │
             ├───────┼────────┼───────┼────────┼───────┼───────┤
             │ 1     │ 2      │ 3     │ 4      │ 5     │ 6     │
             └───────┴────────┴───────┴────────┴───────┴───────┘
             """,
             rich40: "<D>┌───────┬────────┬───────┬────────┬───────┬───────┐</>\n<D>│</> <S>first</> <D>│</> <S>second</> <D>│</> <S>third</> <D>│</> <S>fourth</> <D>│</> <S>fifth</> <D>│</> <S>sixth</> <D>│</>\n<D>├───────┼────────┼───────┼────────┼───────┼───────┤</>\n<D>│</> 1     <D>│</> 2      <D>│</> 3     <D>│</> 4      <D>│</> 5     <D>│</> 6     <D>│</>\n<D>└───────┴────────┴───────┴────────┴───────┴───────┘</>"),
    Snapshot(name: "table with wide characters", markdown: "| 名前 | 👍 |\n|---|---|\n| 東京 | ok |",
             plain40: "┌──────┬────┐\n│ 名前 │ 👍 │\n├──────┼────┤\n│ 東京 │ ok │\n└──────┴────┘",
             rich40: "<D>┌──────┬────┐</>\n<D>│</> <S>名前</> <D>│</> <S>👍</> <D>│</>\n<D>├──────┼────┤</>\n<D>│</> 東京 <D>│</> ok <D>│</>\n<D>└──────┴────┘</>"),
    Snapshot(name: "https link", markdown: "See [the docs](https://example.com/docs).",
             plain40: "See the docs (https://example.com/docs).",
             rich40: "See {https://example.com/docs}<L>the docs{/}</>."),
    Snapshot(name: "http link stays plain", markdown: "Go to [site](http://example.com).",
             plain40: "Go to site (http://example.com).", rich40: "Go to <L>site</> <D>(http://example.com)</>."),
    Snapshot(name: "javascript link stays plain", markdown: "[click](javascript:alert(1))",
             plain40: "click (javascript:alert(1))", rich40: "<L>click</> <D>(javascript:alert(1))</>"),
    Snapshot(name: "email autolink", markdown: "Mail me@example.com today.", plain40: "Mail me@example.com today.",
             rich40: "Mail {mailto:me@example.com}<L>me@example.com{/}</> today."),
    Snapshot(name: "www autolink is http, not hyperlinked", markdown: "Visit www.example.com now.",
             plain40: "Visit www.example.com now.", rich40: "Visit <L>www.example.com</> now."),
    Snapshot(name: "angle autolink", markdown: "<https://example.com>", plain40: "https://example.com",
             rich40: "{https://example.com}<L>https://example.com</>{/}"),
    Snapshot(name: "image", markdown: "![logo](https://example.com/logo.png)",
             plain40: "[image: logo]\n(https://example.com/logo.png)",
             plain80: "[image: logo] (https://example.com/logo.png)",
             rich40: "{https://example.com/logo.png}<L>[image: logo]</>{/}"),
    Snapshot(name: "wide characters break at 40 columns",
             markdown: "日本語のテキストはとても長いのでここで折り返す必要があります。",
             plain40: "日本語のテキストはとても長いのでここで折\nり返す必要があります。",
             plain80: "日本語のテキストはとても長いのでここで折り返す必要があります。"),
    Snapshot(name: "html block as text", markdown: "<div>\nhi\n</div>", plain40: "<div>\nhi\n</div>",
             rich40: "<D><div></>\n<D>hi</>\n<D></div></>"),
    Snapshot(name: "inline html as text", markdown: "a <b>x</b> c", plain40: "a <b>x</b> c"),
    Snapshot(name: "control characters made visible", markdown: "bell\u{07}here a\u{1B}[31mred",
             plain40: "bell\u{FFFD}here a\u{FFFD}[31mred"),
    Snapshot(name: "long word breaks at the width",
             markdown: "https://example.com/a/very/long/path/that/does/not/fit/in/forty",
             plain40: "https://example.com/a/very/long/path/tha\nt/does/not/fit/in/forty",
             plain80: "https://example.com/a/very/long/path/that/does/not/fit/in/forty",
             rich40: "{https://example.com/a/very/long/path/that/does/not/fit/in/forty}<L>https://example.com/a/very/long/path/tha</>{/}\n"
                + "{https://example.com/a/very/long/path/that/does/not/fit/in/forty}<L>t/does/not/fit/in/forty</>{/}",
             rich80: "{https://example.com/a/very/long/path/that/does/not/fit/in/forty}<L>https://example.com/a/very/long/path/that/does/not/fit/in/forty</>{/}"),
    Snapshot(name: "blocks in sequence", markdown: "# Plan\n\nDo it:\n\n1. one\n2. two\n\n> done",
             plain40: "# Plan\n\nDo it:\n\n1. one\n2. two\n\n│ done",
             rich40: "<H># Plan</>\n\nDo it:\n\n<D>1. </>one\n<D>2. </>two\n\n<Q>│ </>done"),
]

@Test("terminal snapshots without colour", arguments: snapshots)
func plainSnapshot(_ snapshot: Snapshot) {
    #expect(renderPlain(snapshot.markdown, width: 40) == snapshot.plain40)
    #expect(renderPlain(snapshot.markdown, width: 80) == snapshot.expectedPlain80)
}

@Test("terminal snapshots with colour and hyperlinks", arguments: snapshots)
func richSnapshot(_ snapshot: Snapshot) {
    #expect(renderRich(snapshot.markdown, width: 40) == snapshot.expectedRich40)
    #expect(renderRich(snapshot.markdown, width: 80) == snapshot.expectedRich80)
}

@Test func thereAreAtLeastFortySnapshots() {
    #expect(snapshots.count >= 40)
    #expect(Set(snapshots.map(\.name)).count == snapshots.count)
}
