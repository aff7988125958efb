import Foundation

// The asynchronous commands and their operations (docs/wire/email.md §8.2, §10.1, §11, §13).
// An operation moves one step per read (of itself, or of what it changes):
// QUEUED → RUNNING → its outcome (`EmailOutcome`, forced by a control or configured).
extension EmailHandlers {
    static let inboxFailure = "Gmail refused the label change."
    static let inboxUncertain = "Gmail did not confirm the change; check Gmail before trying again."
    static let refreshFailure = "Gmail refused the connection: the account's authorization has expired."

    func newOperation(_ kind: EmailState.Operation.Kind, prompt: String) -> EmailState.Operation {
        let run = state.startEmailRun(prompt: prompt)
        let operation = EmailState.Operation(
            id: Identifier.make(), runID: run.id, kind: kind, outcome: email.takeOutcome(default: options.emailOperations))
        email.operations[operation.id] = operation
        return operation
    }

    /// Archive / move to Inbox (`spam: false`) or Report spam / Not spam (`spam: true`).
    func inboxCommand(_ raw: String, spam isSpamRoute: Bool) throws -> JSON {
        let flag = isSpamRoute ? "spam" : "archived"
        let f = try fields(["expected_revision", flag, "idempotency_key"])
        let expected = try expectedRevision(f)
        let wanted = try strictBool(f, flag)
        guard let key = f["idempotency_key"]?.stringValue, (1...200).contains(key.count) else {
            throw APIFailure.malformed("body.idempotency_key: 1 to 200 characters required")
        }
        if let header = head.header("idempotency-key"), header != key { throw Self.refused }
        let found = try thread(raw)
        guard let account = email.account(found.accountID),
              isSpamRoute ? account.spamSupported : account.archiveSupported else {
            throw APIFailure(status: 403, code: "authorization_error",
                             message: "The token cannot change this account's Inbox.")
        }
        return try keyed(bodyKey: key) {
            guard expected == found.revision else { throw Self.staleThread }
            if let last = found.inboxOperation {
                if last.status == "uncertain" {
                    throw APIFailure.conflict("The previous Inbox change is unconfirmed; check Gmail first.")
                }
                if last.status == "pending", let pending = email.operations[last.operationID] {
                    let sameDirection = last.targetArchived == wanted && last.targetSpam == (isSpamRoute && wanted)
                    guard sameDirection else { throw APIFailure.conflict("Another Inbox change is pending.") }
                    return email.view(pending, replayed: true)
                }
            }
            if isSpamRoute {
                if !wanted && !found.inSpam { throw APIFailure.conflict("The thread is not in Spam.") }
                if wanted && found.inSpam { throw APIFailure.conflict("The thread is already in Spam.") }
            }
            let kind = EmailState.Operation.Kind.inbox(
                threadID: found.id, archived: wanted, spam: isSpamRoute && wanted, notSpam: isSpamRoute && !wanted)
            let operation = newOperation(kind, prompt: isSpamRoute ? "Report spam" : "Archive in Gmail")
            found.inboxOperation = .init(operationID: operation.id, runID: operation.runID, targetArchived: wanted,
                                         targetSpam: isSpamRoute && wanted, status: "pending", error: nil)
            return email.view(operation)
        }
    }

    func refresh() throws -> JSON {
        _ = try fields([], emptyIsObject: true)
        try checkBudget()
        return try keyed {
            if let id = email.refreshInFlight, let running = email.operations[id], !["COMPLETED", "FAILED", "CANCELLED"].contains(running.status) {
                return email.view(running, replayed: true)
            }
            let operation = newOperation(.refresh, prompt: "Refresh mailboxes")
            email.refreshInFlight = operation.id
            for account in email.accounts where account.status == "ready" { account.status = "syncing" }
            return email.view(operation)
        }
    }

    func operation(_ raw: String) throws -> JSON {
        let id = try Validation.uuid(raw)
        guard let found = email.operations[id] else {
            if let subscription = try subscriptionOperation(id) { return subscription }
            throw APIFailure.notFound("email operation")
        }
        advance(found)
        return email.view(found)
    }

