import Foundation

/// The fixture's People directory (docs/wire/people.md): people and the entities that
/// hang off them, merge suggestions, identity and erasure operations, and the
/// idempotency keys of People writes. Seeded on first use (SeededPeople).
final class PeopleState {
    final class Person {
        let id: String
        var revision = 1
        var displayName: String
        var state: String
        var pinned = false
        var mergedInto: String?
        var sensitivity: String
        let createdAt: Instant
        var updatedAt: Instant
        /// The most recent interaction, for `sort=recent`.
        var lastInteraction: Instant?

        init(id: String, displayName: String, state: String = "active", sensitivity: String = "sensitive", at: Instant) {
            self.id = id
            self.displayName = displayName
            self.state = state
            self.sensitivity = sensitivity
            self.createdAt = at
            self.updatedAt = at
        }
    }

    /// An identifier, relationship, interaction, commitment or fact: the view
    /// fields it serves (`fields`), the person it belongs to, its revision.
    final class Entity {
        let id: String
        let kind: String
        var personID: String
        var revision = 1
        var fields: JSON
        var sensitivity = "sensitive"
        var supportIDs: [String]
        var removed = false
        let createdAt: Instant
        var updatedAt: Instant

        init(id: String, kind: String, personID: String, fields: JSON, supportIDs: [String], at: Instant) {
            self.id = id
            self.kind = kind
            self.personID = personID
            self.fields = fields
            self.supportIDs = supportIDs
            self.createdAt = at
            self.updatedAt = at
        }
    }

    struct Suggestion {
        var id: String
        var revision = 1
        var sourceID: String
        var targetID: String
        var reason: String
        var familyName: Bool
        var state = "open"
        var createdAt: Instant
        var updatedAt: Instant
    }

    struct Assignment {
        var entityID: String
        var before: String
        var after: String
        var revision: Int
    }

    final class Operation {
        let id: String
        var revision = 1
        let operation: String
        var state = "preview"
        var personIDs: [String]
        var expectedRevisions: [String: Int]
        var assignments: [Assignment] = []
        var expiresAt: Instant?
        var undoOf: String?
        var automatic = false
        /// merge: the source; split: the person split from; forget: the person.
        var sourceID: String
        var targetID: String?
        var counts: [String: Int] = [:]
        /// Reads left before a `cleanup_pending` erasure reports `completed`.
        var pendingReads = 1

        init(id: String, operation: String, sourceID: String, targetID: String?, personIDs: [String],
             expectedRevisions: [String: Int]) {
            self.id = id
            self.operation = operation
            self.sourceID = sourceID
            self.targetID = targetID
            self.personIDs = personIDs
            self.expectedRevisions = expectedRevisions
        }
    }

    struct Evidence {
        var reference: String
        var sourceKind: String
        var at: Instant
        var emailThreadID: String?
        var ownerAssertion: String?
    }

    var people: [String: Person] = [:]
    var order: [String] = []
    var entities: [String: Entity] = [:]
    var entityOrder: [String] = []
    var suggestions: [String: Suggestion] = [:]
    var suggestionOrder: [String] = []
    var operations: [String: Operation] = [:]
    var evidence: [String: Evidence] = [:]
    /// People writes by `Idempotency-Key`: the request's fingerprint and the answer given.
    var writeKeys: [String: (fingerprint: String, status: Int, answer: JSON)] = [:]
    var seeded = false
    /// History import jobs (PeopleImports), oldest first.
    var imports: [String: ImportJobRecord] = [:]
    var importOrder: [String] = []
    /// How long a merge or split preview can be applied.
    var previewLifetime: Double = 600

    func entities(of personID: String, kind: String) -> [Entity] {
        entityOrder.compactMap { entities[$0] }.filter { $0.personID == personID && $0.kind == kind && !$0.removed }
    }

    func allEntities(of personID: String) -> [Entity] {
        entityOrder.compactMap { entities[$0] }.filter { $0.personID == personID && !$0.removed }
    }

    @discardableResult
    func addPerson(_ name: String, state: String = "active", sensitivity: String = "sensitive", at: Instant) -> Person {
        let person = Person(id: Identifier.make(), displayName: name, state: state, sensitivity: sensitivity, at: at)
        people[person.id] = person
        order.append(person.id)
        return person
    }

    @discardableResult
    func addEntity(_ kind: String, to personID: String, _ fields: JSON, evidence source: Evidence? = nil,
                   at: Instant) -> Entity {
        var support: [String] = []
        if let source {
            evidence[source.reference] = source
            support.append(source.reference)
        }
        let entity = Entity(id: Identifier.make(), kind: kind, personID: personID, fields: fields, supportIDs: support, at: at)
        entities[entity.id] = entity
        entityOrder.append(entity.id)
        return entity
    }

    func touch(_ person: Person, at now: Instant) {
        person.revision += 1
        person.updatedAt = now
    }

    /// People already changed "on another device" (`peopleEditedElsewhere`): once each.
    var editedElsewhere: Set<String> = []

    /// The first edit of a person finds them changed elsewhere just before: a new revision, so it meets `409`.
    func editFromElsewhere(_ id: String, at now: Instant) {
        guard let person = people[id.lowercased()], editedElsewhere.insert(person.id).inserted else { return }
        touch(person, at: now)
    }
}
