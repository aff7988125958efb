import Foundation
import Testing
@testable import VeetMarkdown

/// A generated corpus of Markdown (every block kind, nested lists and quotes,
/// tables with ragged rows, emphasis runs, links of every scheme, wide,
/// combining and joined characters, control characters) and the texts of the
/// recorded SSE streams, rendered at several widths and styles.
enum LayoutCorpus {
    static let inlinePieces = [
        "word", "words here", "a", "longerwordwithoutbreaks", "*em*", "**strong**", "***both***", "~~gone~~", "`code`",
        "`` a ` b ``", "_under_", "[link](https://example.com/a?b=c)", "[plain](http://example.com)",
        "[js](javascript:alert(1))", "[mail](mailto:me@example.com)", "<https://x.example/p>", "me@example.com",
        "www.example.com", "![alt *text*](https://example.com/i.png)", "![](x.png)", "[**bold link**](https://b.example)",
        "[https://same.example](https://same.example)", "[t](https://e.example \"title\")", "漢字かな", "한국어",
        "👍", "👩‍👩‍👧", "🇫🇷", "e\u{301}", "a&#769;", "&amp;", "&copy;", "<b>html</b>", "\t", "\u{7}", "\u{1B}[31m",
        "\u{9B}", "\u{7F}", "x\\\ny", "end  \nnext", "soft\nbreak", "\\*escaped\\*", "[ref]", "`tab\there`", "ｆｕｌｌ",
        "https://example.com/a/very/long/path/that/does/not/fit/anywhere/at/all", "  ", "*", "**open", "~single~",
        "[link with `code` and *em*](https://c.example/x)", "[ünïcode](https://ü.example/ä)",
    ]

    /// Added after the digest was recorded (so only in the comparison of the two
    /// walks): breaks and markup inside links, emphasis and images.
    static let laterPieces = [
        "[two\nlines](https://l.example)", "[hard  \nbreak](https://h.example)", "*soft\nin em*", "**a\\\nb**",
        "~~x\ny~~", "![alt\nwrapped `c`](https://i.example/a.png)", "[<b>h</b> &amp; e\u{301}](mailto:a@b.example)",
        "[](https://empty.example)", "[x](<>)", "``", "[a [b] c](http://n.example)",
    ]

    static func inline(_ random: inout SplitMix64, count: Int, pieces: [String] = inlinePieces) -> String {
        var text = ""
        for index in 0..<count {
            if index > 0 { text += random.next() % 5 == 0 ? "" : " " }
            text += pieces[Int(random.next() % UInt64(pieces.count))]
        }
        return text
    }

    static func block(_ random: inout SplitMix64, depth: Int, pieces: [String] = inlinePieces) -> String {
        let kind = Int(random.next() % (depth > 2 ? 6 : 12))
        let words = Int(random.next() % 14) + 1
        switch kind {
        case 0, 1, 2: return inline(&random, count: words, pieces: pieces) + "\n"
        case 3: return String(repeating: "#", count: Int(random.next() % 7) + 1) + " " + inline(&random, count: words, pieces: pieces) + "\n"
        case 4:
            let fence = random.next() % 3 == 0 ? "~~~" : "```"
            let info = ["", "swift", "python extra words", "ts"][Int(random.next() % 4)]
            var body = ""
            for _ in 0..<Int(random.next() % 5) { body += inline(&random, count: Int(random.next() % 6), pieces: pieces) + "\n" }
            return fence + info + "\n" + body + (random.next() % 6 == 0 ? "" : fence + "\n")
        case 5: return ["---\n", "* * *\n", "<div>\nraw <i>html</i>\n</div>\n", "    indented\tcode\n    more\n",
                        "Setext\n===\n", "Setext two\n---\n"][Int(random.next() % 6)]
        case 6, 7:
            let ordered = random.next() % 2 == 0
            let start = [1, 3, 9, 99, 0][Int(random.next() % 5)]
            let loose = random.next() % 4 == 0
            var text = ""
            for item in 0..<Int(random.next() % 5) + 1 {
                let marker = ordered ? "\(start + item). " : ["- ", "* ", "+ "][depth % 3]
                let task = ["", "", "[ ] ", "[x] "][Int(random.next() % 4)]
                let indent = String(repeating: " ", count: marker.count)
                text += marker + task + inline(&random, count: Int(random.next() % 8), pieces: pieces) + "\n"
                if random.next() % 3 == 0 {
                    let child = block(&random, depth: depth + 1, pieces: pieces)
                    text += (loose ? "\n" : "") + child.split(separator: "\n", omittingEmptySubsequences: false)
                        .map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
                    if !text.hasSuffix("\n") { text += "\n" }
                }
                if loose { text += "\n" }
            }
            return text
        case 8, 9:
            let inner = block(&random, depth: depth + 1, pieces: pieces)
            return inner.split(separator: "\n", omittingEmptySubsequences: false)
                .map { "> " + $0 }.joined(separator: "\n") + "\n"
        default:
            let columns = Int(random.next() % 4) + 1
            let aligns = [":--", "--:", ":-:", "---"]
            var text = "|" + (0..<columns).map { _ in " " + inline(&random, count: Int(random.next() % 3) + 1, pieces: pieces) + " |" }
                .joined() + "\n|"
            for _ in 0..<columns { text += aligns[Int(random.next() % 4)] + "|" }
            text += "\n"
            for _ in 0..<Int(random.next() % 4) {
                let cells = Int(random.next() % UInt64(columns + 2))
                text += "|" + (0..<cells).map { _ in " " + inline(&random, count: Int(random.next() % 9), pieces: pieces) + " |" }
                    .joined() + "\n"
            }
            return text
        }
    }