    /// One step of an operation; at its end the run ends and the change (or none) is applied.
    func advance(_ operation: EmailState.Operation) {
        guard let run = state.runs[operation.runID] else { return }
        switch operation.status {
        case "QUEUED":
            state.markEmailRunRunning(run)
            operation.status = run.status.rawValue
        case "RUNNING":
            if operation.outcome == .uncertain, operation.kind == .refresh || isDraft(operation.kind) { return }
            conclude(operation, run: run)
            operation.status = run.status.rawValue
        default:
            return
        }
    }

    private func isDraft(_ kind: EmailState.Operation.Kind) -> Bool {
        if case .draft = kind { return true }
        return false
    }

    private func conclude(_ operation: EmailState.Operation, run: RunRecord) {
        let failed = operation.outcome == .fail
        switch operation.kind {
        case .refresh: concludeRefresh(failed: failed)
        case .draft(let id): concludeGeneration(of: id, operation: operation, failed: failed)
        case .inbox(let threadID, let archived, let spam, let notSpam):
            guard let thread = email.threads[threadID] else { break }
            switch operation.outcome {
            case .succeed:
                thread.inboxOperation?.status = "completed"
                applyInboxChange(thread, archived: archived, spam: spam, notSpam: notSpam)
            case .fail:
                thread.inboxOperation?.status = "failed"
                thread.inboxOperation?.error = Self.inboxFailure
            case .uncertain:
                thread.inboxOperation?.status = "uncertain"
                thread.inboxOperation?.error = Self.inboxUncertain
            }
        }
        state.endEmailRun(run, failed: failed ? failureText(operation.kind) : nil)
    }

    private func failureText(_ kind: EmailState.Operation.Kind) -> String {
        switch kind {
        case .refresh: Self.refreshFailure
        case .draft: "The draft could not be generated."
        case .inbox: Self.inboxFailure
        }
    }

    func applyInboxChange(_ thread: EmailState.Thread, archived: Bool, spam: Bool, notSpam: Bool) {
        if spam {
            thread.inInbox = false
            thread.inSpam = true
        } else if notSpam {
            thread.inInbox = true
            thread.inSpam = false
            thread.spamCleared = true
            thread.suspectedSpam = false
        } else {
            thread.inInbox = !archived
        }
    }

    private func concludeRefresh(failed: Bool) {
        email.refreshInFlight = nil
        let personal = email.accounts.first
        for account in email.accounts {
            if failed && account === personal {
                account.status = "unavailable"
                account.error = Self.refreshFailure
                continue
            }
            if failed {
                if account.status == "syncing" { account.status = "ready" }
                continue
            }
            account.status = "ready"
            account.error = nil
            account.lastSyncedAt = now
            account.inboxComplete = true
        }
        guard !failed else { return }
        // Gmail is the truth: unconfirmed Inbox changes are settled by what a refresh finds.
        for thread in email.threads.values where thread.inboxOperation?.status == "uncertain" {
            thread.inboxOperation?.status = "completed"
            thread.inboxOperation?.error = nil
            if let last = thread.inboxOperation {
                applyInboxChange(thread, archived: last.targetArchived, spam: last.targetSpam, notSpam: false)
            }
        }
        if !email.lateMailDelivered {
            email.lateMailDelivered = true
            EmailSeedBuilder(state: email, now: now).deliverLateMail()
        }
    }
}

extension EmailSeedBuilder {
    /// The new important thread a first successful refresh finds.
    func deliverLateMail() {
        let late = thread(
            99, from: "Maya Chen <maya@example.test>", subject: "Can you review my talk slides today?",
            summary: "Maya asks for a quick look at her conference slides before she submits them tonight.",
            reason: "Maya needs your comments before tonight's deadline.", priority: 0.97, needsReply: true,
            hoursAgo: 0, bodies: ["Hi Robin, could you skim my slides before 9 pm? Only the first ten matter.\n\nMaya"],
            topics: ["conference"])
        // The newest mail: first in the kept order as well.
        state.threadOrder.removeAll { $0 == late.id }
        state.threadOrder.insert(late.id, at: 0)
    }
}
