import Foundation

/// The People directory the fixture starts with: 80+ people. Pinned ones
/// (Maya Chen, Jules Moreau, Ana Silva), name-only and role-only ones (Needs
/// review), a likely duplicate for every suggestion reason, Maya Chen's long
/// history of chats and email summaries across time zones with facts and
/// evidence, a restricted person (seen only with `ceiling=restricted`), and an
/// automatic merge to undo (Sam Okafor took in "Sam O.").
extension PeopleState {
    static let firstNames = ["Aiko", "Bruno", "Carla", "Dev", "Emeka", "Farah", "Goran", "Hana", "Ivan", "Jonas",
                             "Kira", "Luis", "Mina", "Noor", "Omar", "Pia", "Quentin", "Rosa", "Sven", "Tara",
                             "Uma", "Viktor", "Wen", "Yara", "Zane", "Alba", "Boris", "Celine", "Dario", "Esme"]
    static let lastNames = ["Abe", "Berg", "Costa", "Diaz", "Eze", "Fontaine", "Gruber", "Haas", "Ito", "Jensen",
                            "Kowalski", "Lund", "Mendes", "Novak", "Ortiz", "Pham", "Quinn", "Rossi", "Sato", "Tan"]
    static let zones = ["Europe/Lisbon", "Asia/Tokyo", "America/Los_Angeles", "Europe/Berlin", "America/New_York", "UTC"]

    func seedIfNeeded(now: Instant) {
        guard !seeded else { return }
        seeded = true
        let day = 86_400.0
        let base = now.adding(seconds: -400 * day)

        func email(_ person: Person, _ address: String, verified: String = "channel_observed") {
            addEntity("identifier", to: person.id, ["identifier_kind": "email", "namespace": "owner", "value": .string(address),
                                                   "context": "owner", "verification": .string(verified),
                                                   "valid_from": nil, "valid_to": nil], at: base)
        }
        func nameOnly(_ person: Person, kind: String = "name") {
            addEntity("identifier", to: person.id, ["identifier_kind": .string(kind), "namespace": "owner",
                                                   "value": .string(person.displayName), "context": "owner",
                                                   "verification": "contextual", "valid_from": nil, "valid_to": nil], at: base)
        }

        // The pinned three, Maya first with the long history.
        let maya = addPerson("Maya Chen", at: base)
        maya.pinned = true
        email(maya, "maya.chen@example.com", verified: "owner_confirmed")
        addEntity("identifier", to: maya.id, ["identifier_kind": "phone", "namespace": "owner", "value": "+351 912 345 678",
                                             "context": "owner", "verification": "channel_observed",
                                             "valid_from": nil, "valid_to": nil], at: base)
        let jules = addPerson("Jules Moreau", at: base)
        jules.pinned = true
        email(jules, "jules@moreau.example")
        let ana = addPerson("Ana Silva", at: base)
        ana.pinned = true
        email(ana, "ana.silva@example.org")
        seedMayasRecord(maya, jules: jules, base: base, now: now)

        // Needs review: known only by a name or a role.
        for (name, kind) in [("Dr. Patel", "role"), ("the plumber", "role"), ("Grandma Rose", "name"), ("Theo", "name"),
                             ("Coach from the gym", "role")] {
            nameOnly(addPerson(name, state: "provisional", at: base), kind: kind)
        }

        // A likely duplicate for every suggestion reason.
        let pairs: [(String, String, String, Bool)] = [
            ("Daniel Park", "Daniel Park", "same_name", true), ("Priya", "Priya Raman", "first_name", false),
            ("Bob Lee", "Robert Lee", "nickname", true), ("L. Fischer", "Lena Fischer", "same_address", true),
        ]
        for (index, (sourceName, targetName, reason, family)) in pairs.enumerated() {
            let source = addPerson(sourceName, state: "provisional", at: base)
            let target = addPerson(targetName, at: base)
            nameOnly(source)
            email(target, "\(targetName.lowercased().replacingOccurrences(of: " ", with: "."))@example.net")
            if reason == "same_address" { email(source, "lena.fischer@example.net") }
            let suggestion = Suggestion(id: Identifier.make(), sourceID: source.id, targetID: target.id, reason: reason,
                                        familyName: family, createdAt: base.adding(seconds: Double(index)),
                                        updatedAt: base.adding(seconds: Double(index)))
            suggestions[suggestion.id] = suggestion
            suggestionOrder.append(suggestion.id)
        }

        // Restricted: only an owner's app (ceiling=restricted) sees her.
        let elena = addPerson("Elena Vasquez", sensitivity: "restricted", at: base)
        email(elena, "elena@private.example")

        // An automatic merge: "Sam O." was merged into Sam Okafor by the system.
        let sam = addPerson("Sam Okafor", at: base)
        email(sam, "sam.okafor@example.com")
        let samO = addPerson("Sam O.", at: base)
        let samOName = addEntity("identifier", to: sam.id, ["identifier_kind": "name", "namespace": "owner", "value": "Sam O.",
                                                            "context": "owner", "verification": "contextual",
                                                            "valid_from": nil, "valid_to": nil], at: base)
        samO.state = "merged"
        samO.mergedInto = sam.id
        let automatic = Operation(id: Identifier.make(), operation: "merge", sourceID: samO.id, targetID: sam.id,
                                  personIDs: [samO.id, sam.id], expectedRevisions: [samO.id: 1, sam.id: 1])
        automatic.state = "completed"
        automatic.automatic = true
        automatic.revision = 2
        automatic.assignments = [Assignment(entityID: samOName.id, before: samO.id, after: sam.id, revision: 1)]
        operations[automatic.id] = automatic

        // Everyone else, with an observed address each.
        var count = 0
        outer: for last in Self.lastNames {
            for first in Self.firstNames.shuffledDeterministically(seed: last.count) {
                let person = addPerson("\(first) \(last)", at: base.adding(seconds: Double(count)))
                email(person, "\(first.lowercased()).\(last.lowercased())@example.com")
                person.lastInteraction = base.adding(seconds: Double(count) * 3600)
                count += 1
                if count >= 64 { break outer }
                if count % 4 == 0 { continue outer }
            }
        }
    }

