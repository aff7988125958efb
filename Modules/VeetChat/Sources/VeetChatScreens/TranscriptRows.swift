import VeetChat
import VeetCurses
import VeetTerminal
import VeetTokens

/// Lays out transcript entries as styled lines, one row per entry (plus one
/// per file an entry carries), and keeps each row until its entry, the width
/// or its expansion changes (Markdown is only rendered again for the message
/// that is streaming, and there only from its last open block on). The
/// transcript's change log says from which item on anything changed since
/// the last call, so a delta compares one item, not 10,000; a frame whose
/// transcript did not change (scrolling, typing) reuses everything.
/// Comparisons lean on Swift's identity fast paths (unchanged strings share
/// storage), nothing is hashed.
public struct TranscriptRowCache: Sendable {
    private struct Laid: Sendable {
        var entry: TranscriptEntry
        var expanded: Bool
        var ledgerOffset: Int
        var sideways: Int
        var rows: [[StyledLine]]
        var targets: [RowTarget]
        var extent: RowExtent
    }

    /// How many items the last call saw, and the transcript's change mark then.
    private var itemCount = 0
    private var seenChange: TranscriptChangeLog.Mark?
    /// The answer streaming in, laid out block by block as it grows.
    private var streamingAnswer: StreamingAnswer?
    private var status: String?
    private var width = 0
    private var expanded: Set<String> = []
    private var offsets = TranscriptOffsets()
    /// Lines a ledger may take before it scrolls inside itself (the transcript's height, less room around it).
    private var ledgerHeight = Int.max
    private var sendLines: [String: String] = [:]
    private var laid: [Laid] = []
    /// The first output row of each laid entry.
    private var rowStart: [Int] = []
    private var output: (rows: [[StyledLine]], targets: [RowTarget]) = ([], [])

    public init() {}

    /// The rows to show, what each stands for, and the first row that differs
    /// from the last call (nil when nothing changed), so the scroll view
    /// re-measures only from there.
    /// `sendLines`: the line under each owner's message not yet confirmed, by item id (`SendState.line`).
    /// `offsets`: where tall ledgers and wide blocks are moved; `height`: the transcript's height.
    public mutating func rows(for transcript: Transcript, width: Int, expanded: Set<String>, sendLines: [String: String] = [:],
                       offsets: TranscriptOffsets = TranscriptOffsets(), height: Int = .max)
        -> (rows: [[StyledLine]], targets: [RowTarget], firstChanged: Int?) {
        let status = (transcript.thinkingLine ?? transcript.statusLine).flatMap { $0.hasPrefix("Needs") ? nil : $0 }
        let newItems = transcript.items
        let ledgerHeight = height == .max ? .max : max(height - 3, 4)
        let sameLayout = width == self.width && expanded == self.expanded && sendLines == self.sendLines
            && offsets == self.offsets && ledgerHeight == self.ledgerHeight
        // Unknown (a first call, another transcript, many changes since): every item is checked.
        let firstChange = transcript.itemChanges.firstChange(after: seenChange) ?? 0
        seenChange = transcript.itemChanges.latest
        let unchangedPrefix = min(firstChange, itemCount, newItems.count)
        if sameLayout, status == self.status, firstChange == Int.max, itemCount == newItems.count {
            return (output.rows, output.targets, nil)
        }

        // Only entries from the last owner's message before the first changed
        // item on are bundled and laid out again: bundling never crosses a message.
        var firstItem = 0
        var keptEntries = 0
        if sameLayout {
            let changed = unchangedPrefix
            var restart = min(changed, newItems.count - 1)
            while restart > 0, newItems[restart].user == nil { restart -= 1 }
            if restart > 0, let entry = laid.lastIndex(where: { $0.entry.id == newItems[restart].id }) {
                firstItem = restart
                keptEntries = entry
            }
        }
        let tail = firstItem == 0 ? transcript.entries : ToolBundler.entries(for: Array(newItems[firstItem...]))
        self.width = width
        self.expanded = expanded
        self.offsets = offsets
        self.ledgerHeight = ledgerHeight
        self.sendLines = sendLines
        self.status = status
        itemCount = newItems.count

        var firstChangedEntry: Int?
        var next: [Laid] = []
        next.reserveCapacity(tail.count)
        for (offset, entry) in tail.enumerated() {
            let index = keptEntries + offset
            let view = EntryView(expanded: expanded.contains(entry.id), ledgerOffset: offsets.ledger[entry.id] ?? 0,
                                 sideways: offsets.sideways[entry.id] ?? 0, ledgerHeight: ledgerHeight)
            if sameLayout, index < laid.count, laid[index].entry == entry, laid[index].expanded == view.expanded {
                next.append(laid[index])
                continue
            }
            if firstChangedEntry == nil { firstChangedEntry = index }
            next.append(Self.lay(entry, width: width, view: view, sendLine: sendLines[entry.id], answer: &streamingAnswer))
        }
        if firstChangedEntry == nil, keptEntries + next.count != laid.count {
            firstChangedEntry = min(keptEntries + next.count, laid.count)
        }
        let firstRow = keptEntries < rowStart.count ? rowStart[keptEntries] : output.rows.count
        laid.removeSubrange(keptEntries...)
        rowStart.removeSubrange(min(keptEntries, rowStart.count)...)
        output.rows.removeSubrange(min(firstRow, output.rows.count)...)
        output.targets.removeSubrange(min(firstRow, output.targets.count)...)
        var firstChanged: Int?
        for part in next {
            if laid.count == firstChangedEntry { firstChanged = output.rows.count }
            rowStart.append(output.rows.count)
            output.rows += part.rows
            output.targets += part.targets
            laid.append(part)
        }
        // "Needs your approval/answer" is already the amber card line; only progress shows here.
        if let status {
            output.rows.append([[StyledRun("  " + status, style: TranscriptStyles.faint)]])
            output.targets.append(.status)
        }
        return (output.rows, output.targets, firstChanged ?? max(firstRow, 0))
    }

