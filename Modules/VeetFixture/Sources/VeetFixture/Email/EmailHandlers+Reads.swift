import Foundation

// Accounts, the thread list and thread detail (docs/wire/email.md §3–§5).
extension EmailHandlers {
    func accounts() -> JSON {
        advancePending(where: { $0 == .refresh })
        return ["items": .array(email.accounts.map(email.view).map(withSubscriptionFlag)), "next_cursor": nil]
    }

    func threadList() throws -> JSON {
        let view = head.query("view") ?? "priority"
        guard ["priority", "other", "all"].contains(view) else {
            throw APIFailure.malformed("query.view: one of priority, other, all")
        }
        var limit = 5
        if let text = head.query("limit") {
            guard let value = Int(text), (1...100).contains(value) else {
                throw APIFailure.malformed("query.limit: an integer from 1 to 100")
            }
            limit = value
        }
        var offset = 0
        if let cursor = head.query("cursor") {
            guard let value = Int(cursor), value >= 0, String(value) == cursor else {
                throw APIFailure.malformed("query.cursor: not a valid cursor")
            }
            offset = value
        }
        let account = head.query("account_id")
        let text = head.query("text")?.lowercased()
        let matching = email.threadOrder.compactMap { email.threads[$0] }.filter { thread in
            if let account, thread.accountID != account { return false }
            if let text, !text.isEmpty {
                let haystack = ([thread.subject, thread.summary] + thread.senders).joined(separator: "\n").lowercased()
                if !haystack.contains(text) { return false }
            }
            switch view {
            case "priority": return email.isImportant(thread, now: now)
            case "other": return !email.isImportant(thread, now: now)
            default: return true
            }
        }
        let ordered = matching.map { ($0, email.effective($0, now: now).priority) }.sorted { a, b in
            if a.1 != b.1 { return a.1 > b.1 }
            if a.0.updatedAt != b.0.updatedAt { return a.0.updatedAt > b.0.updatedAt }
            return a.0.id < b.0.id
        }.map(\.0)
        let page = Array(ordered.dropFirst(offset).prefix(limit))
        let next: JSON = offset + page.count < ordered.count ? .string(String(offset + page.count)) : nil
        return ["items": .array(page.map { email.summary($0, now: now) }), "next_cursor": next]
    }

    func threadDetail(_ raw: String) throws -> JSON {
        let found = try thread(raw)
        advancePending(affecting: found)
        found.lastAccessedAt = now
        return email.detail(found, now: now)
            .setting("subscription", subscriptionBlock(of: found))
    }

    /// Moves every pending operation `matching` one step (queued → running → ended).
    func advancePending(where matching: (EmailState.Operation.Kind) -> Bool) {
        for operation in email.operations.values where matching(operation.kind) {
            advance(operation)
        }
    }

    /// Operations and sends of one thread move one step when it is read.
    func advancePending(affecting thread: EmailState.Thread) {
        advancePending(where: { kind in
            switch kind {
            case .inbox(let id, _, _, _): return id == thread.id
            case .draft(let id): return email.drafts[id]?.threadID == thread.id
            case .refresh: return false
            }
        })
        if let draftID = thread.draftID, let draft = email.drafts[draftID] {
            settleSend(draft)
            parkLateSend(draft)
        }
    }
}
