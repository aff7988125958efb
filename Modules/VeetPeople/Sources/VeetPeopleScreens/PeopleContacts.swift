import Foundation
import VeetCurses
import VeetPeople
import VeetTokens

/// Contact details as a sheet over the profile: the current ones, one added
/// (its kind chosen with Tab, its value typed) or one ended; each sent against
/// the person's revision, and a `409` reads the person again and says so.
public struct ContactSheet: Equatable, Sendable {
    static let kinds: [IdentifierKind] = [.email, .phone, .handle, .name, .role]

    public var person: Person
    public var aliases: [PersonIdentifier]
    public var cursor = 0
    /// The detail being added: its kind (an index into `kinds`) and value.
    public var adding: (kind: Int, value: TextInput)?
    public var notice = ""
    public var sending = false

    public init(person: Person, aliases: [PersonIdentifier]) {
        self.person = person
        self.aliases = aliases
    }

    public static func == (lhs: ContactSheet, rhs: ContactSheet) -> Bool {
        lhs.person == rhs.person && lhs.aliases == rhs.aliases && lhs.cursor == rhs.cursor && lhs.notice == rhs.notice
            && lhs.sending == rhs.sending && lhs.adding?.kind == rhs.adding?.kind && lhs.adding?.value == rhs.adding?.value
    }

    /// The details that still hold (an ended one keeps its `valid_to`).
    public var current: [PersonIdentifier] { aliases.filter { $0.validTo == nil } }

    func draw(in grid: inout ScreenGrid) {
        var lines: [(String, TextStyle)] = []
        if current.isEmpty { lines.append(("No contact details yet.", PeopleSheetCard.soft)) }
        for (index, alias) in current.enumerated() {
            let text = "\(alias.identifierKind.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)) \(alias.value)"
            lines.append((text, index == cursor && adding == nil ? PeopleSheetCard.chosen : PeopleSheetCard.surface))
        }
        if let adding {
            lines.append(("", PeopleSheetCard.surface))
            lines.append(("New \(Self.kinds[adding.kind].rawValue): \(adding.value.text)▏", PeopleSheetCard.chosen))
        }
        if !notice.isEmpty {
            lines.append(("", PeopleSheetCard.surface))
            let attention = notice.hasPrefix("Not ")
            lines.append((notice, attention ? PeopleSheetCard.attention : PeopleSheetCard.done))
        }
        PeopleSheetCard.draw(title: "Contact details: \(person.displayName)", lines: lines, keys: keyHints, in: &grid)
    }

    /// The card's key line (none while a change is saved); Ctrl-P lists the same.
    public var keyHints: String {
        if sending { return "Saving..." }
        return adding == nil ? "↑↓ choose   a add   e end the chosen one   Esc close"
            : "Tab kind (email, phone, handle, name, role)   Enter add   Esc back"
    }
}
