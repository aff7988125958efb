import Foundation

// Response bodies of the email routes, in the contract's member order.

extension EmailState {
    func view(_ account: Account) -> JSON {
        [
            "id": .string(account.id), "label": .string(account.label), "email_address": .string(account.address),
            "verified_addresses": [.string(account.address)], "status": .string(account.status),
            "last_synced_at": .string(account.lastSyncedAt?.zulu), "history_complete": .bool(account.historyComplete),
            "history_processed": .int(account.historyProcessed), "inbox_complete": .bool(account.inboxComplete),
            "history_window": 0, "history_id": .string(account.lastSyncedAt == nil ? nil : "19844"),
            "inbox_cursor": nil, "history_cursor": .string(account.lastSyncedAt == nil ? nil : "opaque-\(account.id)"),
            "catch_up_since": nil, "inbox_reached_at": nil, "error": .string(account.error),
            "read_server_id": .string(account.readServer), "send_server_id": .string(account.sendServer),
            "write_server_id": .string(account.writeServer), "archive_supported": .bool(account.archiveSupported),
            "unsubscribe_supported": .bool(account.unsubscribeSupported), "spam_supported": .bool(account.spamSupported),
        ]
    }

    /// Priority, reply need and reason after demotion, expiry and feedback (docs/wire/email.md §4, §7.1).
    func effective(_ thread: Thread, now: Instant) -> (priority: Double, needsReply: Bool, reason: String) {
        var priority = thread.assessedPriority
        var needsReply = thread.assessedNeedsReply
        var reason = thread.reason
        if thread.suspectedSpam && !thread.spamCleared { priority = 0; needsReply = false }
        if let expiry = thread.attentionExpiresAt, expiry < now { priority = 0; needsReply = false }
        for id in feedbackOrder {
            guard let given = feedback[id], !given.undone, applies(given, to: thread) else { continue }
            switch given.judgment {
            case "important": priority = 1
            case "less_important": priority = 0
            case "needs_reply": needsReply = true
            default: needsReply = false
            }
            if let explanation = given.explanation, !explanation.isEmpty { reason = explanation }
        }
        return (priority, needsReply, reason)
    }

    func applies(_ given: Feedback, to thread: Thread) -> Bool {
        switch given.target {
        case "thread": return given.threadID == thread.id
        case "person": return thread.senders.map(Self.address).contains(given.value ?? "")
        default: return thread.topics.contains(given.value ?? "")
        }
    }

    /// `"Ann <ann@example.test>"` → `ann@example.test` (case-folded).
    static func address(_ display: String) -> String {
        guard let open = display.lastIndex(of: "<"), let close = display.lastIndex(of: ">"), open < close else {
            return display.lowercased()
        }
        return String(display[display.index(after: open)..<close]).lowercased()
    }

    func isImportant(_ thread: Thread, now: Instant) -> Bool {
        thread.inInbox && effective(thread, now: now).priority >= 0.7 && thread.dismissedRevision != thread.revision
    }

    func summary(_ thread: Thread, now: Instant) -> JSON {
        let value = effective(thread, now: now)
        return [
            "id": .string(thread.id), "account_id": .string(thread.accountID), "subject": .string(thread.subject),
            "senders": .array(thread.senders.map { .string($0) }), "topics": .array(thread.topics.map { .string($0) }),
            "updated_at": .string(thread.updatedAt.zulu), "revision": .int(thread.revision),
            "summary": .string(thread.summary), "reason": .string(value.reason),
            "needs_reply": .bool(value.needsReply), "priority": .double(value.priority),
            "complete": .bool(thread.complete), "draft_id": .string(thread.draftID),
            "session_id": .string(thread.sessionID),
            "dismissed_revision": thread.dismissedRevision.map { JSON.int($0) } ?? .null,
            "in_inbox": .bool(thread.inInbox), "in_spam": .bool(thread.inSpam),
            "suspected_spam": .bool(thread.suspectedSpam), "spam_cleared": .bool(thread.spamCleared),
            "archive_operation": thread.inboxOperation.map(view) ?? .null,
            "attention_expires_at": .string(thread.attentionExpiresAt?.zulu),
            "reply_blocked_reason": .string(thread.replyBlockedReason),
            "profile_revision": .int(profileRevision), "assessment_version": "fixture-assessment-3",
            "source_session_ids": .array(thread.sourceSessionIDs.map { .string($0) }),
        ]
    }

