import Foundation

/// Merge, split, apply and undo (docs/wire/people.md §7.1), corrections (§8) and forget (§9).
extension PeopleHandlers {
    func identityOperation() throws -> JSON {
        let f = try fieldsForIdentity()
        let ceiling = try ceiling
        switch f["operation"]?.stringValue {
        case "merge"?:
            guard let sourceID = f["source_id"]?.stringValue, let targetID = f["target_id"]?.stringValue else {
                throw APIFailure.malformed()
            }
            let source = try person(sourceID, ceiling), target = try person(targetID, ceiling)
            guard source.id != target.id, source.state != "merged", target.state != "merged" else {
                throw APIFailure.conflict("These people cannot be merged.")
            }
            try checkExpected(f, [source, target])
            return people.view(previewMerge(source, into: target))
        case "split"?:
            guard let sourceID = f["source_id"]?.stringValue, let selected = f["selected_ids"]?.arrayValue,
                  !selected.isEmpty, selected.count <= 1000 else { throw APIFailure.malformed() }
            let source = try person(sourceID, ceiling)
            try checkExpected(f, [source])
            let ids = try selected.map { try Validation.uuid($0.stringValue ?? "") }
            guard ids.allSatisfy({ people.entities[$0]?.personID == source.id }) else { throw APIFailure.malformed() }
            let op = PeopleState.Operation(id: Identifier.make(), operation: "split", sourceID: source.id, targetID: nil,
                                           personIDs: [source.id], expectedRevisions: [source.id: source.revision])
            op.assignments = ids.compactMap { people.entities[$0] }.map {
                PeopleState.Assignment(entityID: $0.id, before: source.id, after: "", revision: $0.revision)
            }
            op.expiresAt = now.adding(seconds: people.previewLifetime)
            people.operations[op.id] = op
            return people.view(op)
        case "apply"?:
            let op = try operation(f)
            guard op.state == "preview", op.operation != "forget" else { throw APIFailure.conflict("Nothing to apply.") }
            guard try revisionField(f) == op.revision else { throw APIFailure.conflict("The preview changed.") }
            if let expires = op.expiresAt, expires < now {
                op.state = "cancelled"
                op.revision += 1
                throw APIFailure.conflict("The preview expired.", details: ["reason": "preview_expired"])
            }
            try applyPreview(op)
            return people.view(op)
        case "undo"?:
            let op = try operation(f)
            guard op.state == "completed", op.operation == "merge" || op.operation == "split" else {
                throw APIFailure.conflict("Only a completed merge or split can be undone.")
            }
            guard try revisionField(f) == op.revision else { throw APIFailure.conflict("The operation changed.") }
            return people.view(try undo(op))
        default:
            throw APIFailure.malformed()
        }
    }

    private func fieldsForIdentity() throws -> [String: JSON] {
        let f = try Validation.closedObject(try Validation.jsonBody(body), allowed: [
            "session_id", "operation", "source_id", "target_id", "operation_id", "expected_revision", "expected_revisions",
            "selected_ids",
        ])
        guard let session = f["session_id"]?.stringValue.flatMap(Identifier.canonical) else { throw APIFailure.malformed() }
        guard sessions.sessions[session] != nil else { throw APIFailure.notFound("session") }
        return f
    }

    private func revisionField(_ f: [String: JSON]) throws -> Int {
        guard let value = f["expected_revision"]?.intValue, value >= 1 else { throw APIFailure.malformed() }
        return Int(value)
    }

    private func operation(_ f: [String: JSON]) throws -> PeopleState.Operation {
        guard let id = f["operation_id"]?.stringValue.flatMap(Identifier.canonical) else { throw APIFailure.malformed() }
        guard let op = people.operations[id] else { throw APIFailure.notFound("operation") }
        return op
    }

    /// `expected_revisions` (≤ 20), when sent, must match every person's revision.
    private func checkExpected(_ f: [String: JSON], _ involved: [PeopleState.Person]) throws {
        guard let map = f["expected_revisions"]?.objectMembers else { return }
        guard map.count <= 20 else { throw APIFailure.malformed() }
        for member in map {
            guard let id = Identifier.canonical(member.key), let revision = member.value.intValue else { throw APIFailure.malformed() }
            if let person = involved.first(where: { $0.id == id }), person.revision != Int(revision) {
                throw APIFailure.conflict("A person changed since you read them.")
            }
        }
    }

    func previewMerge(_ source: PeopleState.Person, into target: PeopleState.Person) -> PeopleState.Operation {
        let op = PeopleState.Operation(id: Identifier.make(), operation: "merge", sourceID: source.id, targetID: target.id,
                                       personIDs: [source.id, target.id],
                                       expectedRevisions: [source.id: source.revision, target.id: target.revision])
        op.assignments = people.allEntities(of: source.id).map {
            PeopleState.Assignment(entityID: $0.id, before: source.id, after: target.id, revision: $0.revision)
        }
        op.expiresAt = now.adding(seconds: people.previewLifetime)
        people.operations[op.id] = op
        return op
    }

