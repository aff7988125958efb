import Foundation
import VeetCurses
import VeetPeople

/// A move the People screen asks of the shell: it belongs to another feature.
public enum PeopleScreenRoute: Sendable, Equatable {
    /// Prepare for a conversation: a new conversation whose composer holds `request`
    /// (sent only when the owner presses Enter); a draft already typed is kept.
    case prepareConversation(about: Person, request: String)
    /// Open this mail thread in Email mode (an open thread the person's evidence names).
    case openEmailThread(id: String)
}

/// The People screen's keys and what its work reports.
extension PeopleScreen {
    public var openingEffects: [PeopleScreenEffect] { [.loadPeople] + (lookup.map { [.find($0)] } ?? []) }

    public mutating func update(_ event: ScreenEvent<PeopleScreenResult>) -> ScreenStep<PeopleScreenEffect, PeopleScreenRoute> {
        switch event {
        case .key(let key): return handle(key)
        case .paste(let text): return paste(text) ? .none : .ignored
        case .result(let result): return ScreenStep(effects: apply(result))
        }
    }

    private mutating func handle(_ key: KeyPress) -> ScreenStep<PeopleScreenEffect, PeopleScreenRoute> {
        if let step = handleFacts(key) { return step }
        if let effects = handleIdentitySheet(key) { return ScreenStep(effects: effects) }
        if let effects = handleImports(key) { return ScreenStep(effects: effects) }
        if let effects = handleContacts(key) { return ScreenStep(effects: effects) }
        if let sheet {
            return ScreenStep(effects: handleSheet(sheet, key))
        }
        let count = people.count
        let before = selectedPerson?.id
        var effects: [PeopleScreenEffect] = []
        switch key {
        case KeyPress(.escape):
            return .close
        case _ where ListNavigation.moves(key):
            selected = ListNavigation.index(after: key, from: selected, count: count)
        case .char("g"):
            message = ""
            effects.append(.loadPeople)
            if let person = selectedPerson { effects.append(.loadProfile(personID: person.id)) }
        case KeyPress(.enter):
            guard let person = selectedPerson else { return .none }
            let request = "Help me prepare for a conversation with \(person.displayName): what should I remember?"
            return ScreenStep(route: .prepareConversation(about: person, request: request), closes: true)
        case .char("i"): effects += openImports()
        case .char("e"): openFacts()
        case .char("c") where writeAccess.showsWrites: openContacts()
        case .char("p") where writeAccess.showsWrites:
            guard let person = selectedProfile?.person ?? selectedPerson else { return .none }
            message = person.pinned ? "Unpinning..." : "Pinning..."
            effects.append(.action(.pin(!person.pinned), person: person))
        case .char("n") where writeAccess.showsWrites:
            guard let person = selectedPerson else { return .none }
            sheet = .rename(TextInput(text: person.displayName))
        case .char("x") where writeAccess.showsWrites:
            guard let person = selectedProfile?.person ?? selectedPerson else { return .none }
            message = "Reading what forgetting \(person.displayName) erases..."
            effects.append(.action(.previewForget, person: person))
        default:
            guard let identity = handleIdentityKey(key) else { return .ignored }
            effects += identity
        }
        if let person = selectedPerson, person.id != before { effects.append(.loadProfile(personID: person.id)) }
        return ScreenStep(effects: effects)
    }

