extension TextFitting {
    /// `text`'s words (split at spaces) into lines of at most `width` characters,
    /// broken only between words: a word longer than `width` stands alone on its
    /// line, whole; runs of spaces count as one.
    public static func wrapWords(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
