import Testing
@testable import VeetMarkdown

@Test func plainTextHasNoMarkdownSymbols() {
    let source = """
    # Title

    Some *soft* and **bold** and ~~gone~~ and `code` with [a link](https://a.test) and <https://b.test>.
    ![logo](l.png)

    > quoted

    - one
    - [x] done
      1. nested

    ```sh
    echo "hi"  # keep *this*
    ```

    | a | b |
    |---|---|
    | 1 | **2** |

    ---
    """
    let expected = """
    Title

    Some soft and bold and gone and code with a link (https://a.test) and https://b.test. logo

      quoted

    • one
    ☑ done
      1. nested

    echo "hi"  # keep *this*

    a\tb
    1\t2

    ———

    """
    #expect(PlainTextRenderer().render(MarkdownDocument.parse(source)) == expected)
}

@Test func plainTextOfEmptyDocumentIsEmpty() {
    #expect(PlainTextRenderer().render(MarkdownDocument.parse("")) == "")
}

@Test func htmlRendersStructureAndEscapes() {
    let source = """
    # A & B

    Text <script>alert(1)</script> with *em*, **strong**, ~~del~~, `a<b`, [x](https://a.test?q=1&r="2" "T").

    - [x] done
    - plain

    2. two

    ```html
    <p>hi</p>
    ```

    | l | r |
    |:--|--:|
    | 1 | 2 |

    [bad](javascript:alert(1)) ![i](https://a.test/i.png)

    <div>raw</div>
    """
    let expected = """
    <h1>A &amp; B</h1>
    <p>Text &lt;script&gt;alert(1)&lt;/script&gt; with <em>em</em>, <strong>strong</strong>, <del>del</del>, \
    <code>a&lt;b</code>, <a href="https://a.test?q=1&amp;r=&quot;2&quot;" title="T">x</a>.</p>
    <ul>
    <li><input type="checkbox" checked="" disabled="" /> done</li>
    <li>plain</li>
    </ul>
    <ol start="2">
    <li>two</li>
    </ol>
    <pre><code class="language-html">&lt;p&gt;hi&lt;/p&gt;
    </code></pre>
    <table>
    <thead>
    <tr>
    <th align="left">l</th>
    <th align="right">r</th>
    </tr>
    </thead>
    <tbody>
    <tr>
    <td align="left">1</td>
    <td align="right">2</td>
    </tr>
    </tbody>
    </table>
    <p><a href="">bad</a> <img src="https://a.test/i.png" alt="i" /></p>
    <pre>&lt;div&gt;raw&lt;/div&gt;
    </pre>

    """
    #expect(HTMLRenderer().render(MarkdownDocument.parse(source)) == expected)
}

@Test func htmlLooseListsWrapParagraphs() {
    let html = HTMLRenderer().render(MarkdownDocument.parse("- a\n\n- b\n  > q"))
    #expect(html == "<ul>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n<blockquote>\n<p>q</p>\n</blockquote>\n</li>\n</ul>\n")
}
