import Foundation
import VeetCurses
import VeetEmail

/// The reading page's keys: scrolling, Teach Veetbot, the reply (in place or
/// in $EDITOR through the shell), conflicts, Review & Send; and what those calls report.
extension EmailScreen {
    mutating func pressPage(_ key: KeyPress) -> Bool {
        if feedback != nil { return pressFeedback(key) }
        guard let detail else { return false }
        if let reply, reply.editor.conflict != nil, key == .char("k") || key == .char("o") {
            self.reply?.status = ""
            run(.resolveConflict(reply.session, keepingLocal: key == .char("k"), threadID: detail.id))
            return true
        }
        switch key {
        case KeyPress(.up) where focus == .page: pageScroll = max(pageScroll - 1, 0)
        case KeyPress(.down) where focus == .page: pageScroll += 1
        case KeyPress(.pageUp): pageScroll = max(pageScroll - max(height - 4, 1), 0)
        case KeyPress(.pageDown): pageScroll += max(height - 4, 1)
        case KeyPress(.escape) where focus == .page:
            focus = .list
            pagePushed = false
        case .char("t"):
            feedback = FeedbackSheet(form: FeedbackForm(thread: selectedThread ?? detail.thread))
            focus = .page
            pagePushed = true
            pageScroll = Int.max / 2
        case .char("x") where subscriptionOffer != nil: queuedRoute = .unsubscribe(detail, accounts)
        case _ where pressOption(key, detail): break
        case .char("U"):
            guard let receipt else { return true }
            message = "Undoing…"
            run(.undo(receipt))
        case .char("r"):
            focus = .page
            pagePushed = true
            guard reply != nil else {
                guard detail.thread.replyBlockedReason == nil else {
                    message = "No reply is drafted for this conversation: \(detail.thread.replyBlockedReason ?? "")"
                    return true
                }
                message = "Veetbot is drafting a reply…"
                run(.openDraft(threadID: detail.id, existing: nil))
                return true
            }
            guard reply?.editor.conflict == nil else { return true }
            reply?.editing = true
            focus = .editor
        case .char("E"):
            guard let reply, reply.editor.conflict == nil else { return true }
            queuedRoute = .editExternally(reply.input.text)
        case .char("s"):
            guard let reply, reply.editor.conflict == nil else {
                message = reply == nil ? "There is no reply to send yet (r drafts one)." : "Pick a version first (k or o)."
                return true
            }
            self.reply?.dirty = false
            send = SendSheet()
            run(.prepareSend(reply.session, reply.content, threadID: detail.id, providerThreadID: detail.providerThreadID,
                             account: account(detail.thread.accountID)))
        default: return false
        }
        return true
    }

    private mutating func pressFeedback(_ key: KeyPress) -> Bool {
        guard var sheet = feedback else { return false }
        let targets = FeedbackSheet.targets
        let current = targets.firstIndex(of: sheet.form.target) ?? 0
        sheet.problem = nil
        switch key {
        case KeyPress(.escape): feedback = nil; return true
        case KeyPress(.left): sheet.form.choose(target: targets[(current + targets.count - 1) % targets.count]); sheet.choice = 0
        case KeyPress(.right), KeyPress(.tab): sheet.form.choose(target: targets[(current + 1) % targets.count]); sheet.choice = 0
        case KeyPress(.up): sheet.choice = max(sheet.choice - 1, 0)
        case KeyPress(.down): sheet.choice = min(sheet.choice + 1, max(sheet.form.choices.count - 1, 0))
        case .char(" "): if let value = sheet.form.choices[safe: sheet.choice] { sheet.form.choose(value: value) }
        case KeyPress(.enter):
            switch sheet.form.request() {
            case .success(let request):
                feedback = nil
                message = "Teaching Veetbot…"
                run(.teach(request))
                return true
            case .failure(.noJudgment): sheet.problem = "Choose a judgment first (1–4)."
            case .failure(.needsChoice): sheet.problem = "Choose who or what this is about first (↑↓, Space)."
            case .failure(.noCandidates): sheet.problem = "This conversation offers nothing to choose for that; pick another."
            }
        default:
            if let item = FeedbackSheet.judgments.first(where: { key == .char($0.key) }) { sheet.form.judgment = item.judgment }
        }
        feedback = sheet
        return true
    }

    mutating func pressEditor(_ key: KeyPress) {
        guard reply != nil else { focus = .page; return }
        if key == KeyPress(.escape) {
            reply?.editing = false
            focus = .page
            saveReplyNow()
            return
        }
        if reply?.input.handle(.key(key), policy: .editor) == .edited {
            edited()
            reply?.status = "Editing"
        }
    }

    mutating func pressSendSheet(_ key: KeyPress) {
        guard let sheet = send else { return }
        switch key {
        case .char("a"):
            guard case .verified = sheet.stage, !sheet.approving, sheet.outcome == nil, let flow = sheet.flow,
                  let threadID = detail?.id else { return }
            send?.approving = true
            run(.approve(flow, threadID: threadID))
        case KeyPress(.escape):
            guard !sheet.approving || sheet.outcome != nil else { return }
            if sheet.outcome == .sent, let id = detail?.id { run(.loadThread(id: id)) }
            send = nil
            if sheet.outcome == nil { message = "Not sent." }
        default: break
        }
    }

    /// The page's answers (the list's are in `apply`).
    mutating func applyPage(_ result: EmailScreenResult) {
        switch result {
        case .feedbackApplied(let receipt, let thread):
            self.receipt = receipt
            message = receipt.description
            replaceRow(thread)
        case .feedbackUndone(let thread):
            receipt = nil
            message = "Undone: the feedback no longer applies."
            replaceRow(thread)
        case .draftOpened(let threadID, let session, let editor):
            guard threadID == detail?.id else { return }
            reply = ReplyState(session: session, editor: editor)
            reply?.editing = true
            focus = .editor
            message = ""
        case .draftSaved(let threadID, let editor, let status):
            guard threadID == detail?.id, reply != nil else { return }
            reply?.saving = false
            reply?.editor = editor
            if !status.isEmpty { reply?.status = status }
            // A conflict pick that took the server's text puts it in the editor.
            if editor.conflict == nil, reply?.dirty == false, reply?.input.text != editor.local.body {
                reply?.input = TextInput(text: editor.local.body)
            }
        case .sendFlow(let threadID, let flow):
            guard threadID == detail?.id else { return }
            send?.flow = flow
        case .sendStage(let threadID, let stage):
            guard threadID == detail?.id else { return }
            send?.stage = stage
        case .sendOutcome(let threadID, let outcome):
            guard threadID == detail?.id else { return }
            send?.outcome = outcome
            send?.approving = false
            if outcome == .unknown { sendUncertain.insert(threadID) }
            message = outcome.description
        case .message(let text): message = text
        case .edited(let text):
            guard reply != nil else { return }
            reply?.input = TextInput(text: text)
            reply?.dirty = true
            message = "Reply updated from the editor; saving."
            queuedTick = 0
        case .threadChanged:
            if let id = detail?.id { run(.loadThread(id: id)) }
        case .openThread(let id):
            select(id)
            pagePushed = true
            focus = .page
        case .openSubscriptions:
            if accounts.isEmpty { message = "Press S for Subscriptions once the accounts are read." }
            else { queuedRoute = .openSubscriptions(accounts) }
        default: applyOption(result)
        }
    }

    private mutating func replaceRow(_ thread: EmailThreadSummary) {
        important.restore(thread.id, updated: thread)
        other.restore(thread.id, updated: thread)
        if detail?.id == thread.id { detail?.thread = thread }
    }
}
