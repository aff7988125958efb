import Foundation
import VeetCurses
import VeetPeople
import VeetTransport

/// The contact details sheet's keys and what its calls report.
extension ChatScreen {
    func openPeopleContacts(_ screen: inout PeopleScreen) {
        guard screen.writeAccess.showsWrites, let profile = screen.selectedProfile else { return }
        screen.sheet = .contacts(ContactSheet(person: profile.person, aliases: profile.aliases))
    }

    /// Keys while the contact sheet is up; false when it is not.
    func handlePeopleContacts(_ key: KeyPress, _ screen: inout PeopleScreen) -> Bool {
        guard case .contacts(var sheet)? = screen.sheet else { return false }
        if var adding = sheet.adding {
            switch key {
            case KeyPress(.escape): sheet.adding = nil
            case KeyPress(.tab): sheet.adding = ((adding.kind + 1) % ContactSheet.kinds.count, adding.value)
            case KeyPress(.enter):
                let value = adding.value.text.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !value.isEmpty, value.count <= 512 else {
                    sheet.notice = "Not added: type the value (at most 512 characters)."
                    break
                }
                let kind = ContactSheet.kinds[adding.kind]
                sheet.adding = nil
                sheet.sending = true
                sheet.notice = ""
                _ = backend.peopleAction(.contact(PersonEdit(addContact: .init(kind: kind, value: value)),
                                                  describing: "Added \(kind.rawValue) \(value)."), person: sheet.person)
            default:
                _ = adding.value.handle(.key(key), policy: .chat)
                sheet.adding = adding
            }
        } else {
            let count = sheet.current.count
            switch key {
            case KeyPress(.escape):
                screen.sheet = nil
                return true
            case KeyPress(.up): sheet.cursor = max(sheet.cursor - 1, 0)
            case KeyPress(.down): sheet.cursor = min(sheet.cursor + 1, max(count - 1, 0))
            case .char("a"):
                sheet.notice = ""
                sheet.adding = (0, TextInput())
            case .char("e"):
                guard sheet.current.indices.contains(sheet.cursor), !sheet.sending else { break }
                let alias = sheet.current[sheet.cursor]
                sheet.sending = true
                sheet.notice = ""
                let ended = PersonEdit.EndedContact(identifierID: alias.id, expectedRevision: alias.revision,
                                                    validTo: Timestamp(ISO8601DateFormatter().string(from: Date())))
                _ = backend.peopleAction(.contact(PersonEdit(endContact: ended), describing: "Ended \(alias.value)."),
                                         person: sheet.person)
            default: break
            }
        }
        screen.sheet = .contacts(sheet)
        return true
    }

    func applyContacts(_ update: PeopleUpdate, _ screen: inout PeopleScreen) {
        guard case .contacts(var sheet)? = screen.sheet else { return }
        switch update {
        case .contactOutcome(let text):
            sheet.notice = text
            sheet.sending = false
        case .profile(let profile) where profile.person.id == sheet.person.id:
            sheet.person = profile.person
            sheet.aliases = profile.aliases
            sheet.cursor = min(sheet.cursor, max(sheet.current.count - 1, 0))
        case .person(let person) where person.id == sheet.person.id:
            sheet.person = person
        default: break
        }
        screen.sheet = .contacts(sheet)
    }
}