    private mutating func handleSheet(_ sheet: Sheet, _ key: KeyPress) -> [PeopleScreenEffect] {
        guard let person = selectedProfile?.person ?? selectedPerson else { self.sheet = nil; return [] }
        if key == KeyPress(.escape) {
            self.sheet = nil
            message = "Nothing was changed."
            return []
        }
        switch sheet {
        case .rename(var input):
            if input.handle(.key(key), policy: .chat) == .submit {
                let name = input.text.trimmingCharacters(in: .whitespacesAndNewlines)
                self.sheet = nil
                guard !name.isEmpty, name != person.displayName else { message = "Nothing was changed."; return [] }
                message = "Renaming..."
                return [.action(.rename(name), person: person)]
            }
            self.sheet = .rename(input)
        case .forget(let preview, var input):
            if input.handle(.key(key), policy: .chat) == .submit {
                self.sheet = nil
                guard ForgetConfirmation.confirms(input.text, person: person) else {
                    message = "Not forgotten; nothing was erased (the name did not match)."
                    return []
                }
                message = "Forgetting \(person.displayName)..."
                return [.action(.forget(preview), person: person)]
            }
            self.sheet = .forget(preview, input)
        case .identity, .mergeTarget, .repair, .imports, .contacts, .facts:
            break  // handled by handleFacts, handleIdentitySheet, handleImports and handleContacts
        }
        return []
    }

    /// A paste into the line being typed (a name, a value, a field); false when nothing is typed.
    private mutating func paste(_ text: String) -> Bool {
        let event = InputEvent.paste(text)
        switch sheet {
        case .rename(var input)?:
            _ = input.handle(event, policy: .chat)
            sheet = .rename(input)
        case .forget(let preview, var input)?:
            _ = input.handle(event, policy: .chat)
            sheet = .forget(preview, input)
        case .mergeTarget(var picker)?:
            _ = picker.input.handle(event, policy: .chat)
            picker.cursor = 0
            sheet = .mergeTarget(picker)
        case .imports(var imports)?:
            guard imports.paste(text) else { return false }
            sheet = .imports(imports)
        case .contacts(var contacts)?:
            guard var adding = contacts.adding else { return false }
            _ = adding.value.handle(event, policy: .chat)
            contacts.adding = adding
            sheet = .contacts(contacts)
        case .facts(var facts)?:
            guard var wording = facts.wording else { return false }
            _ = wording.handle(event, policy: .chat)
            facts.wording = wording
            sheet = .facts(facts)
        case .identity?, .repair?, nil:
            return false
        }
        return true
    }

    /// An answer of the screen's work; returns the reads it calls for.
    public mutating func apply(_ result: PeopleScreenResult) -> [PeopleScreenEffect] {
        var effects: [PeopleScreenEffect] = []
        switch result {
        case .listed(let pinned, let review, let everyone):
            let before = selectedPerson?.id
            show(pinned: pinned, review: review, everyone: everyone)
            selectWanted()
            if let person = selectedPerson, person.id != before || selectedProfile == nil {
                effects.append(.loadProfile(personID: person.id))
            }
        case .unavailable: unavailable = true
        case .profile(let profile):
            self.profile = profile
            applyContacts(result)
            applyFacts(result)
            let references = Self.threadReferences(profile)
            if threadEvidence.personID != profile.person.id {
                threadEvidence = (profile.person.id, [])
                if !references.isEmpty { effects.append(.loadThreads(personID: profile.person.id, references: references)) }
            }
        case .person(let person):
            show(person)
            applyContacts(result)
        case .forgetPreview(let preview):
            message = ""
            sheet = .forget(preview, TextInput())
        case .forgotten(let personID):
            remove(personID)
            if let person = selectedPerson { effects.append(.loadProfile(personID: person.id)) }
        case .writesDenied:
            writeAccess = PeopleWriteAccess(deniedReason: "This token may read People but not change it "
                                            + "(missing people.write); nothing was changed.")
            message = ""
        case .message(let text): message = text
        case .suggestions, .identityEvidence, .identityPreview, .identityApplied, .identityRefused:
            effects += applyIdentity(result)
        case .imports, .importPreview, .importJob, .importRefused:
            applyImports(result)
        case .contactOutcome:
            applyContacts(result)
        case .threads, .factEvidence, .factOutcome:
            applyFacts(result)
        case .found(let person, let lookup):
            effects += found(person, lookup)
        }
        return effects
    }
}
