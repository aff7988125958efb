import Foundation

extension StoreState {
    /// `POST /v1/sessions`: the 201 view shows `updated_at == created_at`; the
    /// `session.created` event (sequence 1) moves `updated_at` right after.
    func createSession(agentID requested: String, metadata: JSON) throws -> JSON {
        guard requested == "general" || Identifier.canonical(requested) == identity.agentID else {
            throw APIFailure.notFound("agent")
        }
        // The snapshot fails metadata over 8 KiB with an unhandled error.
        guard metadata.serializedData().count <= 8192 else { throw APIFailure.internalError }
        let session = SessionRecord(
            id: Identifier.make(), agentID: identity.agentID, agentVersion: identity.agentVersion,
            metadata: metadata, createdAt: now())
        sessions[session.id] = session
        sessionOrder.insert(SessionOrder.Key(instant: session.updatedAt, id: session.id))
        let created = session.view
        _ = takeSequence(in: session)
        return created
    }

    func existingSession(_ id: String) throws -> SessionRecord {
        guard let session = sessions[id] else { throw APIFailure.notFound("session") }
        return session
    }

    /// Keyset page ordered by `updated_at` desc, then `id` desc, read from the kept order.
    /// `churn` moves a session after the page is cut (a fault for reconciler tests);
    /// `repeatCursor` answers with the request's own cursor as `next_cursor`.
    func listSessions(
        limit: Int, cursor: String?, churn: () -> FixtureFaults.PagingChurn? = { nil }, repeatCursor: Bool = false
    ) throws -> JSON {
        var after: SessionOrder.Key?
        if let cursor {
            guard let position = Cursor.keyset(cursor) else { throw APIFailure.malformed("session cursor is malformed") }
            after = SessionOrder.Key(instant: position.instant, id: position.id)
        }
        let keys = sessionOrder.page(after: after, limit: limit)
        let page = keys.compactMap { sessions[$0.id] }
        var next = keys.count == limit ? keys.last.map { Cursor.keyset(instant: $0.instant, id: $0.id) } : nil
        if repeatCursor, let cursor, next != nil { next = cursor }
        if let last = keys.last, keys.count == limit, let churn = churn() { applyChurn(churn, page: keys, last: last) }
        return pageView(page.map(\.view), nextCursor: next)
    }

    private func applyChurn(_ churn: FixtureFaults.PagingChurn, page: [SessionOrder.Key], last: SessionOrder.Key) {
        switch churn {
        case .promoteUnseen:
            guard let upcoming = sessionOrder.next(after: last), let session = sessions[upcoming.id] else { return }
            setUpdatedAt(session, now())
            churnedSessionIDs.append(session.id)
        case .demoteSeen:
            guard let first = page.first, let session = sessions[first.id], let oldest = sessionOrder.oldest,
                oldest.id != first.id
            else { return }
            setUpdatedAt(session, oldest.instant.adding(seconds: -1))
            churnedSessionIDs.append(session.id)
        }
    }

    /// `DELETE /v1/sessions/{id}`: hard delete; repeating it answers 204 again.
    func deleteSession(_ id: String) throws {
        if deletedSessionIDs.contains(id) { return }
        let session = try existingSession(id)
        if let activeRunID = session.activeRunID {
            throw APIFailure.conflict(
                "An active run must be stopped before deleting the conversation.",
                details: ["reason": "active_run_exists", "run_id": .string(activeRunID)])
        }
        for runID in allRunIDs(of: session) { runs[runID] = nil }
        sessionOrder.remove(SessionOrder.Key(instant: session.updatedAt, id: id))
        approvals = approvals.filter { $0.value.sessionID != id }
        artifacts = artifacts.filter { $0.value.sessionID != id }
        idempotencyKeys = idempotencyKeys.filter { $0.value.sessionID != id }
        sessions[id] = nil
        deletedSessionIDs.insert(id)
    }

    /// Transcript page: user and completed assistant items in ascending sequence.
    func transcript(sessionID: String, limit: Int, cursor: String?) throws -> JSON {
        let session = try existingSession(sessionID)
        var afterSequence: Int64 = 0
        if let cursor {
            guard let value = Cursor.decode(cursor)?["s"]?.intValue, value >= 0 else { throw APIFailure.malformed() }
            afterSequence = value
        }
        let page = Array(transcriptItems(of: session).filter { $0.sequence > afterSequence }.prefix(limit))
        let next = page.count == limit ? page.last.map { Cursor.encode(["s": .int($0.sequence)]) } : nil
        return pageView(page.map(\.view), nextCursor: next)
    }
}
