import VeetChat
import VeetCurses
import VeetTokens

/// Styles of the transcript, by token role.
enum TranscriptStyles {
    static let page = TextStyle(foreground: .ink, background: .paper)
    static let owner = TextStyle(foreground: .ink, background: .tealWash)
    static let ownerLabel = TextStyle(attributes: .bold, foreground: .tealText, background: .tealWash)
    static let tool = TextStyle(foreground: .inkSoft, background: .paper)
    static let faint = TextStyle(attributes: .faint, foreground: .inkFaint, background: .paper, substitute: .faint)
    static let attention = TextStyle(attributes: .bold, foreground: .amberText, background: .paper)
    static let failure = TextStyle(attributes: .bold, foreground: .red, background: .paper)
}

/// Lays out transcript entries as styled lines, one row per entry, and
/// keeps each row until its entry or the width changes (Markdown is only
/// rendered again for the message that is streaming).
struct TranscriptRowCache {
    private struct Cached {
        var entry: TranscriptEntry
        var width: Int
        var lines: [StyledLine]
    }

    private var cache: [String: Cached] = [:]
    private var previousKeys: [Int] = []

    /// The rows to show and the first row that differs from the last call
    /// (nil when nothing changed), so the scroll view re-measures only from there.
    mutating func rows(for transcript: Transcript, width: Int) -> (rows: [[StyledLine]], firstChanged: Int?) {
        var rows: [[StyledLine]] = []
        var keys: [Int] = []
        var seen: [String: Cached] = [:]
        for entry in transcript.entries {
            let lines: [StyledLine]
            if let cached = cache[entry.id], cached.width == width, cached.entry == entry {
                lines = cached.lines
            } else {
                lines = Self.layout(entry, width: width)
            }
            seen[entry.id] = Cached(entry: entry, width: width, lines: lines)
            rows.append(lines)
            keys.append(entry.hashValue ^ width)
        }
        // "Needs your approval/answer" is already the amber card line; only progress shows here.
        if let status = transcript.thinkingLine ?? transcript.statusLine, !status.hasPrefix("Needs") {
            rows.append([[StyledRun("  " + status, style: TranscriptStyles.faint)]])
            keys.append(status.hashValue)
        }
        cache = seen
        let firstChanged = zip(keys, previousKeys).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
            ?? (keys.count == previousKeys.count ? nil : min(keys.count, previousKeys.count))
        previousKeys = keys
        return (rows, firstChanged)
    }

    static func layout(_ entry: TranscriptEntry, width: Int) -> [StyledLine] {
        let inner = max(width - 4, 10)
        switch entry {
        case .bundle(let bundle):
            return [line("  ⚙ " + bundle.summary, TranscriptStyles.tool), []]
        case .item(let item):
            switch item.kind {
            case .user(let message):
                return ownerBlock(message, width: width, inner: inner)
            case .assistant(let message):
                var lines = MarkdownLines.render(message.text, width: inner, base: TranscriptStyles.page)
                    .map { [StyledRun("  ", style: TranscriptStyles.page)] + $0 }
                if message.phase == .interrupted { lines.append(line("  (interrupted)", TranscriptStyles.faint)) }
                for file in message.files {
                    lines.append(line("  📎 " + (file.filename ?? file.artifactID), TranscriptStyles.tool))
                }
                return lines + [[]]
            case .tool(let tool):
                let decision = tool.approval.flatMap { card in
                    card.isSettled && card.decisionText.lowercased() != tool.statusText.lowercased()
                        ? " · " + card.decisionText : nil
                } ?? ""
                return [line("  ⚙ \(tool.name): \(tool.statusText)\(decision)", TranscriptStyles.tool), []]
            case .approval(let card):
                if card.isPending { return [line("  ● Waiting for your approval", TranscriptStyles.attention), []] }
                let name = card.toolName.map { " · \($0)" } ?? ""
                return [line("  " + card.decisionText + name, TranscriptStyles.faint), []]
            case .question(let card):
                switch card.state {
                case .pending:
                    return [line("  ● Waiting for your answer: " + (card.text ?? "the agent has a question"),
                                 TranscriptStyles.attention), []]
                case .answered:
                    return [line("  Answered: " + (card.answer ?? ""), TranscriptStyles.faint), []]
                case .withdrawn:
                    return [line("  Question withdrawn", TranscriptStyles.faint), []]
                }
            case .outcome(let outcome):
                let text = outcome.kind == .cancelled && !outcome.isDeadline ? outcome.message : outcome.summary
                return TextFitting.wrap(text, width: inner).map { line("  " + $0, TranscriptStyles.failure) } + [[]]
            }
        }
    }

    private static func ownerBlock(_ message: UserMessage, width: Int, inner: Int) -> [StyledLine] {
        var lines: [StyledLine] = [padded("  You", TranscriptStyles.ownerLabel, width: width)]
        for text in TextFitting.wrap(message.text, width: inner) {
            lines.append(padded("  " + text, TranscriptStyles.owner, width: width))
        }
        for file in message.files {
            lines.append(padded("  📎 " + (file.filename ?? file.artifactID), TranscriptStyles.owner, width: width))
        }
        return lines + [[]]
    }

    private static func line(_ text: String, _ style: TextStyle) -> StyledLine {
        [StyledRun(text, style: style)]
    }

    /// A full-width line, so the owner's block reads as one washed capsule.
    private static func padded(_ text: String, _ style: TextStyle, width: Int) -> StyledLine {
        [StyledRun(TextFitting.pad(TextFitting.truncate(text, width: width), width: width), style: style)]
    }
}

/// The prepared rows, handed to the virtualized scroll view.
struct PreparedRows: ScrollRowProvider {
    var rows: [[StyledLine]]

    var rowCount: Int { rows.count }
    func height(ofRow row: Int, width: Int) -> Int { rows[row].count }
    func lines(ofRow row: Int, width: Int) -> [StyledLine] { rows[row] }
}
