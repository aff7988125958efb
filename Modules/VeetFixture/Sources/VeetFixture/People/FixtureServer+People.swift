import Foundation

extension FixtureServer {
    /// The id of the seeded person named exactly `name` (People/SeededPeople), seeding first.
    public func personID(named name: String) -> String? {
        store.transaction { state in
            state.people.seedIfNeeded(now: state.now())
            return state.people.order.first { state.people.people[$0]?.displayName == name }
        }
    }

    /// Changes a person as another device would (a new revision), so a
    /// preview or an edit made against the old one meets `409`.
    public func touchPerson(_ id: String) {
        store.transaction { state in
            guard let person = state.people.people[id.lowercased()] else { return }
            state.people.touch(person, at: state.now())
        }
    }

    /// Lets every open merge or split preview expire now.
    public func expirePeoplePreviews() {
        store.transaction { state in
            let past = state.now().adding(seconds: -1)
            for op in state.people.operations.values where op.state == "preview" && op.operation != "forget" {
                op.expiresAt = past
            }
        }
    }

    /// Whether anything of the person is left on the server (forget removes it all).
    public func peopleRecords(of personID: String) -> Int {
        store.transaction { state in
            (state.people.people[personID.lowercased()] == nil ? 0 : 1)
                + state.people.allEntities(of: personID.lowercased()).count
        }
    }
}
