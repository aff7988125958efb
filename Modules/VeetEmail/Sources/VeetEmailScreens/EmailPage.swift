import Foundation
import VeetCurses
import VeetEmail
import VeetTokens

/// The reading page: the subject in the title style, "sender · date", the
/// gist behind a teal rule with the state and its reason, the messages as
/// text parted by hairlines (attachments as metadata, nothing remote), then
/// Teach Veetbot and "Your reply, drafted by Veetbot". Built as lines for a
/// width, so the page scrolls and the editor can sit in place below it.
enum EmailPage {
    static let title = TextStyle(attributes: .bold, foreground: .ink, background: .paper)
    static let rule = TextStyle(attributes: .bold, foreground: .teal, background: .paper)
    static let hairline = TextStyle(foreground: .hairline, background: .paper)
    static let strong = TextStyle(foreground: .hairlineStrong, background: .paper)
    static let card = TextStyle(foreground: .ink, background: .paperDeep)
    static let cardSoft = TextStyle(foreground: .inkSoft, background: .paperDeep)
    static let key = TextStyle(attributes: .bold, foreground: .tealText, background: .paper)
    static let capsule = TextStyle(attributes: .bold, foreground: .paper, background: .tealFill)

    /// The action keys the thread offers (only those its account's flags allow).
    static func actionLine(_ email: EmailScreen, _ thread: EmailThreadSummary) -> StyledLine {
        let actions = email.availability.actions(for: thread, account: email.account(thread.accountID))
        var line: StyledLine = []
        for action in actions {
            let label: String = switch action {
            case .archive: "e Archive in Gmail"
            case .unarchive: "u Move to Inbox"
            case .markHandled: "h Handled"
            case .markUnhandled: "h Not handled"
            case .reportSpam: "! Report spam"
            case .notSpam: "! Not spam"
            case .clearSuspicion: "n Not spam"
            }
            line.append(StyledRun(label, style: key))
            line.append(StyledRun("  ", style: EmailInbox.page))
        }
        for kind in InboxActionKind.allCases {
            if let reason = email.availability.deniedReason(kind, accountID: thread.accountID) {
                line.append(StyledRun(reason + "  ", style: EmailInbox.soft))
            }
        }
        return line
    }

    /// Rows the in-place editor takes.
    static func editorRows(_ reply: ReplyState, width: Int) -> Int {
        min(max(reply.input.lineCount(width: max(width - 2, 10)), 3), 10)
    }

    /// The page's lines and, while the reply is edited, the line the editor starts on.
    static func layout(_ email: EmailScreen, _ detail: EmailThreadDetail, width: Int) -> (lines: [StyledLine], editorLine: Int?) {
        let lines = lines(email, detail, width: width)
        guard let reply = email.reply, reply.editing, reply.editor.conflict == nil,
              let index = lines.firstIndex(where: { $0.first?.text == editorMark }) else { return (lines, nil) }
        var shown = lines
        shown.replaceSubrange(index...index, with: Array(repeating: [], count: editorRows(reply, width: width)))
        return (shown, index)
    }

    static let editorMark = "\u{1}editor"

