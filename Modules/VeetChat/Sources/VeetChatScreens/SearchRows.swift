import Foundation
import VeetCurses
import VeetStore
import VeetTerminal
import VeetTokens
import VeetTransport

/// The sidebar's search hits: one row each, the conversation's title (cut
/// short) then the excerpt, made here at the width the row has so its
/// middle is elided and the matched words, in bold, stay visible. The
/// store makes no excerpt: only the rows listed here pay for one. The shell
/// hands in its sidebar's row width and its age words ("12m", "3d").
public enum SearchRows {
    /// At most this share of a message hit's row goes to the conversation's title.
    public static let titleShare = 3

    /// The rows of `outcome`, `rowWidth` columns each (an item's title: the row less its margins);
    /// `age` says how long ago a hit's conversation changed, as the sidebar's other rows do.
    public static func items(_ outcome: SearchOutcome, rowWidth: Int, age: (Timestamp) -> String?) -> [ListItem] {
        let hits: [SearchHit]
        switch outcome {
        case .results(let listed): hits = listed
        case .refine(let firstOnes): hits = firstOnes
        case .emptyQuery: hits = []
        }
        return hits.map { item(for: $0, rowWidth: rowWidth, age: age) }
    }

    public static func item(for hit: SearchHit, rowWidth: Int, age: (Timestamp) -> String?) -> ListItem {
        let detail = age(hit.updatedAt)
        let width = rowWidth - (detail.map { DisplayWidth.of($0) + 1 } ?? 0)
        let runs = line(for: hit, width: width)
        return ListItem(id: "hit:" + hit.sessionID + ":" + (hit.sequence.map(String.init) ?? ""),
                        title: runs.map(\.text).joined(), detail: detail, styledTitle: runs)
    }

    /// A title hit: the title itself, its matches bold. A message or web
    /// search hit: "Title: " (at most a third of the row) then its excerpt.
    public static func line(for hit: SearchHit, width: Int) -> StyledLine {
        let title = hit.title ?? "New conversation"
        if hit.kind == .title { return runs(of: hit.excerpt(width: width)) }
        let prefix = cut(title, to: max(4, width / titleShare)) + ": "
        let excerpt = hit.excerpt(width: max(8, width - DisplayWidth.of(prefix)))
        return [StyledRun(prefix)] + runs(of: excerpt)
    }

    /// `text` in at most `width` columns, "…" right after the last word kept (no space before it).
    public static func cut(_ text: String, to width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        let kept = TextFitting.truncate(text, width: width).dropLast()
        return kept.trimmingCharacters(in: .whitespaces) + "…"
    }

    /// The excerpt as runs, its highlights bold.
    public static func runs(of excerpt: Excerpt) -> StyledLine {
        let characters = Array(excerpt.text)
        var line: StyledLine = []
        var index = 0
        for range in excerpt.highlights.sorted(by: { $0.lowerBound < $1.lowerBound })
        where range.lowerBound >= index && range.upperBound <= characters.count {
            if range.lowerBound > index { line.append(StyledRun(String(characters[index..<range.lowerBound]))) }
            line.append(StyledRun(String(characters[range]), style: TextStyle(attributes: .bold)))
            index = range.upperBound
        }
        if index < characters.count { line.append(StyledRun(String(characters[index...]))) }
        return line
    }
}