    func detail(_ thread: Thread, now: Instant) -> JSON {
        var answer = summary(thread, now: now)
        answer = answer.setting("messages", .array(thread.messages.map(view)))
            .setting("draft", thread.draftID.flatMap { drafts[$0] }.map(view) ?? .null)
            .setting("provider_thread_id", .string(thread.providerThreadID))
            .setting("source_fingerprint", .string(SHA256.hex(thread.id + "#\(thread.revision)")))
            .setting("last_accessed_at", .string(thread.lastAccessedAt?.zulu))
        return answer
    }

    func view(_ message: Message) -> JSON {
        [
            "id": .string(message.id), "sender": .string(message.sender),
            "to": .array(message.to.map { .string($0) }), "cc": .array(message.cc.map { .string($0) }),
            "subject": .string(message.subject), "body": .string(message.body), "body_offset": 0,
            "sent_at": .string(message.sentAt.zulu), "complete": .bool(message.complete),
            "attachments": .array(message.attachments.map {
                ["filename": .string($0.filename), "mime_type": .string($0.mimeType),
                 "size": $0.size.map { JSON.int($0) } ?? .null]
            }),
            "reply_to": [], "message_id_header": .string(message.messageIDHeader),
            "in_reply_to": .string(message.inReplyTo), "references": .array(message.references.map { .string($0) }),
            "labels": .array(message.labels.map { .string($0) }), "direction": .string(message.direction),
            "sender_check": .string(message.senderCheck),
            "reader_body": .string(message.body.isEmpty ? nil : Self.readerBody(message.body)),
        ]
    }

    /// The Markdown reading projection: quoted lines become block quotes.
    static func readerBody(_ body: String) -> String {
        body.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(">") ? "> " + line.drop(while: { $0 == ">" || $0 == " " }) : String(line)
        }.joined(separator: "\n")
    }

    func view(_ operation: InboxOperation) -> JSON {
        [
            "operation_id": .string(operation.operationID), "run_id": .string(operation.runID),
            "target_archived": .bool(operation.targetArchived), "target_spam": .bool(operation.targetSpam),
            "status": .string(operation.status), "error": .string(operation.error),
        ]
    }

    func view(_ draft: Draft) -> JSON {
        let stale = threads[draft.threadID].map { $0.revision != draft.sourceRevision } ?? false
        let strings: ([String]) -> JSON = { .array($0.map { .string($0) }) }
        return [
            "id": .string(draft.id), "thread_id": .string(draft.threadID), "account_id": .string(draft.accountID),
            "revision": .int(draft.revision), "source_revision": .int(draft.sourceRevision),
            "profile_revision": .int(draft.profileRevision), "to": strings(draft.to), "cc": strings(draft.cc),
            "bcc": strings(draft.bcc), "subject": .string(draft.subject), "body": .string(draft.body),
            "status": .string(draft.status), "stale": .bool(stale && !["sent", "discarded"].contains(draft.status)),
            "run_id": .string(draft.runID), "approval_id": .string(draft.approvalID),
            "session_id": .string(draft.sessionID), "updated_at": .string(draft.updatedAt.zulu),
            "in_reply_to": .string(draft.inReplyTo), "references": strings(draft.references),
            "owner_edited": .bool(draft.ownerEdited), "generated_body_digest": .string(draft.generatedBodyDigest),
            "send_claim_id": .string(draft.sendClaimID), "provider_thread_id": .string(draft.providerThreadID),
            "send_tool_name": .string(draft.sendToolName),
        ]
    }

    var learningView: JSON {
        let processed = accounts.reduce(0) { $0 + $1.historyProcessed }
        return [
            "paused": .bool(paused), "profile_revision": .int(profileRevision),
            "excluded_sources": .int(excludedSources), "style_examples": .int(styleExamples),
            "history_processed": .int(processed), "history_complete": .bool(accounts.allSatisfy(\.historyComplete)),
        ]
    }

    func view(_ operation: Operation, replayed: Bool = false) -> JSON {
        [
            "operation_id": .string(operation.id), "run_id": .string(operation.runID),
            "status": .string(operation.status), "replayed": .bool(replayed),
        ]
    }
}
