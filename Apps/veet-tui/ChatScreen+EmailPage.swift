import Foundation
import VeetCurses
import VeetEmail

/// The reading page's keys: scrolling, Teach Veetbot, the reply (in place or
/// in $EDITOR), conflicts, Review & Send; and what those calls report.
extension ChatScreen {
    func handleEmailPage(_ key: KeyPress, _ email: inout EmailMode) -> Bool {
        if email.feedback != nil { return handleFeedbackSheet(key, &email) }
        guard let detail = email.detail else { return false }
        if let reply = email.reply, reply.editor.conflict != nil, key == .char("k") || key == .char("o") {
            email.reply?.status = ""
            _ = backend.resolveConflict(reply.session, keepingLocal: key == .char("k"), threadID: detail.id)
            return true
        }
        switch key {
        case KeyPress(.up) where email.focus == .page: email.pageScroll = max(email.pageScroll - 1, 0)
        case KeyPress(.down) where email.focus == .page: email.pageScroll += 1
        case KeyPress(.pageUp): email.pageScroll = max(email.pageScroll - max(terminal.height - 4, 1), 0)
        case KeyPress(.pageDown): email.pageScroll += max(terminal.height - 4, 1)
        case KeyPress(.escape) where email.focus == .page:
            email.focus = .list
            email.pagePushed = false
        case .char("t"):
            email.feedback = FeedbackSheet(form: FeedbackForm(thread: email.selectedThread ?? detail.thread))
            email.focus = .page
            email.pagePushed = true
            email.pageScroll = Int.max / 2
        case .char("x") where email.openSubscription != nil: openPageUnsubscribe(&email)
        case .char("U"):
            guard let receipt = email.receipt else { return true }
            email.message = "Undoing…"
            _ = backend.undoFeedback(receipt)
        case .char("r"):
            email.focus = .page
            email.pagePushed = true
            guard email.reply != nil else {
                guard detail.thread.replyBlockedReason == nil else {
                    email.message = "No reply is drafted for this conversation: \(detail.thread.replyBlockedReason ?? "")"
                    return true
                }
                email.message = "Veetbot is drafting a reply…"
                _ = backend.openDraft(threadID: detail.id, existing: nil)
                return true
            }
            guard email.reply?.editor.conflict == nil else { return true }
            email.reply?.editing = true
            email.focus = .editor
        case .char("E"):
            guard var reply = email.reply, reply.editor.conflict == nil else { return true }
            let result = ExternalEditor.edit(reply.input.text, environment: environment) { body in
                try terminal.runOutside(body)
            }
            terminal.invalidate()
            switch result {
            case .success(let text):
                reply.input = TextInput(text: text)
                reply.dirtySince = Date.distantPast
                email.reply = reply
                email.message = "Reply updated from the editor; saving."
            case .failure(let failure): email.message = failure.description
            }
        case .char("s"):
            guard let reply = email.reply, reply.editor.conflict == nil else {
                email.message = email.reply == nil ? "There is no reply to send yet (r drafts one)." : "Pick a version first (k or o)."
                return true
            }
            let flow = ReviewAndSend(api: backend.email, account: email.account(detail.thread.accountID))
            email.reply?.dirtySince = nil
            email.send = SendSheet(flow: flow)
            _ = backend.prepareSend(flow, session: reply.session, content: reply.content, threadID: detail.id,
                                    providerThreadID: detail.providerThreadID)
        default: return false
        }
        return true
    }

