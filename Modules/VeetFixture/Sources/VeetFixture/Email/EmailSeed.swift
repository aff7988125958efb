import Foundation

/// The seeded mailboxes: three accounts and 67 threads covering every
/// attention, draft, Inbox and spam state (ids in `EmailSeedIDs`).
extension EmailState {
    func seedIfNeeded(now: Instant) {
        guard !seeded else { return }
        seeded = true
        let personal = Account(id: "default", label: "Personal", address: "owner@example.test", status: "ready",
                               serverPrefix: "gmail", supports: true, historyProcessed: 412)
        personal.lastSyncedAt = now.adding(seconds: -900)
        let work = Account(id: "work", label: "Work", address: "robin.hart@work.example.test", status: "ready",
                           serverPrefix: "gmail_work", supports: false, historyProcessed: 1_280)
        work.lastSyncedAt = now.adding(seconds: -1_800)
        work.historyComplete = true
        let family = Account(id: "family", label: "Family", address: "hart.family@example.test", status: "unavailable",
                             serverPrefix: "gmail_family", supports: true, historyProcessed: 0)
        accounts = [personal, work, family]
        EmailSeedBuilder(state: self, now: now).build()
    }
}

/// Builds the seeded threads relative to the time of first use.
struct EmailSeedBuilder {
    let state: EmailState
    let now: Instant
    static let owner = "Robin Hart <owner@example.test>"
    static let workOwner = "Robin Hart <robin.hart@work.example.test>"

    func ago(_ hours: Double) -> Instant { now.adding(seconds: -hours * 3600) }

    /// Adds a thread whose messages are `bodies` from `from` (alternating with the owner when `conversation`).
    @discardableResult
    func thread(
        _ number: Int, account: String = "default", from: String, subject: String, summary: String,
        reason: String, priority: Double, needsReply: Bool = false, hoursAgo: Double, bodies: [String],
        topics: [String] = [], attachments: [EmailState.Attachment] = [], alsoFrom: [String] = [],
        labels: [String] = ["INBOX"]
    ) -> EmailState.Thread {
        let id = number == 99 ? EmailSeedIDs.lateMailThread : EmailSeedIDs.thread(number)
        let ownerAddress = account == "work" ? Self.workOwner : Self.owner
        let senders = [from] + alsoFrom
        let thread = EmailState.Thread(
            id: id, accountID: account, subject: subject, senders: senders.filter { $0 != Self.owner }, topics: topics,
            updatedAt: ago(hoursAgo), summary: summary, reason: reason, priority: priority, needsReply: needsReply,
            providerThreadID: String(format: "18c9%012x", number * 7919))
        var references: [String] = []
        for (index, body) in bodies.enumerated() {
            let header = "<\(number).\(index)@mail.example.test>"
            let sender = senders[index % senders.count]
            var message = EmailState.Message(
                id: String(format: "18d%03d%010x", number, index), sender: sender, to: [ownerAddress],
                subject: index == 0 ? subject : "Re: " + subject, body: body,
                sentAt: ago(hoursAgo + Double(bodies.count - 1 - index) * 1.5), messageIDHeader: header,
                inReplyTo: references.last, references: references, labels: labels)
            if index == 0 { message.attachments = attachments }
            references.append(header)
            thread.messages.append(message)
        }
        state.threads[id] = thread
        state.threadOrder.append(id)
        return thread
    }

    @discardableResult
    func draft(_ number: Int, on thread: EmailState.Thread, to: [String], bcc: [String] = [], body: String,
               status: String = "ready", revisions: Int = 1) -> EmailState.Draft {
        let account = state.account(thread.accountID)!
        let draft = EmailState.Draft(
            id: EmailSeedIDs.draft(number), thread: thread, account: account, sourceRevision: thread.revision,
            profileRevision: state.profileRevision, to: to, subject: "Re: " + thread.subject, body: body,
            at: thread.updatedAt.adding(seconds: 60))
        draft.sessionID = nil
        draft.bcc = bcc
        state.drafts[draft.id] = draft
        thread.draftID = draft.id
        // Earlier revisions: the generated text, then the owner's edits.
        let final = body
        for revision in 1...revisions {
            draft.revision = revision
            draft.body = revision == revisions ? final : Self.earlier(final, revision: revision)
            draft.ownerEdited = revision > 1
            draft.updatedAt = thread.updatedAt.adding(seconds: Double(60 * revision))
            state.snapshot(draft)
        }
        draft.status = status
        return draft
    }

    /// The generated first version, shorter than the owner's final wording.
    static func earlier(_ body: String, revision: Int) -> String {
        let sentences = body.components(separatedBy: "\n\n")
        return sentences.prefix(max(1, sentences.count - 2 + revision)).joined(separator: "\n\n")
    }

    /// Marks `thread` as mail from the census's bulk sender `address`: its
    /// subscription block is that row (SeededSubscriptions, the one source).
    func subscription(_ thread: EmailState.Thread, address: String) {
        thread.subscriptionID = SeededSubscriptions.id(account: thread.accountID, address: address)
    }

    func build() {
        buildImportant()
        buildHandledAndExpired()
        buildOtherMail()
        buildInboxAndSpamStates()
        buildBulkSenders()
        buildSpecialCases()
    }
}
