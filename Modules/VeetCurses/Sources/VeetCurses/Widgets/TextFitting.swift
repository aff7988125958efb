import VeetTerminal

/// Fitting text into columns, by display width.
public enum TextFitting {
    /// `text` cut to at most `width` columns, ending in "…" when cut.
    public static func truncate(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        guard DisplayWidth.of(text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let columns = DisplayWidth.of(character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }

    /// `text` broken into lines of at most `width` columns: at its own
    /// newlines, then at the last space that fits, else mid-word.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let characters = Array(paragraph)
            for range in wrapRanges(characters, width: width) {
                var line = String(characters[range])
                while line.last == " " { line.removeLast() }
                lines.append(line)
            }
        }
        return lines
    }

    /// Where lines break in `characters` (one paragraph, no newlines):
    /// consecutive ranges covering everything. Spaces at a break stay at the
    /// end of the line before it, so a caret can sit after them. Always at
    /// least one (possibly empty) range.
    public static func wrapRanges(_ characters: [Character], width: Int) -> [Range<Int>] {
        guard width > 0, !characters.isEmpty else { return [0..<characters.count] }
        var ranges: [Range<Int>] = []
        var start = 0
        var used = 0
        var lastBreak: Int?
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let columns = DisplayWidth.of(character)
            if character == " " {
                used += columns
                lastBreak = index + 1
                index += 1
                continue
            }
            if used + columns > width && index > start {
                let end = lastBreak.flatMap { $0 > start ? $0 : nil } ?? index
                ranges.append(start..<end)
                start = end
                lastBreak = nil
                used = DisplayWidth.of(String(characters[start..<index]))
                continue
            }
            used += columns
            index += 1
        }
        ranges.append(start..<characters.count)
        return ranges
    }

    /// `text` padded with spaces to exactly `width` columns (cut if longer).
    public static func pad(_ text: String, width: Int) -> String {
        let fitted = truncate(text, width: width)
        return fitted + String(repeating: " ", count: max(0, width - DisplayWidth.of(fitted)))
    }
}
