import Foundation

/// The People routes (docs/wire/people.md §2). Nil for any other path; 404 for every
/// People path when `options.people` is off, as a server with the flag off.
extension Router {
    func peopleResponse(
        _ head: RequestHead, authorized: Bool, readBody: (Int) -> RequestReader.BodyResult
    ) throws -> HTTPResponse? {
        let segments = head.rawPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            String($0).removingPercentEncoding ?? String($0)
        }
        guard segments.count >= 2, segments[0] == "v1", segments[1] == "people" else { return nil }
        guard options.people else { throw APIFailure.unknownRoute }
        if segments.count >= 3, segments[2] == "imports", !options.peopleImports { throw APIFailure.unknownRoute }
        guard authorized else { throw APIFailure.routeAuthentication }
        let isWrite = ["POST", "PATCH"].contains(head.method)
        var body = Data()
        if isWrite {
            switch readBody(options.maximumBodyBytes) {
            case .body(let data): body = data
            case .tooLarge: throw APIFailure.payloadTooLarge
            case .broken: throw BrokenBody()
            }
        }
        if isWrite && options.peopleWritesDenied {
            throw APIFailure(status: 403, code: "authorization_error", message: "Missing scope people.write.")
        }
        let (status, json) = try store.transaction { state in
            let people = state.people
            let now = state.now()
            people.seedIfNeeded(now: now)
            if options.peopleEditedElsewhere, head.method == "PATCH", segments.count == 3 {
                people.editFromElsewhere(segments[2], at: now)
            }
            let handlers = PeopleHandlers(people: people, sessions: state, now: now, head: head, body: body)
            guard isWrite else { return (200, try handlers.read(Array(segments.dropFirst(2)))) }
            return try handlers.keyed { try handlers.write(Array(segments.dropFirst(2))) }
        }
        return .json(status, json)
    }
}

struct PeopleHandlers {
    let people: PeopleState
    let sessions: StoreState
    let now: Instant
    let head: RequestHead
    let body: Data

    static let ceilings: Set<String> = ["public", "internal", "sensitive", "restricted"]

    /// `ceiling` is required on every route (docs/wire/people.md §1).
    var ceiling: String {
        get throws {
            guard let value = head.query("ceiling"), Self.ceilings.contains(value) else {
                throw APIFailure.malformed("ceiling is required (public, internal, sensitive or restricted)")
            }
            return value
        }
    }

    func read(_ rest: [String]) throws -> JSON {
        let ceiling = try ceiling
        switch rest.count {
        case 0 where head.method == "GET": return try directory(ceiling)
        case 1 where rest[0] == "merge-suggestions": return try suggestionsPage(ceiling)
        case 1...2 where rest[0] == "imports": return try importsRead(Array(rest.dropFirst()))
        case 2 where rest[0] == "operations":
            return try operationView(try Validation.uuid(rest[1]))
        case 1: return try profile(try person(rest[0], ceiling))
        case 2 where ["relationships", "history", "facts", "identity-evidence"].contains(rest[1]):
            return try section(rest[1], of: try person(rest[0], ceiling), ceiling)
        case 3 where rest[1] == "evidence":
            let who = try person(rest[0], ceiling)
            guard let found = people.evidence[rest[2]],
                  people.allEntities(of: who.id).contains(where: { $0.supportIDs.contains(rest[2]) })
            else { throw APIFailure.notFound("evidence") }
            return people.view(found)
        default: throw rest.count <= 2 ? APIFailure.unsupportedMethod : APIFailure.unknownRoute
        }
    }

    func person(_ idText: String, _ ceiling: String) throws -> PeopleState.Person {
        let id = try Validation.uuid(idText)
        guard let found = people.people[id], people.visible(found.sensitivity, under: ceiling) else {
            throw APIFailure.notFound("person")
        }
        return found
    }

    /// `limit` 1–100 (docs/wire/people.md §1), then the fixture's id paging.
    func page(_ ids: [String]) throws -> (ids: [String], next: JSON) {
        if let text = head.query("limit"), let value = Int(text), value > 100 { throw APIFailure.malformed() }
        return try IDPaging.page(ids, limit: head.query("limit"), cursor: head.query("cursor"))
    }

    private func directory(_ ceiling: String) throws -> JSON {
        let states = head.queryItems.filter { $0.name == "state" }.map(\.value)
        guard states.count <= 3, states.allSatisfy(["active", "provisional", "merged"].contains) else {
            throw APIFailure.malformed()
        }
        let text = head.query("text")?.lowercased()
        if let text, text.count > 512 { throw APIFailure.malformed() }
        let pinned = head.query("pinned").map { $0 == "true" }
        let review = head.query("review") == "true"
        var found = people.order.compactMap { people.people[$0] }.filter { person in
            guard people.visible(person.sensitivity, under: ceiling) else { return false }
            if !states.isEmpty, !states.contains(person.state) { return false }
            if let pinned, person.pinned != pinned { return false }
            if review && !needsReview(person) { return false }
            if let text, !text.isEmpty {
                let values = people.entities(of: person.id, kind: "identifier").compactMap { $0.fields["value"]?.stringValue }
                return ([person.displayName] + values).contains { $0.lowercased().contains(text) }
            }
            return true
        }
        if head.query("sort") == "recent" {
            found.sort { ($0.lastInteraction ?? Instant(microseconds: 0)) > ($1.lastInteraction ?? Instant(microseconds: 0)) }
        }
        let slice = try page(found.map(\.id))
        return ["items": .array(slice.ids.compactMap { people.people[$0] }.map(people.view)), "next_cursor": slice.next]
    }