    static func lines(_ email: EmailScreen, _ detail: EmailThreadDetail, width: Int) -> [StyledLine] {
        let thread = email.visibleThreads.first { $0.id == detail.id } ?? detail.thread
        let wrap = max(width - 2, 10)
        var lines: [StyledLine] = []
        func text(_ string: String, _ style: TextStyle, indent: String = "") {
            for line in TextFitting.wrap(string, width: wrap - indent.count) { lines.append([StyledRun(indent + line, style: style)]) }
        }
        lines.append(actionLine(email, thread))
        text(thread.subject.isEmpty ? "(no subject)" : thread.subject, title)
        let sender = detail.lastReceived?.sender ?? thread.senders.first ?? ""
        text(sender + (thread.updatedAt.map { " · " + EmailDates.short($0) } ?? ""), EmailInbox.soft)
        if let error = email.detailError { text("⚠ Could not refresh this conversation: \(error)", EmailInbox.failure) }
        lines.append([])
        for line in TextFitting.wrap(thread.summary, width: wrap - 2) {
            lines.append([StyledRun("┃ ", style: rule), StyledRun(line, style: EmailInbox.page)])
        }
        let state = EmailInbox.stateLine(thread, sendUncertain: email.sendUncertain.contains(thread.id))
        for line in TextFitting.wrap(state.text, width: wrap - 2) {
            lines.append([StyledRun("┃ ", style: rule), StyledRun(line, style: state.style)])
        }
        if thread.suspectedSpam && !thread.spamCleared {
            lines.append([StyledRun("┃ ", style: rule), StyledRun("Suspected spam", style: EmailInbox.failure),
                          StyledRun(" — the server suspects this mail; nothing was moved.", style: EmailInbox.soft)])
        }
        lines += subscriptionLines(email)
        if let blocked = thread.replyBlockedReason {
            lines.append([StyledRun("┃ ", style: rule), StyledRun("No reply drafted: " + blocked, style: EmailInbox.soft)])
        }
        for message in detail.messages {
            lines.append([StyledRun(String(repeating: "─", count: wrap), style: hairline)])
            let date = message.sentAt.map { " · " + EmailDates.short($0) } ?? ""
            lines += envelopeLines(email, message, date: date, width: wrap)
            let body = message.displayBody.trimmingCharacters(in: .whitespacesAndNewlines)
            text(body.isEmpty ? "(This message's text is no longer kept.)" : body, EmailInbox.page)
            for attachment in message.attachments {
                let size = attachment.size.map { ", " + ByteCountFormatter.string(fromByteCount: Int64($0), countStyle: .file) } ?? ""
                text("📎 \(attachment.filename) (\(attachment.mimeType)\(size); not downloaded)", EmailInbox.soft)
            }
        }
        lines.append([])
        lines += teachLines(email, width: wrap)
        lines.append([])
        lines += replyLines(email, width: wrap)
        return lines
    }

    /// "Teach Veetbot" on paperDeep: closed it offers `t`; open, the scoped form; after, what was applied and Undo.
    static func teachLines(_ email: EmailScreen, width: Int) -> [StyledLine] {
        func padded(_ text: String, _ style: TextStyle) -> StyledLine {
            [StyledRun(TextFitting.pad(TextFitting.truncate(" " + text, width: width), width: width), style: style)]
        }
        var lines = [padded("Teach Veetbot" + (email.feedback == nil ? "   t open" : ""), TextStyle(
            attributes: .bold, foreground: .ink, background: .paperDeep))]
        if let sheet = email.feedback {
            let scopes = FeedbackSheet.targets.map { target in
                let name = target == .thread ? "this thread" : target == .person ? "this person" : "this kind of content"
                return sheet.form.target == target ? "[\(name)]" : name
            }.joined(separator: "  ")
            lines.append(padded("About (←→): " + scopes, card))
            let choices = sheet.form.choices
            for (index, choice) in choices.enumerated() {
                let mark = sheet.form.value == choice ? "●" : (index == sheet.choice ? "›" : " ")
                lines.append(padded("  \(mark) \(choice)", card))
            }
            if !choices.isEmpty { lines.append(padded("↑↓ then Space chooses; a person is always chosen explicitly.", cardSoft)) }
            let judgments = FeedbackSheet.judgments.map { item in
                let chosen = sheet.form.judgment == item.judgment
                return chosen ? "[\(item.key) \(item.label)]" : "\(item.key) \(item.label)"
            }.joined(separator: "  ")
            lines.append(padded(judgments, card))
            lines.append(padded(sheet.problem ?? "Enter teaches   Esc closes", sheet.problem == nil ? cardSoft : TextStyle(
                attributes: .bold, foreground: .amberText, background: .paperDeep)))
        } else if let receipt = email.receipt {
            lines.append(padded(receipt.description + "   U Undo", card))
        }
        return lines
    }