    /// Maya's relationships, facts with evidence, a commitment, and 60 history
    /// entries over a year: chats, SMS, and email summaries written in several time zones.
    private func seedMayasRecord(_ maya: Person, jules: Person, base: Instant, now: Instant) {
        let owner: JSON = ["kind": "owner"]
        let me: JSON = ["kind": "person", "id": .string(maya.id)]
        addEntity("relationship", to: maya.id, [
            "subject": me, "object": owner, "predicate": "colleague", "qualifier": "design team", "belief_id": nil,
            "valid_from": "2024-06-01T00:00:00Z", "valid_to": nil, "precision": "month", "source_timezone": "Europe/Lisbon",
            "unresolved": false,
        ], evidence: Evidence(reference: "ev-rel-1", sourceKind: "owner", at: base, ownerAssertion: "Maya is on my design team."),
            at: base)
        addEntity("relationship", to: maya.id, [
            "subject": me, "object": ["kind": "person", "id": .string(jules.id)], "predicate": "partner", "qualifier": "",
            "belief_id": nil, "valid_from": "2019-01-01T00:00:00Z", "valid_to": nil, "precision": "year",
            "source_timezone": nil, "unresolved": false,
        ], at: base)
        addEntity("commitment", to: maya.id, [
            "debtor": owner, "beneficiary": me, "description": "Send Maya the budget draft", "state": "open",
            "belief_id": nil, "due_at": "2026-12-05T18:00:00Z", "due_precision": "day", "source_timezone": "Europe/Lisbon",
            "unresolved": false,
        ], at: base)
        let facts = ["Allergic to peanuts", "Prefers morning meetings", "Lives in Lisbon", "Has a daughter, Iris",
                     "Runs the design team's critique on Thursdays"]
        for (index, statement) in facts.enumerated() {
            let reference = "ev-fact-\(index + 1)"
            let fromMail = index % 2 == 1
            addEntity("fact", to: maya.id, [
                "subject": "person", "statement": .string(statement), "belief_type": "fact", "status": "active",
                "polarity": "assert", "authority": "inferred", "confidence": .double(0.7), "flagged_for_review": .bool(fromMail),
                "source_session_id": nil, "source_event_ids": [], "valid_from": nil, "valid_to": nil,
            ], evidence: Evidence(reference: reference, sourceKind: fromMail ? "email" : "owner", at: base,
                                  emailThreadID: fromMail ? EmailSeedIDs.thread(53) : nil,
                                  ownerAssertion: fromMail ? nil : "Maya told me: \(statement.lowercased())."),
                at: base)
        }
        let kinds = ["exchange", "meeting", "decision", "exchange", "visit", "milestone"]
        for index in 0..<60 {
            let at = base.adding(seconds: Double(index) * 6 * 86_400 + 23 * 3600 + 1800)
            let channel = ["email", "chat", "email", "sms"][index % 4]
            let zone = Self.zones[(index / 2) % Self.zones.count]
            let precision = index == 7 ? "month" : index == 11 ? "year" : index == 13 ? "unknown" : index % 3 == 0 ? "instant" : "day"
            let summary = channel == "email" ? "Email: \(["Budget review", "Trip to Porto", "Design critique notes", "Hiring plan"][index % 4]) (#\(index + 1))"
                : "Talked about \(["the offsite", "Iris's school", "the new office", "a book"][index % 4]) (#\(index + 1))"
            let reference = "ev-hist-\(index + 1)"
            let entity = addEntity("interaction", to: maya.id, [
                "channel": .string(channel), "interaction_kind": .string(kinds[index % kinds.count]),
                "attribution": "observed", "direction": index % 2 == 0 ? "incoming" : "outgoing",
                "summary": .string(summary), "occurred_at": .string(at.zulu), "ended_at": nil,
                "precision": .string(precision), "source_timezone": .string(zone),
                "participants": [["person_id": .string(maya.id), "role": index % 2 == 0 ? "sender" : "recipient"]],
            ], evidence: Evidence(reference: reference, sourceKind: channel == "chat" ? "owner" : channel, at: at,
                                  emailThreadID: channel == "email" ? Self.mayasThreads[index / 2 % 2] : nil), at: at)
            entity.sensitivity = "sensitive"
        }
        maya.lastInteraction = now
    }

    /// Maya's threads in the seeded mailbox (the budget vote and the garden planning): her mail
    /// evidence names them, so a profile's open threads open in Email mode.
    static let mayasThreads = [EmailSeedIDs.thread(53), EmailSeedIDs.thread(5)]
}

extension Array {
    /// The same order every run (the fixture's seeds never change between runs).
    func shuffledDeterministically(seed: Int) -> [Element] {
        guard !isEmpty else { return self }
        let shift = seed % count
        return Array(self[shift...] + self[..<shift])
    }
}
