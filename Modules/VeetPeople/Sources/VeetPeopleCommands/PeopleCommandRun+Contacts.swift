import Foundation
import VeetConsole
import VeetPeople
import VeetTransport

/// `veet people contact ID --add KIND:VALUE | --end CONTACT`: a person's
/// contact details, edited against the revision just read; a change made on
/// another device meanwhile reads the person again and says where it stands.
extension PeopleCommands {
    static let add = ValueOption("add", valueName: "kind:value", help: "A new contact detail.")
    static let end = ValueOption("end", valueName: "contact", help: "The id of the contact detail that no longer holds.")

    static let contactSpec = CommandSpec(
        name: "contact", summary: "Add or end a contact detail (email, phone, handle, name, role).",
        discussion: """
            --add takes KIND:VALUE, such as email:maya@example.com; --end takes the contact's id \
            (from `\(program) people show ID --json`, aliases). The person's revision is expected: an edit \
            made on another device meanwhile refuses it and nothing is changed.
            """,
        options: [add.spec, end.spec], positionals: [id.spec])
}

extension PeopleCommandRun {
    static let contactKinds: [String: IdentifierKind] = [
        "email": .email, "phone": .phone, "handle": .handle, "name": .name, "role": .role,
    ]

    func contact(_ command: ParsedCommand) async throws -> ExitCode {
        let edit = try contactEdit(command)
        let profile = try await api.profile(id: command.argument(PeopleCommands.id))
        var change = edit
        if let end = edit.endContact {
            guard let alias = profile.aliases.first(where: { $0.id == end.identifierID.lowercased() || $0.id == end.identifierID })
            else {
                throw PeopleCommandError(message: "\(profile.person.displayName) has no contact detail \(end.identifierID) "
                                         + "(see `\(console.programName) people show \(profile.person.id) --json`); nothing was changed.",
                                         code: .notFound)
            }
            change.endContact = .init(identifierID: alias.id, expectedRevision: alias.revision, validTo: end.validTo)
        }
        let person: Person
        do {
            person = try await api.editReadingBack(personID: profile.person.id, expectedRevision: profile.person.revision, change)
        } catch let changed as PersonChangedElsewhere {
            let state = changed.current.map { " It is now at revision \($0.person.revision) with \($0.aliases.count) contact detail"
                + "\($0.aliases.count == 1 ? "" : "s"); run the command again if it still applies." } ?? ""
            throw PeopleCommandError(message: "Not changed: \(profile.person.displayName) changed on another device "
                                     + "meanwhile (read again just now).\(state)")
        }
        if console.json {
            try console.printJSON(person)
        } else if let add = change.addContact {
            console.out.writeLine("Added \(add.kind.rawValue) \(ServerText.line(add.value)) to "
                                  + "\(console.outStyle.emphasis(ServerText.line(person.displayName))).")
        } else {
            console.out.writeLine("Ended that contact detail of \(console.outStyle.emphasis(ServerText.line(person.displayName))); "
                                  + "it stays in the history as it was.")
        }
        return .success
    }

    private func contactEdit(_ command: ParsedCommand) throws -> PersonEdit {
        switch (command.value(PeopleCommands.add), command.value(PeopleCommands.end)) {
        case (let add?, nil):
            let parts = add.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, let kind = Self.contactKinds[parts[0].lowercased()],
                  !parts[1].trimmingCharacters(in: .whitespaces).isEmpty, parts[1].count <= 512 else {
                throw PeopleCommandError(message: "--add takes KIND:VALUE with a kind of email, phone, handle, name or role "
                                         + "and a value of at most 512 characters, such as email:maya@example.com.",
                                         code: .usage)
            }
            return PersonEdit(addContact: .init(kind: kind, value: parts[1].trimmingCharacters(in: .whitespaces)))
        case (nil, let end?):
            return PersonEdit(endContact: .init(identifierID: end, expectedRevision: 1,
                                                validTo: Timestamp(ISO8601DateFormatter().string(from: Date()))))
        default:
            throw PeopleCommandError(message: "contact needs exactly one of --add KIND:VALUE or --end CONTACT.", code: .usage)
        }
    }
}