    static func document(seed: UInt64, pieces: [String] = inlinePieces) -> String {
        var random = SplitMix64(seed: seed)
        var text = ""
        for _ in 0..<Int(random.next() % 7) + 1 {
            text += block(&random, depth: 0, pieces: pieces)
            text += random.next() % 4 == 0 ? "" : "\n"
        }
        if random.next() % 5 == 0 { text += "\n[ref]: https://ref.example/x\n" }
        return text
    }

    static let generated: [String] = (UInt64(1)...400).map { document(seed: $0) }
    static let later: [String] = (UInt64(401)...600).map { document(seed: $0, pieces: inlinePieces + laterPieces) }

    /// Every string value of every event in the recorded SSE streams.
    static let recorded: [String] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("VeetTestSupport/Recordings/sse")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.sorted() ?? []
        var texts: [String] = []
        func collect(_ value: Any) {
            if let string = value as? String, !string.isEmpty { texts.append(string) }
            if let array = value as? [Any] { array.forEach(collect) }
            if let object = value as? [String: Any] { object.keys.sorted().forEach { collect(object[$0]!) } }
        }
        for name in names where name.hasSuffix(".txt") {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else { continue }
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.hasPrefix("data:") {
                let json = Data(line.dropFirst(5).utf8)
                if let value = try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed]) { collect(value) }
            }
        }
        return texts
    }()

    static let styles: [TerminalStyle] = [
        .plain, .rich, richTestStyle, TerminalStyle(attributes: true, hyperlinks: false),
        TerminalStyle(attributes: false, hyperlinks: true, glyphs: .ascii),
    ]
    static let widths = [1, 7, 23, 40, 80, 100]
}

/// 64-bit FNV-1a over the rendered lines, so a whole corpus's output fits in one constant.
struct OutputDigest {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func add(_ line: String) {
        for byte in line.utf8 { mix(byte) }
        mix(0x0A)
    }

    mutating func add(_ number: Int) { add(String(number)) }

    private mutating func mix(_ byte: UInt8) {
        value ^= UInt64(byte)
        value &*= 0x0000_0100_0000_01B3
    }
}

@Suite struct LayoutCorpusTests {
    /// The digest of the corpus as the renderer printed it before the
    /// direct-from-cmark layout (commit a0502e5): any byte changed anywhere changes it.
    static let recordedDigest: UInt64 = 0xEDB0_6A5E_50C4_E901

    static func digest(of texts: [String]) -> UInt64 {
        var digest = OutputDigest()
        for text in texts {
            for style in LayoutCorpus.styles {
                for width in LayoutCorpus.widths {
                    let rendered = TerminalRenderer(width: width, style: style).render(markdown: text)
                    digest.add(rendered.lines.count)
                    rendered.lines.forEach { digest.add($0) }
                    for block in rendered.codeBlocks {
                        digest.add(block.lineRange.lowerBound)
                        digest.add(block.lineRange.upperBound)
                    }
                }
            }
        }
        return digest.value
    }

    @Test func theCorpusHasEveryConstructAndTheRecordings() {
        let joined = LayoutCorpus.generated.joined()
        for construct in ["| ", "```", "> ", "- [x] ", "1. ", "# ", "👩‍👩‍👧", "漢字", "e\u{301}", "](https://"] {
            #expect(joined.contains(construct), "\(construct)")
        }
        #expect(LayoutCorpus.recorded.count >= 50)
    }

    /// The layout straight from cmark's tree (`layout(markdown:)`, `render(markdown:)`)
    /// against the walk over the Swift model, run for run and byte for byte.
    @Test func theCmarkWalkLaysOutAsTheModelWalk() {
        for text in LayoutCorpus.generated + LayoutCorpus.later + LayoutCorpus.recorded {
            let document = MarkdownDocument.parse(text)
            for style in LayoutCorpus.styles {
                for width in LayoutCorpus.widths {
                    let renderer = TerminalRenderer(width: width, style: style)
                    let direct = renderer.layout(markdown: text)
                    let model = renderer.layout(document)
                    #expect(direct == model, "width \(width) \(text.debugDescription)")
                    if direct != model { return }
                    #expect(renderer.render(markdown: text) == renderer.render(document))
                }
            }
        }
    }

    @Test func theCorpusRendersAsItDidBefore() {
        let digest = Self.digest(of: LayoutCorpus.generated + LayoutCorpus.recorded)
        #expect(digest == Self.recordedDigest, "digest \(String(digest, radix: 16))")
    }
}
