import VeetChat
import VeetCurses
import VeetTerminal
import VeetTokens

/// An opened tool call or bundle: every call with its exact name, status,
/// risk, arguments (indented JSON), result (as VeetChat's `ToolResultView`
/// says: terminal output, a file with numbered lines, an outcome, JSON or
/// text) and settled approval, all whole and wrapped. Taller than
/// `height` lines, it shows a window of them with a line saying where it is
/// and how to move (`ChatScreen.scrollLedger`); nothing is cut without that line.
public enum ToolLedger {
    public static let bar = "    │ "

    /// The ledger's lines (`total`: how many it has in all, more than shown when windowed).
    public static func lines(_ bundle: ToolBundle, width: Int, height: Int = .max, offset: Int = 0)
        -> (lines: [StyledLine], total: Int) {
        let texts = texts(bundle, width: max(width - 2 - DisplayWidth.of(bar), 10))
        let window = max(height - 1, 3)
        guard texts.count > height else { return (texts.map { styled($0, width: width) }, texts.count) }
        let first = min(max(offset, 0), texts.count - window)
        let shown = texts[first..<first + window].map { styled($0, width: width) }
        let where_ = "lines \(first + 1)–\(first + window) of \(texts.count) · ↑↓ line, [ ] page"
        return (shown + [styled(LedgerText(where_, .note), width: width)], texts.count)
    }

    /// The furthest first line of a ledger of `total` lines shown `height` at a time.
    public static func maxOffset(total: Int, height: Int) -> Int {
        total > height ? total - max(height - 1, 3) : 0
    }

    /// One line of the ledger and its look.
    public struct LedgerText: Sendable {
        public enum Look: Sendable { case plain, heading, error, note }
        public var text: String
        public var look: Look
        public init(_ text: String, _ look: Look = .plain) {
            self.text = text
            self.look = look
        }
    }

    public static func texts(_ bundle: ToolBundle, width: Int) -> [LedgerText] {
        var texts: [LedgerText] = []
        for (index, call) in bundle.calls.enumerated() {
            if index > 0 { texts.append(LedgerText("")) }
            texts += self.texts(call.detail, width: width)
        }
        // An approval the stream tied to no call counts toward the bundle's highest risk: show its own.
        for card in bundle.approvals {
            let parts = ["✓ " + card.decisionText, card.toolName, card.risk.map { "risk \($0)" }]
            texts.append(LedgerText(parts.compactMap { $0 }.joined(separator: " · ")))
        }
        return texts
    }

    public static func texts(_ call: ToolCallDetail, width: Int) -> [LedgerText] {
        var texts: [LedgerText] = []
        func add(_ text: String, indent: Int = 0, _ look: LedgerText.Look = .plain) {
            texts += wrapped(text, indent: indent, width: width).map { LedgerText($0, look) }
        }
        add("\(call.name)  ·  \(call.status)  ·  risk \(call.risk)", .heading)
        if !call.arguments.isEmpty {
            add(call.argumentsAreRaw ? "arguments (as the model wrote them; they did not parse)" : "arguments", .note)
            call.arguments.forEach { add($0, indent: 2) }
        }
        let external = call.resultIsExternal ? " · third-party text, shown as data" : ""
        switch call.result {
        case .pending:
            add("result: not yet", .note)
        case .empty:
            add("result: empty" + external, .note)
        case .terminal(let output):
            add("output" + external, .note)
            if let command = output.command { add("$ " + command, indent: 2) }
            output.stdout.forEach { add($0, indent: 2) }
            output.stderr.forEach { add($0, indent: 2, .error) }
            if let code = output.exitCode { add("exit code \(code)", indent: 2, code == 0 ? .note : .error) }
            if !output.otherFields.isEmpty {
                add("other fields", indent: 2, .note)
                output.otherFields.forEach { add($0, indent: 4) }
            }
        case .file(let file):
            add("file" + external, .note)
            var facts = [file.path]
            if file.created == true { facts.append("created") }
            if let bytes = file.byteCount { facts.append(byteText(bytes)) }
            add(facts.joined(separator: " · "), indent: 2)
            if let checksum = file.checksum { add("checksum " + checksum, indent: 2, .note) }
            switch file.contents {
            case .text(let lines):
                let numberWidth = String(lines.count).count
                for (number, line) in lines.enumerated() {
                    let label = String(repeating: " ", count: numberWidth - String(number + 1).count) + "\(number + 1)"
                    texts += wrapped(label + "  " + line, indent: 2, hangingBy: numberWidth + 2, width: width)
                        .map { LedgerText($0) }
                }
                if file.contentsFromArguments { add("(the text the call wrote, from its arguments)", indent: 2, .note) }
            case .binary:
                add("binary" + (file.byteCount.map { ", " + byteText($0) } ?? "") + ": not shown as text", indent: 2, .note)
            case .notIncluded:
                add("the result does not include the file's contents", indent: 2, .note)
            }
            if !file.otherFields.isEmpty {
                add("other fields", indent: 2, .note)
                file.otherFields.forEach { add($0, indent: 4) }
            }
        case .outcome(let outcome):
            add("outcome" + external, .note)
            if let message = outcome.message { add(message, indent: 2, .error) }
            outcome.document.forEach { add($0, indent: 2) }
            if !outcome.externalDetail.isEmpty {
                add("what the service said (third-party text, shown as data)", indent: 2, .note)
                outcome.externalDetail.forEach { add($0, indent: 4) }
            }
        case .json(let lines):
            add("result" + external, .note)
            lines.forEach { add($0, indent: 2) }
        case .text(let lines):
            add("result" + external, .note)
            lines.forEach { add($0, indent: 2) }
        }
        if let decision = call.decision { add("✓ " + decision, .note) }
        return texts
    }

