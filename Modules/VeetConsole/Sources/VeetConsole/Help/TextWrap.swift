/// Word wrapping for help text. Widths count characters (grapheme clusters);
/// double-width scripts may overrun slightly, which help text can bear.
enum TextWrap {
    /// Wraps each line of `text` to `width` columns. Explicit newlines are
    /// kept, and a line's own leading spaces indent its continuation lines.
    /// A word longer than the width stands on a line of its own.
    static func wrap(_ text: String, width: Int) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            let indent = String(line.prefix(while: { $0 == " " }))
            return wrapLine(String(line.dropFirst(indent.count)), width: width, firstPrefix: indent, restPrefix: indent)
        }
    }

    /// Wraps one paragraph; `firstPrefix` starts the first line and
    /// `restPrefix` every later one (both count toward `width`).
    static func wrapLine(_ text: String, width: Int, firstPrefix: String, restPrefix: String) -> [String] {
        let words = text.split(separator: " ")
        guard !words.isEmpty else { return [firstPrefix.trimmingTrailingSpaces()] }
        var lines: [String] = []
        var line = firstPrefix
        var lineHasWord = false
        for word in words {
            if lineHasWord, line.count + 1 + word.count > width {
                lines.append(line)
                line = restPrefix
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }

    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