    /// How far the laid entry `id` can move (nil when it is not laid out).
    public func extent(of id: String) -> RowExtent? {
        laid.first { $0.entry.id == id }?.extent
    }

    /// How one entry is opened and moved.
    public struct EntryView: Sendable {
        public var expanded = false
        public var ledgerOffset = 0
        public var sideways = 0
        public var ledgerHeight = Int.max

        public init(expanded: Bool = false, ledgerOffset: Int = 0, sideways: Int = 0, ledgerHeight: Int = .max) {
            self.expanded = expanded
            self.ledgerOffset = ledgerOffset
            self.sideways = sideways
            self.ledgerHeight = ledgerHeight
        }
    }

    private static func lay(_ entry: TranscriptEntry, width: Int, view: EntryView, sendLine: String?,
                            answer: inout StreamingAnswer?) -> Laid {
        let laid = laidOut(entry, width: width, view: view, answer: &answer)
        var lines = laid.lines
        if let sendLine, case .item(let item) = entry, item.user?.isOptimistic == true {
            // Under the owner's block, before its blank line: the message's own state.
            let inner = max(width - 4, 10)
            let stateLines = TextFitting.wrap(sendLine, width: inner).map { line("  " + $0, TranscriptStyles.attention) }
            lines.insert(contentsOf: stateLines, at: max(lines.count - 1, 0))
        }
        var rows = [lines]
        var targets: [RowTarget] = [.entry(entry.id)]
        for file in files(of: entry) {
            rows.append([[StyledRun("  📎 ", style: TranscriptStyles.tool),
                          StyledRun(file.filename ?? file.artifactID, style: TranscriptStyles.artifact),
                          StyledRun("  " + file.mediaType, style: TranscriptStyles.faint)], []])
            targets.append(.artifact(file))
        }
        return Laid(entry: entry, expanded: view.expanded, ledgerOffset: view.ledgerOffset, sideways: view.sideways,
                    rows: rows, targets: targets, extent: laid.extent)
    }

    public static func files(of entry: TranscriptEntry) -> [FileReference] {
        guard case .item(let item) = entry else { return [] }
        switch item.kind {
        case .user(let message): return message.files
        case .assistant(let message): return message.files
        default: return []
        }
    }

    public static func layout(_ entry: TranscriptEntry, width: Int, expanded: Bool = false) -> [StyledLine] {
        var none: StreamingAnswer?
        return laidOut(entry, width: width, view: EntryView(expanded: expanded), answer: &none).lines
    }

    /// The streaming answer's Markdown, kept between deltas (settled blocks are not laid out again).
    public struct StreamingAnswer: Sendable {
        public var id: String
        public var markdown = MarkdownText.Incremental()

        public init(id: String) { self.id = id }
    }

    /// `answer` lays out a streaming message (and is taken over by a new one);
    /// every other entry is laid out from scratch.
    public static func laidOut(_ entry: TranscriptEntry, width: Int, view: EntryView,
                        answer: inout StreamingAnswer?) -> (lines: [StyledLine], extent: RowExtent) {
        let inner = max(width - 4, 10)
        let expanded = view.expanded
        var extent = RowExtent(ledgerHeight: view.ledgerHeight)
        func ledger(_ bundle: ToolBundle) -> [StyledLine] {
            let laid = ToolLedger.lines(bundle, width: width, height: view.ledgerHeight, offset: view.ledgerOffset)
            extent.ledgerTotal = laid.total
            return laid.lines
        }
        let lines: [StyledLine]
        switch entry {
        case .bundle(let bundle):
            let sign = expanded ? "▾ " : "▸ "
            lines = [line("  ⚙ " + sign + bundle.summary, TranscriptStyles.tool)] + (expanded ? ledger(bundle) : []) + [[]]
        case .item(let item):
            if case .assistant(let message) = item.kind {
                let laid: MarkdownText.Laid
                if message.phase == .streaming {
                    if answer?.id != item.id { answer = StreamingAnswer(id: item.id) }
                    laid = answer!.markdown.laid(message.text, width: inner - 1, base: TranscriptStyles.page,
                                                 shift: view.sideways)
                } else {
                    laid = MarkdownText.laid(message.text, width: inner - 1, base: TranscriptStyles.page, shift: view.sideways)
                }
                extent.maxSideways = laid.maxShift
                lines = answerLines(laid, interrupted: message.phase == .interrupted)
            } else if case .tool(let tool) = item.kind, expanded {
                lines = Array(itemLines(item, width: width, inner: inner, expanded: false).dropLast())
                    + ledger(ToolBundle(id: item.id, calls: [tool])) + [[]]
            } else {
                lines = itemLines(item, width: width, inner: inner, expanded: expanded)
            }
        }
        return (lines, extent)
    }