    /// `text` after `indent` spaces, keeping its own leading spaces, wrapped
    /// to `width`; continuation lines hang `hangingBy` columns further in
    /// (two by default), so a wrapped JSON line still reads as one.
    public static func wrapped(_ text: String, indent: Int, hangingBy hang: Int = 2, width: Int) -> [String] {
        let own = text.prefix { $0 == " " }.count
        let lead = String(repeating: " ", count: indent + own)
        let body = String(text.dropFirst(own))
        guard !body.isEmpty else { return [lead] }
        let room = max(width - indent - own - hang, 8)
        let pieces = TextFitting.wrap(body, width: room)
        let hanging = lead + String(repeating: " ", count: hang)
        return pieces.enumerated().map { $0.offset == 0 ? lead + $0.element : hanging + $0.element }
    }

    /// "1 byte", "2,780 bytes".
    public static func byteText(_ count: Int64) -> String {
        guard count != 1 else { return "1 byte" }
        var digits = String(count.magnitude)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return (count < 0 ? "-" : "") + digits + grouped + " bytes"
    }

    private static func styled(_ text: LedgerText, width: Int) -> StyledLine {
        let style: TextStyle = switch text.look {
        case .plain: TranscriptStyles.ledger
        case .heading: TranscriptStyles.ledgerHeading
        case .error: TranscriptStyles.ledgerError
        case .note: TranscriptStyles.ledgerNote
        }
        let room = max(width - 2 - DisplayWidth.of(bar), 1)
        return [StyledRun(bar, style: TranscriptStyles.ledger),
                StyledRun(TextFitting.pad(text.text, width: room), style: style)]
    }

    /// An opened approval card: its tool, summary and every argument whole
    /// (VeetChat's `ApprovalArgumentLayout`, as the dock and the CLI show them), wrapped.
    public static func lines(approvalArguments card: ApprovalCard, width: Int) -> [StyledLine] {
        let inner = max(width - 8, 10)
        var texts = [[card.toolName, card.risk.map { "risk \($0)" }].compactMap { $0 }.joined(separator: "  ")]
        if let summary = card.actionSummary { texts.append(summary) }
        if let arguments = card.arguments {
            texts += ApprovalArgumentLayout.standard.expanded(arguments)
            if let note = ApprovalArgumentLayout.serverCutNote(arguments) { texts.append(note) }
        } else {
            texts.append("(arguments not read yet)")
        }
        return texts.filter { !$0.isEmpty }.flatMap { TextFitting.wrap($0, width: inner) }.map {
            TranscriptRowCache.padded(bar + $0, TranscriptStyles.ledger, width: width - 2)
        }
    }
}
