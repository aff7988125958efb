import Foundation

// Review & Send (docs/wire/email.md §9): a proposal parks a send run on an approval
// whose arguments are the exact message (strings over 512 characters cut, with
// `argument_digests`); approving it sends, denying it returns the draft to `ready`.
extension EmailHandlers {
    func proposeSend(_ raw: String) throws -> JSON {
        let f = try fields(["expected_revision"])
        let expected = try expectedRevision(f)
        let found = try draft(raw)
        try checkBudget()
        guard let thread = email.threads[found.threadID], let account = email.account(found.accountID) else {
            throw APIFailure.notFound("email draft")
        }
        guard expected == found.revision else { throw APIFailure.conflict("The draft changed since it was read.") }
        guard thread.revision == found.sourceRevision else { throw APIFailure.conflict("The draft is stale.") }
        // The same revision already parked on its approval: proposing it again answers that send
        // (docs/wire/email.md §9 refuses only sending, sent, uncertain, discarded, or another revision in flight).
        if found.status == "awaiting_approval", let approvalID = found.approvalID, let runID = found.runID,
           let run = state.runs[runID], run.status == .waitingForApproval {
            return ["draft": email.view(found), "run_id": .string(runID), "status": .string(run.status.rawValue),
                    "approval_id": .string(approvalID)]
        }
        guard ["ready", "failed"].contains(found.status) else {
            throw APIFailure.conflict("The draft cannot be sent in its current state.")
        }
        let run = state.startEmailRun(prompt: "Send an email reply")
        email.sendRuns[run.id] = found.id
        found.status = "awaiting_approval"
        found.runID = run.id
        found.sendClaimID = Identifier.make()
        if options.emailLateApproval {
            return ["run_id": .string(run.id), "draft": email.view(found)]
        }
        let approval = parkOnApproval(found, run: run, account: account)
        return ["draft": email.view(found), "run_id": .string(run.id), "status": .string(run.status.rawValue),
                "approval_id": .string(approval.id)]
    }

    /// The send run waits on an approval naming the exact message.
    @discardableResult
    func parkOnApproval(_ found: EmailState.Draft, run: RunRecord, account: EmailState.Account) -> ApprovalRecord {
        let alteration = email.alteredProposals.isEmpty ? nil : email.alteredProposals.removeFirst()
        let bcc = found.bcc + (alteration == .recipient ? [EmailState.unseenRecipient] : [])
        let arguments: JSON = [
            "to": .array(found.to.map { .string($0) }), "cc": .array(found.cc.map { .string($0) }),
            "bcc": .array(bcc.map { .string($0) }), "subject": .string(found.subject),
            "body": .string(found.body), "thread_id": .string(found.providerThreadID),
            "in_reply_to": .string(found.inReplyTo), "references": .array(found.references.map { .string($0) }),
        ]
        let tool = ToolProposal(
            name: account.sendToolName, callID: "send-\(found.id.prefix(8))", arguments: arguments, risk: "HIGH",
            policyReason: "policy.matrix.email_send",
            actionSummary: "Send this reply from \(account.label) (\(account.address)).")
        let approval = ApprovalRecord(id: Identifier.make(), runID: run.id, sessionID: run.sessionID, tool: tool,
                                      createdAt: now)
        if alteration == .noDigest { approval.argumentDigests = [] }
        approval.showsTaskFields = false
        state.approvals[approval.id] = approval
        state.markEmailRunRunning(run)
        run.pendingApprovalID = approval.id
        run.status = .waitingForApproval
        state.append("run.waiting_for_approval",
                     ["suspension": ["approval_id": .string(approval.id), "kind": "approval"]], to: run)
        state.append("approval.requested", ["approval_id": .string(approval.id)], to: run)
        found.approvalID = approval.id
        return approval
    }

    /// With `emailLateApproval`, a queued send gets its approval when the draft is next read.
    func parkLateSend(_ draft: EmailState.Draft) {
        guard draft.status == "awaiting_approval", draft.approvalID == nil, let runID = draft.runID,
              let run = state.runs[runID], run.status == .queued, let account = email.account(draft.accountID) else { return }
        parkOnApproval(draft, run: run, account: account)
    }

    /// Saving or discarding cancels the parked send of the old revision.
    func cancelParkedSend(_ draft: EmailState.Draft) {
        if let runID = draft.runID, let run = state.runs[runID], !run.status.isTerminal {
            state.cancelImmediately(run)
        }
        if let runID = draft.runID { email.sendRuns[runID] = nil }
        draft.sendClaimID = nil
    }

    /// A `sending` draft reaches its outcome on the next read.
    func settleSend(_ draft: EmailState.Draft) {
        guard draft.status == "sending" else { return }
        if draft.settlesAfterReads > 0 {
            draft.settlesAfterReads -= 1
            return
        }
        switch draft.pendingOutcome {
        case .succeed:
            draft.status = "sent"
            guard let thread = email.threads[draft.threadID], let account = email.account(draft.accountID) else { return }
            let header = "<sent.\(draft.id.prefix(8)).\(draft.revision)@mail.example.test>"
            thread.messages.append(.init(
                id: String(format: "18e%013x", thread.messages.count + 1), sender: "Robin Hart <\(account.address)>",
                to: draft.to, cc: draft.cc, subject: draft.subject, body: draft.body, sentAt: now,
                messageIDHeader: header, inReplyTo: draft.inReplyTo, references: draft.references, labels: ["SENT"],
                direction: "sent"))
            thread.revision += 1
            thread.updatedAt = now
            thread.assessedNeedsReply = false
        case .fail: draft.status = "failed"
        case .uncertain: draft.status = "uncertain"
        }
        draft.updatedAt = now
    }
}

extension Router {
    /// Called when an approval's run would resume: true when the run is an email
    /// send, which is settled here rather than by the scripted agent.
    func emailSendResolved(_ run: RunRecord, in state: StoreState) -> Bool {
        guard let draftID = state.email.sendRuns[run.id] else { return false }
        state.email.sendRuns[run.id] = nil
        guard let draft = state.email.drafts[draftID] else {
            state.endEmailRun(run, failed: "The draft no longer exists.")
            return true
        }
        draft.runID = nil
        draft.approvalID = nil
        draft.sendClaimID = nil
        guard run.lastDecision != "deny" else {
            draft.status = "ready"
            state.endEmailRun(run, failed: nil)
            return true
        }
        let outcome = state.email.takeOutcome(default: options.emailSendOutcome)
        draft.status = "sending"
        draft.pendingOutcome = outcome
        draft.settlesAfterReads = 1
        state.endEmailRun(run, failed: outcome == .fail ? "Gmail refused the message." : nil)
        return true
    }
}
