import Foundation
import VeetChat
import VeetCurses
import VeetTokens
import VeetWire

/// An approval a turn is suspended on, docked above the composer (`ticket` and
/// `work`: the shell's numbers for the suspended turn and its run).
public struct DockedApproval: Sendable {
    public var approval: ApprovalView
    public var ticket: Int
    public var work: Int
    /// The feature's `browser.act` card, when it is one.
    public var card: BrowserActCard?
    /// "Allow for this task" in the chat feature's two steps: `t` shows the offer's scope and limits, `y` confirms.
    public var taskPermission: TaskPermissionStep
    /// `v`: every argument whole instead of a few one-line ones.
    public var argumentsExpanded = false
    /// The first expanded line shown (the settle step keeps it inside the arguments).
    public var argumentScroll = 0
    /// The decision on its way to the server: the card shows it and takes no other press.
    public var sending: ApprovalAnswer?
    /// Why the last decision was not taken (the card is actionable again).
    public var problem: String?

    public init(approval: ApprovalView, ticket: Int, work: Int) {
        self.approval = approval
        self.ticket = ticket
        self.work = work
        card = BrowserActCard(approval)
        taskPermission = TaskPermissionStep(approval: approval, card: card)
    }
}

/// The approval docked above the composer. A `browser.act` approval shows
/// the feature's card (action, element, page, website text quoted); when the
/// server offered a task permission, "Allow for this task" is two steps:
/// `t` shows the offer's scope and limits, `y` confirms. Any other approval
/// shows its arguments by VeetChat's `ApprovalArgumentLayout` (the CLI's rule):
/// a few one-line arguments, and `v` for all of them whole, scrolled with ↑/↓.
public enum ApprovalDock {
    /// The dock's height: what it has to show, at most `limit` rows.
    public static func height(_ docked: DockedApproval, width: Int, limit: Int) -> Int {
        if docked.card != nil { return docked.taskPermission.isConfirming ? 9 : 7 }
        let needed = lines(docked, width: max(width - 2, 1), focused: true).count + 2
        return min(max(needed, 5), max(limit, 5))
    }

    /// The expanded arguments' first shown line, kept inside what there is to scroll.
    public static func clampedScroll(_ docked: DockedApproval, rect: GridRect) -> Int {
        let inside = rect.inset(by: 1)
        let bodyCount = lines(docked, width: inside.width, focused: true).count - 1
        return min(max(docked.argumentScroll, 0), max(bodyCount - max(inside.height - 1, 0), 0))
    }

