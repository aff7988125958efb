import CCmarkGFM
import VeetCurses
import VeetMarkdown
import VeetTokens
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Markdown: MB/s rendering a generated ~1 MB answer to the terminal at
/// width 100 (parse + model + layout + SGR/OSC 8), and laying it out as the
/// TUI's grid runs (parse + model + layout + token styles, no escape codes),
/// next to cmark-gfm's own parse + HTML rendering of the same input in the
/// same run.
let markdownSuite = BenchSuite(name: "markdown") { quick in
    let source = MarkdownBenchCorpus.answer(targetBytes: 1_048_576)
    let megabytes = Double(source.utf8.count) / 1_048_576
    let repetitions = quick ? 3 : 10
    let clock = ContinuousClock()
    var bestTerminal = Duration.seconds(1_000)
    var bestPlainLayout = Duration.seconds(1_000)
    var bestGrid = Duration.seconds(1_000)
    let page = TextStyle(foreground: .ink, background: .paper)
    var bestCmark = Duration.seconds(1_000)
    var lines = 0
    var htmlBytes = 0
    for _ in 0..<repetitions {
        bestTerminal = min(bestTerminal, clock.measure {
            lines = TerminalRenderer(width: 100, style: .rich).render(markdown: source).lines.count
        })
        bestPlainLayout = min(bestPlainLayout, clock.measure {
            lines = TerminalRenderer(width: 100, style: .plain).render(markdown: source).lines.count
        })
        bestGrid = min(bestGrid, clock.measure {
            lines = MarkdownText.lines(source, width: 100, base: page).count
        })
        bestCmark = min(bestCmark, clock.measure { htmlBytes = MarkdownBenchCorpus.cmarkHTMLBytes(source) })
    }
    precondition(lines > 0 && htmlBytes > 0)
    func rate(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return megabytes / (Double(seconds) + Double(attoseconds) / 1e18)
    }
    let widths = [44, 9, 8]
    print(row(["case (\(fixed(megabytes, 2)) MiB, best of \(repetitions))", "MB/s", "ratio"], widths))
    print(String(repeating: "-", count: widths.reduce(0, +) + 4))
    let baseline = rate(bestCmark)
    print(row(["cmark-gfm parse + HTML (baseline)", fixed(baseline, 1), "1.000"], widths))
    print(row(["terminal, width 100, SGR + OSC 8", fixed(rate(bestTerminal), 1), fixed(rate(bestTerminal) / baseline, 3)],
              widths))
    print(row(["terminal, width 100, plain", fixed(rate(bestPlainLayout), 1),
               fixed(rate(bestPlainLayout) / baseline, 3)], widths))
    print(row(["grid runs (TUI), width 100", fixed(rate(bestGrid), 1), fixed(rate(bestGrid) / baseline, 3)], widths))
    print("ratio = terminal rendering speed / cmark-gfm HTML speed (aim: at least 0.6)")
}

enum MarkdownBenchCorpus {
    /// A long assistant answer: headings, paragraphs with inline markup and
    /// links, bullet and task lists, a table and a fenced code block per section.
    static func answer(targetBytes: Int) -> String {
        var text = ""
        text.reserveCapacity(targetBytes + 4_096)
        var section = 0
        while text.utf8.count < targetBytes {
            section += 1
            text += """
            ## Section \(section): measuring the **renderer**

            This paragraph explains step \(section) with *emphasis*, `inline code`, ~~old text~~ and a \
            [link to the docs](https://example.com/docs/\(section)). It keeps going for a while so that \
            wrapping has real work to do at a width of one hundred columns, including a mail address \
            like team@example.com and a second sentence about throughput and latency figures.

            - First point about item \(section), short.
            - Second point with **bold words** and a longer explanation that will need to wrap onto a \
            second line at the chosen width.
            - [x] A finished task
            - [ ] An open task with `code`

            | Metric | Value | Notes |
            |:-------|------:|:------|
            | requests | \(section * 17) | counted per second over the whole window |
            | latency | \(section % 97) ms | p99, measured at the client side of the connection |

            ```swift
            func step\(section)(values: [Int]) -> Int {
                values.reduce(0, +) * \(section)
            }
            ```

            > A quoted remark closing section \(section), with a little *style*.


            """
        }
        return text
    }

    /// cmark-gfm's own pipeline with the same extensions; returns the HTML size.
    static func cmarkHTMLBytes(_ source: String) -> Int {
        cmark_gfm_core_extensions_ensure_registered()
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return 0 }
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink", "tasklist"] {
            if let syntax = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
        }
        var copy = source
        copy.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        guard let root = cmark_parser_finish(parser) else { return 0 }
        defer { cmark_node_free(root) }
        guard let html = cmark_render_html(root, CMARK_OPT_DEFAULT, cmark_parser_get_syntax_extensions(parser)) else {
            return 0
        }
        defer { free(html) }
        return strlen(html)
    }
}
