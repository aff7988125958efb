import Foundation
import VeetCurses
import VeetMemory
import VeetTokens
import VeetTransport

/// The reading page of one memory (the statement in the title style, its
/// record as titled groups of key-value lines, a flagged memory's reason in
/// an amber-edged quote) or of one synthesis operation, from VeetCurses'
/// `ReadingPage` pieces.
enum MemoryPage {
    static func draw(_ record: MemoryRecord, in grid: inout ScreenGrid, area: GridRect) {
        var page = ReadingPage(width: area.width, paper: MemoryScreen.page)
        page.text(record.statement, MemoryScreen.title)
        page.blank()
        switch record {
        case .belief(let b):
            if b.flaggedForReview {
                page.quote("Needs review", b.reviewReason,
                           label: TextStyle(attributes: .bold, foreground: .amberText, background: .paper),
                           edge: TextStyle(foreground: .amber, background: .paper))
            }
            group("Memory", [("kind", b.beliefType.label), ("about", MemorySubject(b.subject).displayName),
                             ("status", b.status.rawValue), ("confidence", String(format: "%.2f", b.confidence)),
                             ("applies", b.portability.rawValue), ("sensitivity", b.sensitivity.rawValue)], into: &page)
            group("Source", [("learned", b.origin()), ("conversation", b.sourceSessionID ?? "—")], into: &page)
            group("Times", [("formed", day(b.createdAt)), ("changed", day(b.updatedAt)),
                            ("valid until", b.validTo.map(day) ?? "—")], into: &page)
        case .derived(let d):
            group("Summary", [("kind", d.recordKind), ("status", d.status.rawValue),
                              ("sources", String(d.sources.count))], into: &page)
        }
        page.draw(in: &grid, area: area)
    }

    static func draw(_ op: SynthesisOperation, in grid: inout ScreenGrid, area: GridRect) {
        var page = ReadingPage(width: area.width, paper: MemoryScreen.page)
        page.text(op.content?.statement ?? "(withdrawn)", MemoryScreen.title)
        page.blank()
        group("Operation", [("kind", op.kind.label), ("state", op.state.rawValue), ("reason", op.reason ?? "—"),
                            ("revision", String(op.revision))], into: &page)
        page.line("Sources", MemoryScreen.title)
        for source in op.sources {
            let text = source.omitted ? "(hidden)" : source.statement ?? source.beliefID
            page.line("- " + TextFitting.truncate(text, width: max(area.width - 4, 4)), MemoryScreen.page, indent: 2)
        }
        page.blank()
        if UndoGate.offersUndo(op) {
            page.line("u Undo this merge", MemoryScreen.action)
        } else if let refusal = UndoGate.refusal(for: op), op.kind == .merge {
            page.line("No undo: \(refusal.description)", MemoryScreen.soft)
        }
        page.draw(in: &grid, area: area)
    }

    private static func group(_ title: String, _ pairs: [(String, String)], into page: inout ReadingPage) {
        page.group(title, pairs, title: MemoryScreen.title, value: MemoryScreen.page)
    }

    /// "1 Dec" (the day it last changed), in this machine's time zone.
    static func day(_ time: Timestamp) -> String {
        guard let date = time.date else { return String(time.text.prefix(10)) }
        let style = Date.FormatStyle(date: .omitted, time: .omitted, locale: Locale(identifier: "en_GB"))
            .day(.defaultDigits).month(.abbreviated)
        return date.formatted(style)
    }
}