    /// Provisional, unpinned, and no confirmed or observed identifier.
    func needsReview(_ person: PeopleState.Person) -> Bool {
        person.state == "provisional" && !person.pinned && !people.entities(of: person.id, kind: "identifier").contains {
            ["owner_confirmed", "channel_observed"].contains($0.fields["verification"]?.stringValue ?? "")
        }
    }

    private func visibleEntities(_ person: PeopleState.Person, _ kind: String, _ ceiling: String) -> [PeopleState.Entity] {
        people.entities(of: person.id, kind: kind).filter { people.visible($0.sensitivity, under: ceiling) }
    }

    private func profile(_ person: PeopleState.Person) throws -> JSON {
        let ceiling = try ceiling
        let slice = 10
        let sections = ["identifier", "relationship", "interaction", "commitment", "fact"].map {
            visibleEntities(person, $0, ceiling)
        }
        let history = sections[2].sorted { occurred($0) > occurred($1) }
        let automatic = people.operations.values.filter {
            $0.automatic && $0.state == "completed" && $0.targetID == person.id && $0.operation == "merge"
        }
        return [
            "person": people.view(person),
            "aliases": .array(sections[0].map(people.view)),
            "relationships": .array(sections[1].prefix(slice).map(people.view)),
            "history": .array(history.prefix(slice).map(people.view)),
            "commitments": .array(sections[3].prefix(slice).map(people.view)),
            "facts": .array(sections[4].prefix(slice).map(people.view)),
            "fact_revisions": people.factRevisions(sections[4]),
            "related_labels": people.labels(for: sections[1] + sections[3]),
            "truncated": .bool(sections.contains { $0.count > slice }),
            "coverage": "Only recorded, permitted evidence is shown; mail older than the import window is not included.",
            "automatic_merges": .array(automatic.compactMap { op in
                people.people[op.sourceID].map {
                    ["operation_id": .string(op.id), "revision": .int(op.revision), "merged": people.view($0),
                     "merged_at": .string($0.updatedAt.zulu)]
                }
            }),
        ]
    }

    func occurred(_ entity: PeopleState.Entity) -> String { entity.fields["occurred_at"]?.stringValue ?? "" }

    private func section(_ name: String, of person: PeopleState.Person, _ ceiling: String) throws -> JSON {
        if name == "identity-evidence" {
            let items = people.allEntities(of: person.id)
            let slice = try page(items.map(\.id))
            return ["items": .array(slice.ids.compactMap { people.entities[$0] }.map { e in
                ["id": .string(e.id), "revision": .int(e.revision), "kind": .string(e.kind),
                 "label": .string(e.fields["value"]?.stringValue ?? e.fields["summary"]?.stringValue
                    ?? e.fields["statement"]?.stringValue ?? e.fields["predicate"]?.stringValue
                    ?? e.fields["description"]?.stringValue),
                 "support_ids": .array(e.supportIDs.map { JSON.string($0) }), "belief_id": nil, "unresolved": false]
            }), "next_cursor": slice.next]
        }
        if let since = head.query("since"), let until = head.query("until"), since >= until { throw APIFailure.malformed() }
        let kind = ["relationships": "relationship", "history": "interaction", "facts": "fact"][name] ?? name
        var items = visibleEntities(person, kind, ceiling)
        if kind == "interaction" {
            items.sort { occurred($0) > occurred($1) }
            if let channel = head.query("channel") { items = items.filter { $0.fields["channel"]?.stringValue == channel } }
        }
        let slice = try page(items.map(\.id))
        var answer: JSON = ["items": .array(slice.ids.compactMap { people.entities[$0] }.map(people.view)),
                            "next_cursor": slice.next,
                            "coverage": "Only recorded, permitted evidence is shown."]
        if kind == "fact" { answer = answer.setting("fact_revisions", people.factRevisions(items)) }
        return answer
    }

    private func suggestionsPage(_ ceiling: String) throws -> JSON {
        let open = people.suggestionOrder.compactMap { people.suggestions[$0] }.filter { s in
            s.state == "open" && [s.sourceID, s.targetID].allSatisfy {
                people.people[$0].map { people.visible($0.sensitivity, under: ceiling) && $0.state != "merged" } ?? false
            }
        }
        let slice = try page(open.map(\.id))
        return ["items": .array(slice.ids.compactMap { people.suggestions[$0] }.compactMap(people.view)),
                "next_cursor": slice.next]
    }

    private func operationView(_ id: String) throws -> JSON {
        guard let op = people.operations[id] else { throw APIFailure.notFound("operation") }
        if op.state == "cleanup_pending" {
            if op.pendingReads > 0 {
                op.pendingReads -= 1
            } else {
                op.state = "completed"
                op.revision += 1
            }
        }
        return op.operation == "forget" ? people.erasureView(op).setting("operation", "forget") : people.view(op)
    }
}
