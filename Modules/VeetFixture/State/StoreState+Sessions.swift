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
        let created = session.view
        _ = takeSequence(in: session)
        return created
    }

    func existingSession(_ id: String) throws -> SessionRecord {
        guard let session = sessions[id] else { throw APIFailure.notFound("session") }
        return session
    }

    /// Keyset page ordered by `updated_at` desc, then `id` desc.
    func listSessions(limit: Int, cursor: String?) throws -> JSON {
        var after: (instant: Instant, id: String)?
        if let cursor {
            guard let position = Cursor.keyset(cursor) else { throw APIFailure.malformed("session cursor is malformed") }
            after = position
        }
        let ordered = sessions.values.sorted {
            $0.updatedAt != $1.updatedAt ? $0.updatedAt > $1.updatedAt : $0.id > $1.id
        }
        let remaining = ordered.filter { session in
            guard let after else { return true }
            return session.updatedAt < after.instant || (session.updatedAt == after.instant && session.id < after.id)
        }
        let page = Array(remaining.prefix(limit))
        let next = page.count == limit ? page.last.map { Cursor.keyset(instant: $0.updatedAt, id: $0.id) } : nil
        return pageView(page.map(\.view), nextCursor: next)
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
        for runID in session.runIDs { runs[runID] = nil }
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
        let page = Array(session.transcript.filter { $0.sequence > afterSequence }.prefix(limit))
        let next = page.count == limit ? page.last.map { Cursor.encode(["s": .int($0.sequence)]) } : nil
        return pageView(page.map(\.view), nextCursor: next)
    }
}
