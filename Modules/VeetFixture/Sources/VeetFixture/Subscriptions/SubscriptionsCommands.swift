import Foundation

/// The three commands (docs/wire/subscriptions.md §4): unsubscribe, Report spam / Not spam, Keep. Bodies
/// are closed (an unknown key is 400); the two that start work are keyed.
extension SubscriptionHandlers {
    func object(allowing keys: Set<String>) throws -> JSON {
        let json = try Validation.jsonBody(body)
        guard json.objectMembers != nil, Set(json.keys).isSubset(of: keys) else { throw APIFailure.malformed() }
        return json
    }

    static func bool(_ value: JSON?) throws -> Bool {
        guard case .bool(let flag)? = value else { throw APIFailure.malformed() }
        return flag
    }

    static func revision(_ value: JSON?) throws -> Int {
        guard let revision = value?.intValue, revision >= 1 else { throw APIFailure.malformed() }
        return Int(revision)
    }

    /// The body key, identical to the header when one is sent; a repeat with the
    /// same request replays its operation, with another request is 409.
    func keyed(_ json: JSON, start: () throws -> SubscriptionsState.Operation) throws -> JSON {
        guard let key = json["idempotency_key"]?.stringValue, (1...200).contains(key.count) else {
            throw APIFailure.malformed()
        }
        if let header = head.header("idempotency-key"), header != key {
            throw APIFailure(status: 400, code: "malformed_request", message: "The HTTP request is not supported.")
        }
        let fingerprint = head.rawPath + " " + json.serialized(sortedKeys: true)
        if let earlier = census.commandKeys[key] {
            guard earlier.fingerprint == fingerprint, let op = census.operations[earlier.operationID] else {
                throw APIFailure.idempotencyKeyReused
            }
            return census.operationAnswer(op, replayed: true)
        }
        let op = try start()
        census.commandKeys[key] = (fingerprint, op.id)
        return census.operationAnswer(op, replayed: false)
    }

    /// The two commands that start work need the account's own authority (docs/wire/subscriptions.md §1),
    /// which the account list reports as its flags: without it, 403.
    func requireAuthority(on row: SubscriptionsState.Row, spam: Bool) throws {
        let account = mailboxes.account(row.accountID)
        guard account?.unsubscribeSupported == true, !spam || account?.spamSupported == true else {
            throw APIFailure(status: 403, code: "authorization_error",
                             message: "The token may not act on this account's mail.")
        }
    }

    func unsubscribe() throws -> JSON {
        let json = try object(allowing: ["targets", "archive_existing", "idempotency_key"])
        guard let targets = json["targets"]?.arrayValue, (1...25).contains(targets.count) else { throw APIFailure.malformed() }
        let archive = json["archive_existing"] == nil ? false : try Self.bool(json["archive_existing"])
        var chosen: [(SubscriptionsState.Row, digest: String, revision: Int)] = []
        for target in targets {
            guard target.objectMembers != nil,
                  Set(target.keys) == ["subscription_id", "evidence_digest", "expected_revision"],
                  let id = target["subscription_id"]?.stringValue, let digest = target["evidence_digest"]?.stringValue,
                  Self.isHex64(id), Self.isHex64(digest) else { throw APIFailure.malformed() }
            chosen.append((try row(id), digest, try Self.revision(target["expected_revision"])))
        }
        guard Set(chosen.map(\.0.id)).count == chosen.count else { throw APIFailure.malformed() }
        for (row, _, _) in chosen { try requireAuthority(on: row, spam: false) }
        return try keyed(json) {
            for (row, digest, revision) in chosen {
                guard row.revision == revision else { throw APIFailure.conflict("The subscription changed.") }
                guard row.verified, row.mechanism != "none", row.evidenceDigest == digest,
                      ["active", "failed", "still_sending"].contains(row.state) else {
                    throw APIFailure.conflict("The subscription cannot be unsubscribed now.")
                }
            }
            return start("unsubscribe", chosen.map(\.0), archive: archive)
        }
    }

    func spam(_ row: SubscriptionsState.Row) throws -> JSON {
        let json = try object(allowing: ["expected_revision", "spam", "idempotency_key"])
        let spam = try Self.bool(json["spam"])
        let revision = try Self.revision(json["expected_revision"])
        try requireAuthority(on: row, spam: true)
        return try keyed(json) {
            guard row.revision == revision else { throw APIFailure.conflict("The subscription changed.") }
            let allowed = spam ? ["active", "failed", "still_sending"].contains(row.state) : row.state == "reported_spam"
            guard allowed else { throw APIFailure.conflict("Not allowed in the current state.") }
            return start(spam ? "report_spam" : "not_spam", [row], archive: false)
        }
    }

    func keep(_ row: SubscriptionsState.Row) throws -> JSON {
        let json = try object(allowing: ["expected_revision", "kept"])
        let kept = try Self.bool(json["kept"])
        let revision = try Self.revision(json["expected_revision"])
        if kept == (row.state == "kept") { return census.view(row) }  // already in force: 200, whatever the revision
        guard row.revision == revision else { throw APIFailure.conflict("The subscription changed.") }
        guard kept ? ["active", "failed", "still_sending"].contains(row.state) : row.state == "kept" else {
            throw APIFailure.conflict("Not allowed in the current state.")
        }
        row.state = kept ? "kept" : "active"
        if !kept { row.evidence += 1 }
        row.operation = nil
        row.revision += 1
        return census.view(row)
    }

    private func start(_ action: String, _ rows: [SubscriptionsState.Row], archive: Bool) -> SubscriptionsState.Operation {
        let op = SubscriptionsState.Operation(
            id: Identifier.make(), runID: Identifier.make(), action: action, rowIDs: rows.map(\.id),
            priorStates: Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0.state) }), requestedAt: now,
            archiveExisting: archive)
        census.operations[op.id] = op
        for row in rows {
            row.operation = op
            row.state = "pending"
            row.revision += 1
        }
        return op
    }
}
