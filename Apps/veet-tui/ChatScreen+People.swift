import Foundation
import VeetCurses
import VeetPeople

/// The People screen's keys and what its calls report.
extension ChatScreen {
    func openPeopleScreen() {
        state.peopleScreen = PeopleScreen()
        _ = backend.loadPeople()
    }

    func handlePeopleScreen(_ key: KeyPress) {
        guard var screen = state.peopleScreen else { return }
        if handlePeopleIdentitySheet(key, &screen) || handlePeopleImports(key, &screen)
            || handlePeopleContacts(key, &screen) {
            state.peopleScreen = screen
            return
        }
        if let sheet = screen.sheet {
            handlePeopleSheet(sheet, key, &screen)
            state.peopleScreen = screen
            return
        }
        let count = screen.people.count
        let before = screen.selectedPerson?.id
        switch key {
        case KeyPress(.escape):
            state.peopleScreen = nil
            return
        case _ where ListNavigation.moves(key):
            screen.selected = ListNavigation.index(after: key, from: screen.selected, count: count)
        case .char("g"):
            screen.message = ""
            _ = backend.loadPeople()
            if let person = screen.selectedPerson { _ = backend.loadProfile(personID: person.id) }
        case KeyPress(.enter):
            guard let person = screen.selectedPerson else { return }
            prepareConversation(about: person)
            return
        case .char("i"): openPeopleImports(&screen)
        case .char("c") where screen.writeAccess.showsWrites: openPeopleContacts(&screen)
        case .char("p") where screen.writeAccess.showsWrites:
            guard let person = screen.selectedProfile?.person ?? screen.selectedPerson else { return }
            screen.message = person.pinned ? "Unpinning..." : "Pinning..."
            _ = backend.peopleAction(.pin(!person.pinned), person: person)
        case .char("n") where screen.writeAccess.showsWrites:
            guard let person = screen.selectedPerson else { return }
            screen.sheet = .rename(TextInput(text: person.displayName))
        case .char("x") where screen.writeAccess.showsWrites:
            guard let person = screen.selectedProfile?.person ?? screen.selectedPerson else { return }
            screen.message = "Reading what forgetting \(person.displayName) erases..."
            _ = backend.peopleAction(.previewForget, person: person)
        default:
            guard handlePeopleIdentityKey(key, &screen) else { return }
        }
        if let person = screen.selectedPerson, person.id != before { _ = backend.loadProfile(personID: person.id) }
        state.peopleScreen = screen
    }

    private func handlePeopleSheet(_ sheet: PeopleScreen.Sheet, _ key: KeyPress, _ screen: inout PeopleScreen) {
        guard let person = screen.selectedProfile?.person ?? screen.selectedPerson else { screen.sheet = nil; return }
        if key == KeyPress(.escape) {
            screen.sheet = nil
            screen.message = "Nothing was changed."
            return
        }
        switch sheet {
        case .rename(var input):
            if input.handle(.key(key), policy: .chat) == .submit {
                let name = input.text.trimmingCharacters(in: .whitespacesAndNewlines)
                screen.sheet = nil
                guard !name.isEmpty, name != person.displayName else { screen.message = "Nothing was changed."; return }
                screen.message = "Renaming..."
                _ = backend.peopleAction(.rename(name), person: person)
            } else {
                screen.sheet = .rename(input)
            }
        case .forget(let preview, var input):
            if input.handle(.key(key), policy: .chat) == .submit {
                screen.sheet = nil
                guard ForgetConfirmation.confirms(input.text, person: person) else {
                    screen.message = "Not forgotten; nothing was erased (the name did not match)."
                    return
                }
                screen.message = "Forgetting \(person.displayName)..."
                _ = backend.peopleAction(.forget(preview), person: person)
            } else {
                screen.sheet = .forget(preview, input)
            }
        case .identity, .mergeTarget, .repair, .imports, .contacts:
            break  // handled by handlePeopleIdentitySheet and handlePeopleImports
        }
    }

    /// Prepare for a conversation: a new conversation whose composer holds the
    /// request (sent only when the owner presses Enter). A draft already typed is kept.
    private func prepareConversation(about person: Person) {
        state.peopleScreen = nil
        openConversation(nil)
        let request = "Help me prepare for a conversation with \(person.displayName): what should I remember?"
        if state.composer.isEmpty {
            state.composer = TextInput(text: request)
        } else {
            state.notice = "Your draft was kept; ask about \(person.displayName) when it is sent."
        }
    }

    func apply(_ update: PeopleUpdate) {
        guard var screen = state.peopleScreen else { return }
        switch update {
        case .listed(let pinned, let review, let everyone):
            let before = screen.selectedPerson?.id
            screen.show(pinned: pinned, review: review, everyone: everyone)
            if let person = screen.selectedPerson, person.id != before || screen.selectedProfile == nil {
                _ = backend.loadProfile(personID: person.id)
            }
        case .unavailable: screen.unavailable = true
        case .profile(let profile):
            screen.profile = profile
            applyContacts(update, &screen)
        case .person(let person):
            screen.show(person)
            applyContacts(update, &screen)
        case .forgetPreview(let preview):
            screen.message = ""
            screen.sheet = .forget(preview, TextInput())
        case .forgotten(let personID):
            screen.remove(personID)
            if let person = screen.selectedPerson { _ = backend.loadProfile(personID: person.id) }
        case .writesDenied:
            screen.writeAccess = PeopleWriteAccess(deniedReason: "This token may read People but not change it "
                                                   + "(missing people.write); nothing was changed.")
            screen.message = ""
        case .message(let text): screen.message = text
        case .suggestions, .identityEvidence, .identityPreview, .identityApplied, .identityRefused:
            applyIdentity(update, &screen)
        case .imports, .importPreview, .importJob, .importRefused:
            applyImports(update, &screen)
        case .contactOutcome:
            applyContacts(update, &screen)
        }
        state.peopleScreen = screen
    }
}
