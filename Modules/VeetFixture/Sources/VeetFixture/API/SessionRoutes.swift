import Foundation

extension Router {
    func createSession(_ body: Data) throws -> HTTPResponse {
        let fields = try Validation.closedObject(
            try Validation.jsonBody(body), allowed: ["agent_id", "metadata", "browser_profile_id"])
        guard let agentID = fields["agent_id"]?.stringValue, !agentID.isEmpty else { throw APIFailure.malformed() }
        let metadata = fields["metadata"] ?? [:]
        guard metadata.objectMembers != nil else { throw APIFailure.malformed() }
        let view = try store.transaction { state in
            let profileID = try state.websiteAccess.readyProfile(for: fields["browser_profile_id"])
            let view = try state.createSession(agentID: agentID, metadata: metadata)
            state.websiteAccess.bind(session: view["id"]?.stringValue, to: profileID)
            return view
        }
        return .json(201, view)
    }

    func listSessions(_ head: RequestHead) throws -> HTTPResponse {
        let limit = try Validation.limit(head.query("limit"), defaultValue: 50)
        let cursor = head.query("cursor")
        let repeatCursor = cursor != nil && faults.update { $0.takeRepeatedCursor() }
        let page = try store.transaction { state in
            try state.listSessions(
                limit: limit, cursor: cursor, churn: { faults.update { $0.takePagingChurn() } },
                repeatCursor: repeatCursor)
        }
        return .json(200, page)
    }

    func getSession(_ rawID: String) throws -> HTTPResponse {
        let id = try Validation.uuid(rawID)
        return .json(200, try store.transaction { try $0.existingSession(id).view })
    }

    func deleteSession(_ rawID: String) throws -> HTTPResponse {
        let id = try Validation.uuid(rawID)
        try store.transaction { try $0.deleteSession(id) }
        return HTTPResponse(status: 204)
    }

    func transcript(_ rawID: String, head: RequestHead) throws -> HTTPResponse {
        let id = try Validation.uuid(rawID)
        if faults.update({ $0.takeTranscriptFailure() }) { throw APIFailure.internalError }
        let limit = try Validation.limit(head.query("limit"), defaultValue: 100)
        let page = try store.transaction {
            try $0.transcript(sessionID: id, limit: limit, cursor: head.query("cursor"))
        }
        return .json(200, page)
    }

    /// `POST /v1/sessions/{id}/messages`: 202 for a new run or a routed answer, 200 for a replay.
    func submitMessage(_ rawID: String, head: RequestHead, body: Data) throws -> HTTPResponse {
        let id = try Validation.uuid(rawID)
        if faults.update({ $0.takeSubmitFailure() }) { throw APIFailure.internalError }
        // An empty header value is a key too (the snapshot's quirk).
        let key = head.header("idempotency-key")
        if let key, key.count > 255 { throw APIFailure.malformed() }
        let fields = try Validation.closedObject(try Validation.jsonBody(body), allowed: ["content"])
        let blocks = try Validation.contentBlocks(fields["content"])
        let (status, result): (Int, JSON) = try store.transaction { state in
            switch try state.submitMessage(
                sessionID: id, blocks: blocks, idempotencyKey: key, strictAttachments: options.strictAttachments) {
            case .created(let run):
                agent.start(runID: run.id)
                return (202, run.submitResult)
            case .answered(let run):
                agent.resume(runID: run.id)
                return (202, run.submitResult)
            case .replayed(let run):
                return (200, run.submitResult)
            }
        }
        var response = HTTPResponse.json(status, result)
        // The submission (or its replay) is applied; only the answer is lost.
        response.dropWithoutAnswer = faults.update { $0.takeSubmitDrop() }
        return response
    }
}