    /// An answer after its mark; each code block's top frame names the key that copies it.
    private static func answerLines(_ laid: MarkdownText.Laid, interrupted: Bool) -> [StyledLine] {
        var body = laid.lines
        let count = laid.codeBlockStarts.count
        for (index, start) in laid.codeBlockStarts.enumerated() where start < body.count {
            let label = count == 1 ? "  b copies it" : "  b copies it (\(index + 1) of \(count))"
            body[start].append(StyledRun(label, style: TranscriptStyles.faint))
        }
        var lines = body.enumerated().map {
            [$0.offset == 0 ? StyledRun(answerMark, style: TranscriptStyles.answerMark)
                            : StyledRun("   ", style: TranscriptStyles.page)] + $0.element
        }
        if interrupted { lines.append(line("  (interrupted)", TranscriptStyles.faint)) }
        return lines + [[]]
    }

    private static func itemLines(_ item: TranscriptItem, width: Int, inner: Int, expanded: Bool) -> [StyledLine] {
        switch item.kind {
        case .user(let message):
            return ownerBlock(message, width: width, inner: inner)
        case .assistant(let message):
            return answerLines(MarkdownText.laid(message.text, width: inner - 1, base: TranscriptStyles.page, shift: 0),
                               interrupted: message.phase == .interrupted)
        case .tool(let tool):
            let decision = tool.approval.flatMap { card in
                card.isSettled && card.decisionText.lowercased() != tool.statusText.lowercased()
                    ? " · " + card.decisionAndPlace : nil
            } ?? ""
            return [line("  ⚙ \(tool.sentence)\(decision)", TranscriptStyles.tool), []]
        case .approval(let card):
            // Collapsed to one line; Enter opens what was (or is to be) approved, without decision keys.
            let details = expanded ? ToolLedger.lines(approvalArguments: card, width: width) : []
            if card.isPending { return [line("  ● Waiting for your approval", TranscriptStyles.attention)] + details + [[]] }
            return [line("  " + card.collapsedLine, TranscriptStyles.faint)] + details + [[]]
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

    /// The small mark before an answer (docs/tui.md); the answer's lines follow it indented.
    public static let answerMark = " ◆ "

    /// The owner's message as a tealWash capsule as wide as its longest line,
    /// with rounded ends (half discs in the wash's colour on paper) that also
    /// keep its shape where no colour is drawn.
    private static func ownerBlock(_ message: UserMessage, width: Int, inner: Int) -> [StyledLine] {
        let texts = TextFitting.wrap(message.text, width: max(inner - 2, 8))
        let capsule = max(texts.map(DisplayWidth.of).max() ?? 0, 1) + 2
        var lines: [StyledLine] = []
        for text in texts.isEmpty ? [""] : texts {
            lines.append([StyledRun("  ", style: TranscriptStyles.page), StyledRun("◖", style: TranscriptStyles.ownerEnd),
                          StyledRun(TextFitting.pad(" " + text, width: capsule), style: TranscriptStyles.owner),
                          StyledRun("◗", style: TranscriptStyles.ownerEnd)])
        }
        return lines + [[]]
    }

    public static func line(_ text: String, _ style: TextStyle) -> StyledLine {
        [StyledRun(text, style: style)]
    }

    /// A full-width line, so the owner's block reads as one washed capsule.
    public static func padded(_ text: String, _ style: TextStyle, width: Int) -> StyledLine {
        [StyledRun(TextFitting.pad(TextFitting.truncate(text, width: width), width: width), style: style)]
    }
}

/// The prepared rows, handed to the virtualized scroll view.
public struct PreparedRows: ScrollRowProvider, Sendable {
    public var rows: [[StyledLine]]

    public init(rows: [[StyledLine]]) { self.rows = rows }

    public var rowCount: Int { rows.count }
    public func height(ofRow row: Int, width: Int) -> Int { rows[row].count }
    public func lines(ofRow row: Int, width: Int) -> [StyledLine] { rows[row] }
}
