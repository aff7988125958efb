import VeetCurses

/// The transcript cursor: which row is selected, by a key that survives new rows.
public enum TranscriptCursor {
    public static func key(of target: RowTarget) -> String {
        switch target {
        case .entry(let id): id
        case .artifact(let file): "artifact:" + file.artifactID
        case .status: "status"
        }
    }

    /// The durable sequence an entry id carries ("user:12", "assistant:14").
    public static func sequence(of target: RowTarget) -> Int64? {
        guard case .entry(let id) = target, let colon = id.lastIndex(of: ":") else { return nil }
        return Int64(id[id.index(after: colon)...])
    }

    /// The line without its first `count` columns (the indent the cursor mark replaces).
    public static func dropLeadingColumns(_ line: StyledLine, _ count: Int) -> StyledLine {
        guard var first = line.first, first.text.hasPrefix(String(repeating: " ", count: count)) else { return line }
        first.text = String(first.text.dropFirst(count))
        return [first] + line.dropFirst()
    }

    /// The rows with the cursor's mark on the first line of the row `selected` names (nil: no mark).
    public static func marked(_ rows: [[StyledLine]], targets: [RowTarget], selected: String?) -> [[StyledLine]] {
        guard let selected, let index = targets.firstIndex(where: { key(of: $0) == selected }), index < rows.count,
              let first = rows[index].first
        else { return rows }
        var rows = rows
        rows[index][0] = [StyledRun("▸ ", style: TranscriptStyles.cursor)] + dropLeadingColumns(first, 2)
        return rows
    }
}
