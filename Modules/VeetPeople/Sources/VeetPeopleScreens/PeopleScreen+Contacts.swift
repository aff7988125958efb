import Foundation
import VeetCurses
import VeetPeople
import VeetTransport

/// The contact details sheet's keys and what its calls report.
extension PeopleScreen {
    mutating func openContacts() {
        guard writeAccess.showsWrites, let profile = selectedProfile else { return }
        sheet = .contacts(ContactSheet(person: profile.person, aliases: profile.aliases))
    }

    /// Keys while the contact sheet is up; nil when it is not.
    mutating func handleContacts(_ key: KeyPress) -> [PeopleScreenEffect]? {
        guard case .contacts(var contacts)? = sheet else { return nil }
        var effects: [PeopleScreenEffect] = []
        if var adding = contacts.adding {
            switch key {
            case KeyPress(.escape): contacts.adding = nil
            case KeyPress(.tab): contacts.adding = ((adding.kind + 1) % ContactSheet.kinds.count, adding.value)
            case KeyPress(.enter):
                let value = adding.value.text.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !value.isEmpty, value.count <= 512 else {
                    contacts.notice = "Not added: type the value (at most 512 characters)."
                    break
                }
                let kind = ContactSheet.kinds[adding.kind]
                contacts.adding = nil
                contacts.sending = true
                contacts.notice = ""
                effects.append(.action(.contact(PersonEdit(addContact: .init(kind: kind, value: value)),
                                                describing: "Added \(kind.rawValue) \(value)."), person: contacts.person))
            default:
                _ = adding.value.handle(.key(key), policy: .chat)
                contacts.adding = adding
            }
        } else {
            let count = contacts.current.count
            switch key {
            case KeyPress(.escape):
                sheet = nil
                return []
            case KeyPress(.up): contacts.cursor = max(contacts.cursor - 1, 0)
            case KeyPress(.down): contacts.cursor = min(contacts.cursor + 1, max(count - 1, 0))
            case .char("a"):
                contacts.notice = ""
                contacts.adding = (0, TextInput())
            case .char("e"):
                guard contacts.current.indices.contains(contacts.cursor), !contacts.sending else { break }
                let alias = contacts.current[contacts.cursor]
                contacts.sending = true
                contacts.notice = ""
                let ended = PersonEdit.EndedContact(identifierID: alias.id, expectedRevision: alias.revision,
                                                    validTo: Timestamp(ISO8601DateFormatter().string(from: now())))
                effects.append(.action(.contact(PersonEdit(endContact: ended), describing: "Ended \(alias.value)."),
                                       person: contacts.person))
            default: break
            }
        }
        sheet = .contacts(contacts)
        return effects
    }

    mutating func applyContacts(_ result: PeopleScreenResult) {
        guard case .contacts(var contacts)? = sheet else { return }
        switch result {
        case .contactOutcome(let text):
            contacts.notice = text
            contacts.sending = false
        case .profile(let profile) where profile.person.id == contacts.person.id:
            contacts.person = profile.person
            contacts.aliases = profile.aliases
            contacts.cursor = min(contacts.cursor, max(contacts.current.count - 1, 0))
        case .person(let person) where person.id == contacts.person.id:
            contacts.person = person
        default: break
        }
        sheet = .contacts(contacts)
    }
}
