import Foundation
import VeetCurses
import VeetMemory
import VeetTokens
import VeetTransport

/// The reading page of one memory (the statement in the title style, its
/// record as titled groups of key-value lines, a flagged memory's reason in
/// an amber-edged box) or of one synthesis operation.
enum MemoryPage {
    private typealias Line = (text: String, style: TextStyle, column: Int)

    static func draw(_ record: MemoryRecord, in grid: inout ScreenGrid, area: GridRect) {
        var lines: [Line] = []
        let width = max(area.width, 1)
        func add(_ text: String, _ style: TextStyle, indent: Int = 0) {
            for line in TextFitting.wrap(text, width: max(width - indent, 1)) { lines.append((line, style, indent)) }
        }
        add(record.statement, MemoryScreen.title)
        lines.append(("", MemoryScreen.page, 0))
        switch record {
        case .belief(let b):
            if b.flaggedForReview {
                let edge = TextStyle(foreground: .amber, background: .paper)
                let why = b.reviewReason
                lines.append(("┃ Needs review", TextStyle(attributes: .bold, foreground: .amberText, background: .paper), 0))
                for line in TextFitting.wrap(why, width: max(width - 2, 1)) { lines.append(("┃ " + line, edge, 0)) }
                lines.append(("", MemoryScreen.page, 0))
            }
            group("Memory", [("kind", b.beliefType.label), ("about", MemorySubject(b.subject).displayName),
                             ("status", b.status.rawValue), ("confidence", String(format: "%.2f", b.confidence)),
                             ("applies", b.portability.rawValue), ("sensitivity", b.sensitivity.rawValue)], into: &lines)
            group("Source", [("learned", b.origin()), ("conversation", b.sourceSessionID ?? "—")], into: &lines)
            group("Times", [("formed", day(b.createdAt)), ("changed", day(b.updatedAt)),
                            ("valid until", b.validTo.map(day) ?? "—")], into: &lines)
        case .derived(let d):
            group("Summary", [("kind", d.recordKind), ("status", d.status.rawValue),
                              ("sources", String(d.sources.count))], into: &lines)
        }
        put(lines, in: &grid, area: area)
    }

    static func draw(_ op: SynthesisOperation, in grid: inout ScreenGrid, area: GridRect) {
        var lines: [Line] = []
        for line in TextFitting.wrap(op.content?.statement ?? "(withdrawn)", width: max(area.width, 1)) {
            lines.append((line, MemoryScreen.title, 0))
        }
        lines.append(("", MemoryScreen.page, 0))
        group("Operation", [("kind", op.kind.label), ("state", op.state.rawValue), ("reason", op.reason ?? "—"),
                            ("revision", String(op.revision))], into: &lines)
        lines.append(("Sources", MemoryScreen.title, 0))
        for source in op.sources {
            let text = source.omitted ? "(hidden)" : source.statement ?? source.beliefID
            lines.append(("- " + TextFitting.truncate(text, width: max(area.width - 4, 4)), MemoryScreen.page, 2))
        }
        lines.append(("", MemoryScreen.page, 0))
        if UndoGate.offersUndo(op) {
            lines.append(("u Undo this merge", MemoryScreen.action, 0))
        } else if let refusal = UndoGate.refusal(for: op), op.kind == .merge {
            lines.append(("No undo: \(refusal.description)", MemoryScreen.soft, 0))
        }
        put(lines, in: &grid, area: area)
    }

    private static func group(_ title: String, _ pairs: [(String, String)], into lines: inout [Line]) {
        lines.append((title, MemoryScreen.title, 0))
        for (key, value) in pairs {
            lines.append((key.padding(toLength: 14, withPad: " ", startingAt: 0) + value, MemoryScreen.page, 2))
        }
        lines.append(("", MemoryScreen.page, 0))
    }

    private static func put(_ lines: [Line], in grid: inout ScreenGrid, area: GridRect) {
        for (index, line) in lines.prefix(area.height).enumerated() {
            _ = grid.put(line.text, row: area.row + index, column: area.column + line.column, style: line.style,
                         limit: area.column + area.width)
        }
    }

    /// "1 Dec" (the day it last changed), in this machine's time zone.
    static func day(_ time: Timestamp) -> String {
        guard let date = time.date else { return String(time.text.prefix(10)) }
        let style = Date.FormatStyle(date: .omitted, time: .omitted, locale: Locale(identifier: "en_GB"))
            .day(.defaultDigits).month(.abbreviated)
        return date.formatted(style)
    }
}
