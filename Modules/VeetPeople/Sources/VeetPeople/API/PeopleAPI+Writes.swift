import Foundation
import VeetTransport
import VeetWire

/// The People writes (docs/wire/people.md §6–§9). Each carries `ceiling`, the audit
/// session and an `Idempotency-Key`: pass the same key again to retry the same
/// intent (the sender's own retries already reuse it).
extension PeopleAPI {
    /// Creates the audit session the People writes are recorded in
    /// (`metadata.purpose = people-management`; chat lists hide it). Keep its
    /// id and reuse it (`auditing(in:)`) for every later People action.
    public func openAuditSession() async throws -> String {
        try await send(.post("/v1/sessions", json: AuditSessionBody())).decoded(as: CreatedSession.self).id
    }

    /// Where an app keeps the audit session id (per connection), so every app on
    /// the connection writes into the same one.
    public static let auditSessionKey = "people.audit_session_id"

    /// The kept audit session (`load`), or a new one saved with `save`.
    public func audited(load: () throws -> String?, save: (String) throws -> Void) async throws -> PeopleAPI {
        if let kept = try load() { return auditing(in: kept) }
        let created = try await openAuditSession()
        try save(created)
        return auditing(in: created)
    }

    func write(_ method: String, _ path: String, _ body: some Encodable, key: IdempotencyKey) throws -> HTTPRequest {
        HTTPRequest(method: method, path: path, query: [ceilingQuery], headers: ["Idempotency-Key": key.rawValue],
                    body: try WireJSON.encoder().encode(body))
    }

    func session() throws -> String {
        guard let auditSessionID else { throw PeopleError.noAuditSession }
        return auditSessionID
    }

    // MARK: Create and edit

    public func create(displayName: String, sensitivity: Sensitivity? = nil,
                       key: IdempotencyKey = IdempotencyKey()) async throws -> Person {
        let body = CreatePersonBody(sessionID: try session(), displayName: displayName, sensitivity: sensitivity?.rawValue)
        return try await send(write("POST", "/v1/people", body, key: key)).decoded()
    }

    /// Sends `edit` against `expectedRevision`; a stale revision is `409`.
    public func edit(personID: String, expectedRevision: Int, _ edit: PersonEdit,
                     key: IdempotencyKey = IdempotencyKey()) async throws -> Person {
        var alias: JSONValue?
        if let add = edit.addContact {
            var fields: [String: JSONValue] = ["operation": .string("add"), "identifier_kind": .string(add.kind.rawValue),
                                               "value": .string(add.value)]
            if let from = add.validFrom { fields["valid_from"] = .string(from.text) }
            alias = .object(fields)
        } else if let end = edit.endContact {
            alias = .object(["operation": .string("end"), "identifier_id": .string(end.identifierID),
                             "expected_revision": .int(Int64(end.expectedRevision)), "valid_to": .string(end.validTo.text)])
        }
        let body = EditPersonBody(sessionID: try session(), expectedRevision: expectedRevision,
                                  displayName: edit.displayName, pinned: edit.pinned, confirm: edit.confirm ? true : nil,
                                  alias: alias)
        return try await send(write("PATCH", "/v1/people/\(segment: personID)", body, key: key)).decoded()
    }

    public func setPinned(_ pinned: Bool, person: Person, key: IdempotencyKey = IdempotencyKey()) async throws -> Person {
        try await edit(personID: person.id, expectedRevision: person.revision, PersonEdit(pinned: pinned), key: key)
    }

    public func rename(_ person: Person, to name: String, key: IdempotencyKey = IdempotencyKey()) async throws -> Person {
        try await edit(personID: person.id, expectedRevision: person.revision, PersonEdit(displayName: name), key: key)
    }

    // MARK: Identity

    /// A merge preview: `source` merged into `target`, listing the reassignments.
    public func previewMerge(source: Person, into target: Person,
                             key: IdempotencyKey = IdempotencyKey()) async throws -> IdentityOperation {
        let body = IdentityOperationBody(sessionID: try session(), operation: "merge", sourceID: source.id, targetID: target.id,
                                         expectedRevision: source.revision,
                                         expectedRevisions: [source.id: source.revision, target.id: target.revision])
        return try await send(write("POST", "/v1/people/identity-operations", body, key: key)).decoded()
    }

    /// A split preview ("Not the same" / Repair identity): the `selected`
    /// entities of `person` (from `identityEvidence`) move to a new person.
    public func previewSplit(_ person: Person, selecting selected: [String],
                             key: IdempotencyKey = IdempotencyKey()) async throws -> IdentityOperation {
        let body = IdentityOperationBody(sessionID: try session(), operation: "split", sourceID: person.id,
                                         expectedRevision: person.revision,
                                         expectedRevisions: [person.id: person.revision], selectedIDs: selected)
        return try await send(write("POST", "/v1/people/identity-operations", body, key: key)).decoded()
    }

