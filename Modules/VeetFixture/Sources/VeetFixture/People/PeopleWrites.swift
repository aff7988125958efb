import Foundation

/// The People writes (docs/wire/people.md §6–§9): every one needs `ceiling`, an
/// `Idempotency-Key` (a repeat with the same body gets the first answer, another
/// body `409 idempotency_key_reused`), a closed body with `session_id` naming a
/// session, and the revision it expects (stale ⇒ `409 conflict`).
extension PeopleHandlers {
    func keyed(_ write: () throws -> (Int, JSON)) throws -> (Int, JSON) {
        _ = try ceiling
        guard let key = head.header("idempotency-key"), (1...200).contains(key.count) else {
            throw APIFailure.malformed("Idempotency-Key is required")
        }
        let fingerprint = head.method + " " + head.rawPath + " " + (try Validation.jsonBody(body)).serialized(sortedKeys: true)
        if let earlier = people.writeKeys[key] {
            guard earlier.fingerprint == fingerprint else { throw APIFailure.idempotencyKeyReused }
            return (earlier.status, earlier.answer)
        }
        let answer = try write()
        people.writeKeys[key] = (fingerprint, answer.0, answer.1)
        return answer
    }

    func write(_ rest: [String]) throws -> (Int, JSON) {
        let ceiling = try ceiling
        switch (head.method, rest.count) {
        case ("POST", 0): return (201, try create())
        case ("POST", 1) where rest[0] == "identity-operations": return (200, try identityOperation())
        case ("POST", 1...3) where rest[0] == "imports": return (200, try importsWrite(Array(rest.dropFirst())))
        case ("POST", 2) where rest[0] == "merge-suggestions": return (200, try decide(try Validation.uuid(rest[1])))
        case ("PATCH", 1): return (200, try edit(try person(rest[0], ceiling)))
        case ("POST", 2) where rest[1] == "corrections": return (200, try correct(try person(rest[0], ceiling)))
        case ("POST", 2) where rest[1] == "forget": return (200, try forget(try person(rest[0], ceiling)))
        default: throw rest.count <= 2 ? APIFailure.unsupportedMethod : APIFailure.unknownRoute
        }
    }

    private func fields(_ allowed: Set<String>) throws -> [String: JSON] {
        let fields = try Validation.closedObject(try Validation.jsonBody(body), allowed: allowed)
        guard let session = fields["session_id"]?.stringValue, let id = Identifier.canonical(session) else {
            throw APIFailure.malformed("session_id is required")
        }
        guard sessions.sessions[id] != nil else { throw APIFailure.notFound("session") }
        return fields
    }

    private func revision(_ fields: [String: JSON], _ key: String = "expected_revision") throws -> Int {
        guard let value = fields[key]?.intValue, value >= 1 else { throw APIFailure.malformed("\(key) is required") }
        return Int(value)
    }

    private static let stale = APIFailure.conflict("The record changed; refresh and retry.")

    private func create() throws -> JSON {
        let f = try fields(["session_id", "display_name", "sensitivity"])
        guard let name = f["display_name"]?.stringValue, (1...200).contains(name.count) else { throw APIFailure.malformed() }
        let sensitivity = f["sensitivity"]?.stringValue ?? "sensitive"
        guard Self.ceilings.contains(sensitivity) else { throw APIFailure.malformed() }
        let person = people.addPerson(name, sensitivity: sensitivity, at: now)
        people.addEntity("identifier", to: person.id, ["identifier_kind": "name", "namespace": "owner", "value": .string(name),
                                                      "context": "owner", "verification": "owner_confirmed",
                                                      "valid_from": nil, "valid_to": nil], at: now)
        return people.view(person)
    }

    private func edit(_ person: PeopleState.Person) throws -> JSON {
        let f = try fields(["session_id", "expected_revision", "display_name", "pinned", "confirm", "alias"])
        guard try revision(f) == person.revision else { throw Self.stale }
        if let name = f["display_name"] {
            guard let text = name.stringValue, (1...200).contains(text.count) else { throw APIFailure.malformed() }
            person.displayName = text
        }
        if let pinned = f["pinned"] {
            guard case .bool(let value) = pinned else { throw APIFailure.malformed() }
            person.pinned = value
        }
        if let confirm = f["confirm"] {
            guard confirm == .bool(true) else { throw APIFailure.malformed() }
            if person.state == "provisional" { person.state = "active" }
        }
        if let alias = f["alias"] {
            switch alias["operation"]?.stringValue {
            case "add"?:
                let a = try Validation.closedObject(alias, allowed: ["operation", "identifier_kind", "value", "namespace",
                                                                     "context", "valid_from"])
                guard let kind = a["identifier_kind"]?.stringValue, ["name", "email", "phone", "handle", "role"].contains(kind),
                      let value = a["value"]?.stringValue, (1...512).contains(value.count) else { throw APIFailure.malformed() }
                people.addEntity("identifier", to: person.id, [
                    "identifier_kind": .string(kind), "namespace": a["namespace"] ?? "owner", "value": .string(value),
                    "context": a["context"] ?? "owner", "verification": "owner_confirmed",
                    "valid_from": a["valid_from"] ?? nil, "valid_to": nil], at: now)
            case "end"?:
                let a = try Validation.closedObject(alias, allowed: ["operation", "identifier_id", "expected_revision", "valid_to"])
                guard let id = a["identifier_id"]?.stringValue.flatMap(Identifier.canonical),
                      let entity = people.entities[id], entity.personID == person.id, !entity.removed,
                      let to = a["valid_to"]?.stringValue else { throw APIFailure.malformed() }
                guard try revision(a) == entity.revision else { throw Self.stale }
                entity.fields = entity.fields.setting("valid_to", .string(to))
                entity.revision += 1
            default: throw APIFailure.malformed()
            }
        }
        people.touch(person, at: now)
        return people.view(person)
    }

    private func decide(_ id: String) throws -> JSON {
        let f = try fields(["session_id", "expected_revision", "decision"])
        guard var suggestion = people.suggestions[id] else { throw APIFailure.notFound("suggestion") }
        guard try revision(f) == suggestion.revision, suggestion.state == "open" else { throw Self.stale }
        switch f["decision"]?.stringValue {
        case "merge"?:
            guard let source = people.people[suggestion.sourceID], let target = people.people[suggestion.targetID] else {
                throw Self.stale
            }
            let op = previewMerge(source, into: target)
            try applyPreview(op)
            suggestion.state = "merged"
        case "separate"?: suggestion.state = "separated"
        default: throw APIFailure.malformed()
        }
        suggestion.revision += 1
        suggestion.updatedAt = now
        people.suggestions[id] = suggestion
        return people.view(suggestion) ?? nil
    }
}
