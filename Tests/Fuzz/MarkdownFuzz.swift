// libFuzzer target: the Markdown parser and every renderer (built with
// VeetMarkdown's sources and cmark-gfm). The first byte picks the terminal
// width. Checks: no trap; plain terminal output holds no ESC and no C0/C1
// control character other than TAB; the terminal's walk straight over
// cmark's tree (`render(markdown:)`, `layout(markdown:)`) gives exactly what
// the walk over the parsed document gives.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let width = Int(start[0] % 120) + 1
    let text = String(decoding: UnsafeBufferPointer(start: start + 1, count: count - 1), as: UTF8.self)
    let document = MarkdownDocument.parse(text)
    let rich = TerminalRenderer(width: width, style: .rich)
    guard rich.render(markdown: text) == rich.render(document) else { fatalError("the two walks differ (rich)") }
    guard rich.layout(markdown: text) == rich.layout(document) else { fatalError("the two layouts differ (rich)") }
    for line in TerminalRenderer(width: width, style: .plain).render(document).lines {
        for scalar in line.unicodeScalars where scalar.value < 0x20 && scalar != "\t" || (0x7F...0x9F).contains(scalar.value) {
            fatalError("control character U+\(String(scalar.value, radix: 16)) in plain output")
        }
    }
    _ = PlainTextRenderer().render(document)
    _ = HTMLRenderer().render(document)
    return 0
}