    /// "Your reply, drafted by Veetbot": envelope and body in one box behind a strong hairline.
    static func replyLines(_ email: EmailScreen, width: Int) -> [StyledLine] {
        var lines: [StyledLine] = [[StyledRun("Your reply, drafted by Veetbot", style: title)]]
        guard let reply = email.reply else {
            let offer = email.detail?.thread.replyBlockedReason == nil ? "r draft a reply" : "no reply is drafted for this conversation"
            lines.append([StyledRun(offer, style: key)])
            return lines
        }
        let content = reply.content
        let open = email.showsCopies(MessageEnvelope.opensCopies(content))
        var envelope = MessageEnvelope.principal(content) + (open ? MessageEnvelope.copies(content) : [])
        if !open, let last = envelope.popLast() {
            lines.append([StyledRun(last.text, style: EmailInbox.soft), StyledRun("   c Cc, Bcc, subject", style: key)])
        }
        for line in envelope { lines.append([StyledRun(line.text, style: EmailInbox.soft)]) }
        lines.append([StyledRun(String(repeating: "━", count: width), style: strong)])
        if let conflict = reply.editor.conflict {
            lines.append([StyledRun("The draft changed on another device; both versions are kept.", style: EmailInbox.attention)])
            lines.append([StyledRun("Yours:", style: EmailInbox.bold)])
            for line in TextFitting.wrap(conflict.local.body, width: width) { lines.append([StyledRun(line, style: EmailInbox.page)]) }
            lines.append([StyledRun("On the server (revision \(conflict.server.revision)):", style: EmailInbox.bold)])
            for line in TextFitting.wrap(conflict.server.body, width: width) { lines.append([StyledRun(line, style: EmailInbox.page)]) }
            lines.append([StyledRun("k keep mine   o take the server's", style: key)])
            return lines
        }
        if reply.editing {
            lines.append([StyledRun(editorMark)])
        } else {
            for line in TextFitting.wrap(content.body, width: width) { lines.append([StyledRun(line, style: EmailInbox.page)]) }
        }
        lines.append([StyledRun(String(repeating: "━", count: width), style: strong)])
        let keys = reply.editing ? "Esc done (autosaves)" : "r edit here   E $EDITOR   "
        var footer: StyledLine = [StyledRun(keys, style: key)]
        if !reply.editing { footer.append(StyledRun(" s Review & Send ", style: capsule)) }
        if !reply.status.isEmpty { footer.append(StyledRun("  " + reply.status, style: EmailInbox.soft)) }
        lines.append(footer)
        if !reply.editing { lines += EmailDraftOptions.lines(email, width: width) }
        return lines
    }
}

extension EmailPage {
    /// The thread's subscription block, beside the gist, only on an account that
    /// offers unsubscribe assistance: what the sender offers, its state (the shell's
    /// words, from Subscriptions), and x when it can be unsubscribed now.
    static func subscriptionLines(_ email: EmailScreen) -> [StyledLine] {
        guard let offer = email.subscriptionOffer else { return [] }
        var line: StyledLine = [StyledRun("┃ ", style: rule), StyledRun("Bulk sender: " + offer.text, style: EmailInbox.soft)]
        if let label = offer.unsubscribeLabel { line.append(StyledRun("  x " + label, style: key)) }
        return [line]
    }
}

extension EmailPage {
    /// A message's From (with its date) and To; Cc, Bcc and the subject when open; its details on d.
    static func envelopeLines(_ email: EmailScreen, _ message: EmailMessage, date: String, width: Int) -> [StyledLine] {
        let principal = MessageEnvelope.principal(message)
        var lines: [StyledLine] = [[StyledRun("From: ", style: EmailInbox.soft), StyledRun(principal[0].value, style: EmailInbox.bold),
                                    StyledRun(date, style: EmailInbox.faint)]]
        var rest = Array(principal.dropFirst())
        if email.showsCopies(MessageEnvelope.opensCopies(message)) { rest += MessageEnvelope.copies(message) }
        for line in rest {
            for wrapped in TextFitting.wrap(line.text, width: width) { lines.append([StyledRun(wrapped, style: EmailInbox.soft)]) }
        }
        if email.detailsOpen {
            for line in MessageEnvelope.details(message) {
                for wrapped in TextFitting.wrap(line.text, width: width - 2) { lines.append([StyledRun("  " + wrapped, style: EmailInbox.faint)]) }
            }
        }
        return lines
    }
}