    /// The lines inside the box, top to bottom; the key line comes last.
    public static func lines(_ docked: DockedApproval, width: Int, focused: Bool) -> [StyledLine] {
        let fill = TextStyle(foreground: .ink, background: .amberWash)
        let strong = TextStyle(attributes: .bold, foreground: .ink, background: .amberWash)
        let keyStyle = TextStyle(attributes: .bold, foreground: .tealText, background: .amberWash)
        let faint = TextStyle(foreground: .inkFaint, background: .amberWash)
        let approval = docked.approval
        let risk = ToolRisk(approval.risk).map { "\($0)" } ?? approval.risk.rawValue.lowercased()
        var body: [StyledLine] = []
        var keys: [(String, String)]
        if let card = docked.card, let offer = card.taskOffer, docked.taskPermission.isConfirming {
            body.append([StyledRun("Allow all routine actions on " + offer.siteScope + " for this task?", style: strong)])
            body += TextFitting.wrap(offer.limits, width: width).map { [StyledRun($0, style: fill)] }
            body += TextFitting.wrap(offer.exceptions, width: width).map { [StyledRun($0, style: fill)] }
            keys = [("y", " allow for this task   "), ("Esc", " back   ")]
        } else if let card = docked.card {
            body.append([StyledRun(approval.toolName ?? "browser.act", style: strong),
                         StyledRun("  risk: " + risk, style: TextStyle(foreground: .amberText, background: .amberWash))])
            body += TextFitting.wrap(card.headline, width: width).map { [StyledRun($0, style: fill)] }
            let consequence = card.consequence.map { "Consequence: " + $0.replacingOccurrences(of: "_", with: " ") }
            for extra in [consequence, card.notCoveredExplanation].compactMap({ $0 }) {
                body += TextFitting.wrap(extra, width: width).map { [StyledRun($0, style: fill)] }
            }
            keys = [("a", " approve once   ")]
            if docked.taskPermission == .offered { keys.append(("t", " allow for this task   ")) }
            keys.append(("d", " deny   "))
        } else {
            body.append([StyledRun(approval.toolName ?? "tool", style: strong),
                         StyledRun("  risk: " + risk, style: TextStyle(foreground: .amberText, background: .amberWash))])
            body += TextFitting.wrap(approval.actionSummary, width: width).map { [StyledRun($0, style: fill)] }
            let layout = ApprovalArgumentLayout.standard
            let collapsed = layout.collapsed(approval.arguments)
            if docked.argumentsExpanded {
                for line in layout.expanded(approval.arguments) {
                    body += TextFitting.wrap(line, width: width).map { [StyledRun($0, style: fill)] }
                }
                if let note = ApprovalArgumentLayout.serverCutNote(approval.arguments) {
                    body += TextFitting.wrap(note, width: width).map { [StyledRun($0, style: faint)] }
                }
                // "↑↓ scroll" is added by `draw`, only when the arguments overflow the dock.
                keys = [("a", " approve once   "), ("d", " deny   "), ("v", " fewer   ")]
            } else {
                body += collapsed.lines.map { [StyledRun(TextFitting.truncate($0, width: width), style: fill)] }
                if let more = collapsed.moreText { body.append([StyledRun(more, style: faint)]) }
                keys = [("a", " approve once   "), ("d", " deny   ")]
                if collapsed.canExpand { keys.append(("v", " all arguments   ")) }
            }
        }
        if let problem = docked.problem {
            let red = TextStyle(attributes: .bold, foreground: .red, background: .amberWash)
            body += TextFitting.wrap("Not decided: " + problem + " Choose again.", width: width).map { [StyledRun($0, style: red)] }
        }
        if let sending = docked.sending {
            // The chosen decision travels; its keys are gone so a second press cannot send another.
            return body + [[StyledRun(progressText(sending), style: strong)]]
        }
        var keyLine = keys.flatMap { [StyledRun($0.0, style: keyStyle), StyledRun($0.1, style: fill)] }
        if !focused { keyLine.append(StyledRun("(Tab to focus the approval)", style: TranscriptStyles.faint)) }
        return body + [keyLine]
    }

    /// The words while a decision is on its way (docs/tui.md).
    public static func progressText(_ answer: ApprovalAnswer) -> String {
        switch answer {
        case .approveOnce: "Approving…"
        case .approveForTask: "Allowing…"
        case .deny: "Denying…"
        case .leavePending: "…"
        }
    }

    public static func draw(_ docked: DockedApproval, in grid: inout ScreenGrid, rect: GridRect, focused: Bool) {
        let fill = TextStyle(foreground: .ink, background: .amberWash)
        let title = docked.card == nil ? " Approval needed " : " Website action needs you "
        let inside = Box.draw(in: &grid, rect: rect, title: title, fill: fill,
                              border: TextStyle(foreground: .amberLine, background: .amberWash),
                              titleStyle: TextStyle(attributes: .bold, foreground: .amberText, background: .amberWash))
        guard inside.height > 0 else { return }
        var lines = lines(docked, width: inside.width, focused: focused)
        // The key line always shows: the body gives way first (scrolled when expanded).
        if lines.count > inside.height, var keys = lines.last {
            let body = lines.dropLast()
            let visible = max(inside.height - 1, 0)
            let first = docked.argumentsExpanded ? clampedScroll(docked, rect: rect) : 0
            if docked.argumentsExpanded, visible > 0 {
                keys += [StyledRun("↑↓", style: TextStyle(attributes: .bold, foreground: .tealText, background: .amberWash)),
                         StyledRun(" scroll   ", style: fill)]
                keys.append(StyledRun("  \(first + 1)–\(first + visible) of \(body.count)",
                                      style: TextStyle(foreground: .inkFaint, background: .amberWash)))
            }
            lines = Array(body.dropFirst(first).prefix(visible)) + [keys]
        }
        for (index, line) in lines.prefix(inside.height).enumerated() {
            _ = grid.put(line, row: inside.row + index, column: inside.column, limit: inside.right)
        }
    }
}