    /// Applies a preview whose people are still at the previewed revisions (else `409`, the preview kept).
    func applyPreview(_ op: PeopleState.Operation) throws {
        for (id, revision) in op.expectedRevisions where people.people[id]?.revision != revision {
            throw APIFailure.conflict("A person changed since the preview.", details: ["reason": "stale_preview"])
        }
        guard let source = people.people[op.sourceID] else { throw APIFailure.notFound("person") }
        if op.operation == "split" {
            let separated = people.addPerson("\(source.displayName) (separated)", state: "provisional", at: now)
            op.targetID = separated.id
            op.personIDs.append(separated.id)
            op.assignments = op.assignments.map { var a = $0; a.after = separated.id; return a }
        }
        for assignment in op.assignments {
            people.entities[assignment.entityID]?.personID = assignment.after
        }
        if op.operation == "merge", let target = op.targetID {
            source.state = "merged"
            source.mergedInto = target
        }
        for id in op.personIDs { people.people[id].map { people.touch($0, at: now) } }
        op.state = "completed"
        op.revision += 1
    }

    private func undo(_ op: PeopleState.Operation) throws -> PeopleState.Operation {
        let undo = PeopleState.Operation(id: Identifier.make(), operation: "undo", sourceID: op.sourceID, targetID: op.targetID,
                                         personIDs: op.personIDs, expectedRevisions: [:])
        undo.assignments = op.assignments.map {
            PeopleState.Assignment(entityID: $0.entityID, before: $0.after, after: $0.before, revision: $0.revision)
        }
        for assignment in undo.assignments { people.entities[assignment.entityID]?.personID = assignment.after }
        if op.operation == "merge", let source = people.people[op.sourceID] {
            source.state = "active"
            source.mergedInto = nil
        }
        if op.operation == "split", let separated = op.targetID, let person = people.people[separated] {
            person.state = "merged"
            person.mergedInto = op.sourceID
        }
        for id in op.personIDs { people.people[id].map { people.touch($0, at: now) } }
        undo.undoOf = op.id
        undo.state = "completed"
        op.state = "cancelled"
        op.revision += 1
        people.operations[undo.id] = undo
        return undo
    }

    // MARK: Corrections

    func correct(_ person: PeopleState.Person) throws -> JSON {
        let f = try Validation.closedObject(try Validation.jsonBody(body), allowed: [
            "session_id", "belief_id", "expected_revision", "expected_position", "operation", "effective_at",
            "projection", "statement",
        ])
        guard f["session_id"]?.stringValue.flatMap(Identifier.canonical) != nil,
              let beliefID = f["belief_id"]?.stringValue.flatMap(Identifier.canonical),
              let position = f["expected_position"]?.intValue, position >= 1,
              let operation = f["operation"]?.stringValue,
              ["correct", "changed", "reject", "affirm", "remove"].contains(operation) else { throw APIFailure.malformed() }
        if let statement = f["statement"] {
            guard let text = statement.stringValue, (1...8192).contains(text.count) else { throw APIFailure.malformed() }
        }
        guard let fact = people.entities[beliefID], fact.personID == person.id, !fact.removed else {
            throw APIFailure.notFound("belief")
        }
        guard try revisionField(f) == fact.revision else { throw APIFailure.conflict("The fact changed meanwhile.") }
        switch operation {
        case "correct":
            if let text = f["statement"]?.stringValue { fact.fields = fact.fields.setting("statement", .string(text)) }
            fact.fields = fact.fields.setting("authority", "user")
        case "changed":
            fact.fields = fact.fields.setting("valid_to", .string(f["effective_at"]?.stringValue ?? now.zulu))
            fact.fields = fact.fields.setting("status", "inactive")
        case "affirm": fact.fields = fact.fields.setting("authority", "affirmed")
        default: fact.removed = true
        }
        fact.revision += 1
        fact.updatedAt = now
        people.touch(person, at: now)
        return ["person_revision": .int(person.revision), "belief": fact.removed ? nil : people.view(fact),
                "removed": .bool(fact.removed), "erasure": nil]
    }

    // MARK: Forget

    func forget(_ person: PeopleState.Person) throws -> JSON {
        let f = try Validation.closedObject(try Validation.jsonBody(body), allowed: [
            "session_id", "phase", "expected_revision", "operation_id",
        ])
        guard f["session_id"]?.stringValue.flatMap(Identifier.canonical) != nil else { throw APIFailure.malformed() }
        switch f["phase"]?.stringValue {
        case "preview"?:
            guard f["operation_id"] == nil else { throw APIFailure.malformed() }
            guard try revisionField(f) == person.revision else { throw APIFailure.conflict("The person changed meanwhile.") }
            let op = PeopleState.Operation(id: Identifier.make(), operation: "forget", sourceID: person.id, targetID: nil,
                                           personIDs: [person.id], expectedRevisions: [person.id: person.revision])
            var counts: [String: Int] = ["person": 1]
            for entity in people.allEntities(of: person.id) { counts[entity.kind, default: 0] += 1 }
            op.counts = counts
            people.operations[op.id] = op
            return people.erasureView(op)
        case "apply"?:
            guard let id = f["operation_id"]?.stringValue.flatMap(Identifier.canonical), let op = people.operations[id],
                  op.operation == "forget", op.sourceID == person.id else { throw APIFailure.malformed() }
            guard op.state == "preview", try revisionField(f) == op.revision,
                  op.expectedRevisions[person.id] == person.revision else {
                throw APIFailure.conflict("The person changed since the preview.")
            }
            for entity in people.allEntities(of: person.id) {
                entity.removed = true
                for reference in entity.supportIDs { people.evidence[reference] = nil }
            }
            people.people[person.id] = nil
            people.order.removeAll { $0 == person.id }
            for (key, suggestion) in people.suggestions where [suggestion.sourceID, suggestion.targetID].contains(person.id) {
                people.suggestions[key]?.state = "withdrawn"
            }
            op.state = "cleanup_pending"
            op.revision += 1
            return people.erasureView(op)
        default:
            throw APIFailure.malformed()
        }
    }
}
