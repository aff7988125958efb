@testable import VeetMarkdown

/// A palette whose codes are unique per role, so rich output can be written
/// readably in expectations: `<H>` heading, `<E>` emphasis, `<S>` strong,
/// `<X>` strikethrough, `<C>` code, `<L>` link, `<Q>` quote, `<D>` dim,
/// combined as `<S+L>`; `</>` is a reset; `{url}` opens a hyperlink, `{/}` closes it.
let testPalette = MarkdownPalette([
    .heading: "31", .emphasis: "32", .strong: "33", .strikethrough: "34",
    .code: "35", .link: "36", .quote: "37", .dim: "90",
])

let richTestStyle = TerminalStyle(attributes: true, hyperlinks: true, palette: testPalette)

func visualize(_ line: String) -> String {
    let letters = ["31": "H", "32": "E", "33": "S", "34": "X", "35": "C", "36": "L", "37": "Q", "90": "D"]
    var result = ""
    var scalars = Array(line.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
        guard scalar == "\u{1B}", let kind = scalars.popFirst() else {
            result.unicodeScalars.append(scalar)
            continue
        }
        if kind == "[" {
            var parameters = ""
            while let next = scalars.popFirst(), next != "m" { parameters.unicodeScalars.append(next) }
            result += parameters == "0" ? "</>"
                : "<" + parameters.split(separator: ";").map { letters[String($0)] ?? String($0) }.joined(separator: "+") + ">"
        } else if kind == "]" {
            var body = ""
            while let next = scalars.popFirst() {
                if next == "\u{1B}" {
                    _ = scalars.popFirst()
                    break
                }
                body.unicodeScalars.append(next)
            }
            let target = body.dropFirst(3)  // "8;;"
            result += target.isEmpty ? "{/}" : "{" + target + "}"
        } else {
            result += "^["
            result.unicodeScalars.append(kind)
        }
    }
    return result
}

func renderPlain(_ markdown: String, width: Int) -> String {
    TerminalRenderer(width: width, style: .plain).render(markdown: markdown).lines.joined(separator: "\n")
}

func renderRich(_ markdown: String, width: Int) -> String {
    TerminalRenderer(width: width, style: richTestStyle).render(markdown: markdown).lines.map(visualize)
        .joined(separator: "\n")
}

/// One input with its expected renderings; nil means "same as the one before"
/// (plain80 as plain40, rich40 as plain40, rich80 as rich40 — or as plain80
/// when rich40 is nil too).
struct Snapshot: Sendable, CustomStringConvertible {
    let name: String
    let markdown: String
    let plain40: String
    var plain80: String? = nil
    var rich40: String? = nil
    var rich80: String? = nil

    var description: String { name }

    var expectedPlain80: String { plain80 ?? plain40 }
    var expectedRich40: String { rich40 ?? plain40 }
    var expectedRich80: String { rich80 ?? (rich40 == nil ? expectedPlain80 : rich40!) }
}
