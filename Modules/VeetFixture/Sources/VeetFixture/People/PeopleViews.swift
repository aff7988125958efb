import Foundation

/// How the fixture's People records look on the wire (docs/wire/people.md §3–§9).
extension PeopleState {
    static let sensitivityRank = ["public": 0, "internal": 1, "sensitive": 2, "restricted": 3]

    func visible(_ sensitivity: String, under ceiling: String) -> Bool {
        (Self.sensitivityRank[sensitivity] ?? 3) <= (Self.sensitivityRank[ceiling] ?? 0)
    }

    func view(_ p: Person) -> JSON {
        [
            "kind": "person", "id": .string(p.id), "revision": .int(p.revision), "display_name": .string(p.displayName),
            "state": .string(p.state), "pinned": .bool(p.pinned), "merged_into": .string(p.mergedInto),
            "sensitivity": .string(p.sensitivity), "support_ids": [],
            "created_at": .string(p.createdAt.zulu), "updated_at": .string(p.updatedAt.zulu),
        ]
    }

    func view(_ e: Entity) -> JSON {
        var members: [JSON.Member] = []
        if e.kind != "fact" { members.append(JSON.Member(key: "kind", value: .string(e.kind))) }
        members += [
            JSON.Member(key: "id", value: .string(e.id)), JSON.Member(key: "revision", value: .int(e.revision)),
            JSON.Member(key: "sensitivity", value: .string(e.sensitivity)),
            JSON.Member(key: "support_ids", value: .array(e.supportIDs.map { JSON.string($0) })),
            JSON.Member(key: "created_at", value: .string(e.createdAt.zulu)),
            JSON.Member(key: "updated_at", value: .string(e.updatedAt.zulu)),
        ]
        if e.kind == "identifier" { members.append(JSON.Member(key: "person_id", value: .string(e.personID))) }
        members += e.fields.objectMembers ?? []
        return .object(members)
    }

    func labels(for entities: [Entity]) -> JSON {
        var members: [JSON.Member] = []
        var seen: Set<String> = []
        for entity in entities {
            for side in ["subject", "object", "debtor", "beneficiary"] {
                guard let id = entity.fields[side]?["id"]?.stringValue, seen.insert(id).inserted,
                      let person = people[id] else { continue }
                members.append(JSON.Member(key: id, value: .string(person.displayName)))
            }
        }
        return .object(members)
    }

    func factRevisions(_ facts: [Entity]) -> JSON {
        .object(facts.map { JSON.Member(key: $0.id, value: .int($0.revision)) })
    }

    func view(_ o: Operation) -> JSON {
        [
            "id": .string(o.id), "revision": .int(o.revision), "operation": .string(o.operation), "state": .string(o.state),
            "person_ids": .array(o.personIDs.map { JSON.string($0) }),
            "expected_revisions": .object(o.expectedRevisions.sorted { $0.key < $1.key }
                .map { JSON.Member(key: $0.key, value: .int($0.value)) }),
            "assignments": .array(o.assignments.map {
                ["entity_id": .string($0.entityID), "before_person_id": .string($0.before),
                 "after_person_id": .string($0.after), "expected_revision": .int($0.revision),
                 "previous_unresolved": false, "replacement_unresolved": nil]
            }),
            "expires_at": .string(o.expiresAt?.zulu), "undo_of": .string(o.undoOf), "automatic": .bool(o.automatic),
        ]
    }

    static let forgetScope = "Everything Veetbot learned about this person is erased: names, contact details, "
        + "relationships, history, commitments and facts. Original messages stay in their source (chat, mail, SMS)."

    func erasureView(_ o: Operation) -> JSON {
        [
            "id": .string(o.id), "revision": .int(o.revision), "state": .string(o.state),
            "counts": .object(o.counts.sorted { $0.key < $1.key }.map { JSON.Member(key: $0.key, value: .int($0.value)) }),
            "scope": .string(Self.forgetScope),
        ]
    }

    func view(_ s: Suggestion) -> JSON? {
        guard let source = people[s.sourceID], let target = people[s.targetID] else { return nil }
        return [
            "id": .string(s.id), "revision": .int(s.revision), "source": view(source), "target": view(target),
            "reason": .string(s.reason), "family_name": .bool(s.familyName), "state": .string(s.state),
            "created_at": .string(s.createdAt.zulu), "updated_at": .string(s.updatedAt.zulu),
        ]
    }

    func view(_ e: Evidence) -> JSON {
        [
            "reference": .string(e.reference), "source_kind": .string(e.sourceKind), "session_id": nil,
            "event_sequence": nil, "evidence_at": .string(e.at.zulu), "account_id": e.sourceKind == "email" ? "default" : nil,
            "thread_id": nil, "message_id": nil, "email_thread_id": .string(e.emailThreadID),
            "owner_assertion": .string(e.ownerAssertion),
        ]
    }
}