    private func handleFeedbackSheet(_ key: KeyPress, _ email: inout EmailMode) -> Bool {
        guard var sheet = email.feedback else { return false }
        let targets = FeedbackSheet.targets
        let current = targets.firstIndex(of: sheet.form.target) ?? 0
        sheet.problem = nil
        switch key {
        case KeyPress(.escape): email.feedback = nil; return true
        case KeyPress(.left): sheet.form.choose(target: targets[(current + targets.count - 1) % targets.count]); sheet.choice = 0
        case KeyPress(.right), KeyPress(.tab): sheet.form.choose(target: targets[(current + 1) % targets.count]); sheet.choice = 0
        case KeyPress(.up): sheet.choice = max(sheet.choice - 1, 0)
        case KeyPress(.down): sheet.choice = min(sheet.choice + 1, max(sheet.form.choices.count - 1, 0))
        case .char(" "): if let value = sheet.form.choices[safe: sheet.choice] { sheet.form.choose(value: value) }
        case KeyPress(.enter):
            switch sheet.form.request() {
            case .success(let request):
                email.feedback = nil
                email.message = "Teaching Veetbot…"
                _ = backend.teach(request)
                return true
            case .failure(.noJudgment): sheet.problem = "Choose a judgment first (1–4)."
            case .failure(.needsChoice): sheet.problem = "Choose who or what this is about first (↑↓, Space)."
            case .failure(.noCandidates): sheet.problem = "This conversation offers nothing to choose for that; pick another."
            }
        default:
            if let item = FeedbackSheet.judgments.first(where: { key == .char($0.key) }) { sheet.form.judgment = item.judgment }
        }
        email.feedback = sheet
        return true
    }

    func handleReplyEditor(_ key: KeyPress, _ email: inout EmailMode) {
        guard email.reply != nil else { email.focus = .page; return }
        if key == KeyPress(.escape) {
            email.reply?.editing = false
            email.focus = .page
            state.email = email
            saveReplyNow()
            email = state.email ?? email
            return
        }
        if email.reply?.input.handle(.key(key), policy: .editor) == .edited {
            email.reply?.dirtySince = Date()
            email.reply?.status = "Editing"
        }
    }

    func handleSendSheet(_ key: KeyPress, _ email: inout EmailMode) {
        guard let sheet = email.send else { return }
        switch key {
        case .char("a"):
            guard case .verified = sheet.stage, !sheet.approving, sheet.outcome == nil, let threadID = email.detail?.id else { return }
            email.send?.approving = true
            _ = backend.approveSend(sheet.flow, threadID: threadID)
        case KeyPress(.escape):
            guard !sheet.approving || sheet.outcome != nil else { return }
            if sheet.outcome == .sent, let id = email.detail?.id { _ = backend.loadEmailThread(id: id) }
            email.send = nil
            if sheet.outcome == nil { email.message = "Not sent." }
        default: break
        }
    }

    /// The page's updates (the list's are in `apply(_: EmailUpdate)`).
    func applyPage(_ update: EmailUpdate, _ email: inout EmailMode) {
        switch update {
        case .feedbackApplied(let receipt, let thread):
            email.receipt = receipt
            email.message = receipt.description
            replaceRow(thread, &email)
        case .feedbackUndone(let thread):
            email.receipt = nil
            email.message = "Undone: the feedback no longer applies."
            replaceRow(thread, &email)
        case .draftOpened(let threadID, let session, let editor):
            guard threadID == email.detail?.id else { return }
            email.reply = ReplyState(session: session, editor: editor)
            email.reply?.editing = true
            email.focus = .editor
            email.message = ""
        case .draftSaved(let threadID, let editor, let status):
            guard threadID == email.detail?.id, email.reply != nil else { return }
            email.reply?.saving = false
            email.reply?.editor = editor
            if !status.isEmpty { email.reply?.status = status }
            // A conflict pick that took the server's text puts it in the editor.
            if editor.conflict == nil, email.reply?.dirtySince == nil, email.reply?.input.text != editor.local.body {
                email.reply?.input = TextInput(text: editor.local.body)
            }
        case .sendStage(let threadID, let stage):
            guard threadID == email.detail?.id else { return }
            email.send?.stage = stage
        case .sendOutcome(let threadID, let outcome):
            guard threadID == email.detail?.id else { return }
            email.send?.outcome = outcome
            email.send?.approving = false
            email.message = outcome.description
        case .message(let text): email.message = text
        default: break
        }
    }

    private func replaceRow(_ thread: EmailThreadSummary, _ email: inout EmailMode) {
        email.important.restore(thread.id, updated: thread)
        email.other.restore(thread.id, updated: thread)
        if email.detail?.id == thread.id { email.detail?.thread = thread }
    }
}
