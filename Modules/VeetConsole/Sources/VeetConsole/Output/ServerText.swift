/// Text that came from a server, made safe for one line of a terminal.
///
/// A title is the server's to choose: it may hold newlines, or escape
/// sequences that would move the cursor, retitle the window or hide what
/// follows, and nothing bounds its length. Listing it as it is would let a
/// server draw on the user's terminal; so control characters (C0, DEL, C1)
/// become spaces, runs of whitespace fold into one, and the result is cut to
/// `limit` characters with an ellipsis.
public enum ServerText {
    public static let defaultLimit = 200

    public static func line(_ text: String, limit: Int = defaultLimit) -> String {
        var result = ""
        var count = 0
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            if isControl || scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                guard count < limit else { return result + "…" }
                result.unicodeScalars.append(" ")
                count += 1
                pendingSpace = false
            }
            guard count < limit else { return result + "…" }
            result.unicodeScalars.append(scalar)
            count += 1
        }
        return result
    }
}