    /// Applies a preview before it expires (checked here first against `now`:
    /// an expired preview is refused without a request). A `409` throws
    /// `IdentityConflict` with the operation as re-read.
    public func apply(_ preview: IdentityOperation, now: Date = Date(),
                      key: IdempotencyKey = IdempotencyKey()) async throws -> IdentityOperation {
        guard PreviewExpiry(preview, now: now).canApply else { throw PeopleError.previewExpired(operationID: preview.id) }
        let body = IdentityOperationBody(sessionID: try session(), operation: "apply", operationID: preview.id,
                                         expectedRevision: preview.revision)
        return try await sendReReadingOnConflict(write("POST", "/v1/people/identity-operations", body, key: key),
                                                 operationID: preview.id)
    }

    /// Undoes a completed merge or split, an automatic one included.
    public func undo(operationID: String, expectedRevision: Int,
                     key: IdempotencyKey = IdempotencyKey()) async throws -> IdentityOperation {
        let body = IdentityOperationBody(sessionID: try session(), operation: "undo", operationID: operationID,
                                         expectedRevision: expectedRevision)
        return try await sendReReadingOnConflict(write("POST", "/v1/people/identity-operations", body, key: key),
                                                 operationID: operationID)
    }

    /// Answers a suggestion: merge, or separate (keep apart; never suggested again).
    public func decide(_ suggestion: MergeSuggestion, _ decision: SuggestionDecision,
                       key: IdempotencyKey = IdempotencyKey()) async throws -> MergeSuggestion {
        let body = SuggestionDecisionBody(sessionID: try session(), expectedRevision: suggestion.revision,
                                          decision: decision.rawValue)
        return try await send(write("POST", "/v1/people/merge-suggestions/\(segment: suggestion.id)", body, key: key))
            .decoded()
    }

    private func sendReReadingOnConflict(_ request: HTTPRequest, operationID: String) async throws -> IdentityOperation {
        let response = try await send(request)
        if response.status == 409, !APIError(response: response).isIdempotencyKeyReused {
            throw IdentityConflict(underlying: APIError(response: response), current: try? await operation(id: operationID))
        }
        return try response.decoded()
    }

    // MARK: Corrections and forgetting

    public func correct(personID: String, _ correction: Correction,
                        key: IdempotencyKey = IdempotencyKey()) async throws -> CorrectionResult {
        let body = CorrectionBody(sessionID: try session(), beliefID: correction.beliefID,
                                  expectedRevision: correction.expectedRevision,
                                  expectedPosition: max(1, correction.expectedPosition),
                                  operation: correction.kind.rawValue, effectiveAt: correction.effectiveAt,
                                  statement: correction.statement)
        return try await send(write("POST", "/v1/people/\(segment: personID)/corrections", body, key: key)).decoded()
    }

    /// What forgetting `person` would remove: counts and the server's scope sentence.
    public func previewForget(_ person: Person, key: IdempotencyKey = IdempotencyKey()) async throws -> ErasureView {
        let body = ForgetBody(sessionID: try session(), phase: "preview", expectedRevision: person.revision)
        return try await send(write("POST", "/v1/people/\(segment: person.id)/forget", body, key: key)).decoded()
    }

    /// Applies a forget preview; the answer is `cleanup_pending` or `completed`
    /// (poll with `waitForCompletion`).
    public func applyForget(personID: String, preview: ErasureView,
                            key: IdempotencyKey = IdempotencyKey()) async throws -> ErasureView {
        let body = ForgetBody(sessionID: try session(), phase: "apply", expectedRevision: preview.revision,
                              operationID: preview.id)
        return try await send(write("POST", "/v1/people/\(segment: personID)/forget", body, key: key)).decoded()
    }
}

extension PeopleAPI {
    /// `edit`, where a refusal because the person changed elsewhere meanwhile reads the person
    /// again and throws `PersonChangedElsewhere` with what the server holds now.
    public func editReadingBack(personID: String, expectedRevision: Int, _ edit: PersonEdit,
                                key: IdempotencyKey = IdempotencyKey()) async throws -> Person {
        do {
            return try await self.edit(personID: personID, expectedRevision: expectedRevision, edit, key: key)
        } catch {
            guard case .stale(let answer)? = PeopleError.from(error, isWrite: true) else { throw error }
            throw PersonChangedElsewhere(answer: answer, current: try? await profile(id: personID))
        }
    }
}
