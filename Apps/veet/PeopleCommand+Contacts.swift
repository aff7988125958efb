import Foundation
import VeetConsole
import VeetPeople
import VeetTransport

/// `veet people contact ID --add KIND:VALUE | --end CONTACT`: a person's
/// contact details, edited against the revision just read; a `409` (changed on
/// another device meanwhile) reads the person again and says where it stands.
extension PeopleCommand {
    static let contactSpec = CommandSpec(
        name: "contact", summary: "Add or end a contact detail (email, phone, handle, name, role).",
        discussion: """
            --add takes KIND:VALUE, such as email:maya@example.com; --end takes the contact's id \
            (from `veet people show ID --json`, aliases). The person's revision is expected: an edit \
            made on another device meanwhile refuses it and nothing is changed.
            """,
        options: [.value("add", valueName: "kind:value", help: "A new contact detail."),
                  .value("end", valueName: "contact", help: "The id of the contact detail that no longer holds.")],
        positionals: [idArgument])

    static let contactKinds: [String: IdentifierKind] = [
        "email": .email, "phone": .phone, "handle": .handle, "name": .name, "role": .role,
    ]

    func contact(_ command: ParsedCommand) async throws -> ExitCode {
        let edit = try contactEdit(command)
        let profile = try await api.profile(id: command.positionals[0])
        var change = edit
        if let end = edit.endContact {
            guard let alias = profile.aliases.first(where: { $0.id == end.identifierID.lowercased() || $0.id == end.identifierID })
            else {
                throw PeopleCommandError(message: "\(profile.person.displayName) has no contact detail \(end.identifierID) "
                                         + "(see `veet people show \(profile.person.id) --json`); nothing was changed.",
                                         code: .notFound)
            }
            change.endContact = .init(identifierID: alias.id, expectedRevision: alias.revision, validTo: end.validTo)
        }
        let person: Person
        do {
            person = try await api.edit(personID: profile.person.id, expectedRevision: profile.person.revision, change)
        } catch let error as APIError where error.status == 409 && !error.isIdempotencyKeyReused {
            let now = try? await api.profile(id: profile.person.id)
            let state = now.map { " It is now at revision \($0.person.revision) with \($0.aliases.count) contact detail"
                + "\($0.aliases.count == 1 ? "" : "s"); run the command again if it still applies." } ?? ""
            throw PeopleCommandError(message: "Not changed: \(profile.person.displayName) changed on another device "
                                     + "meanwhile (read again just now).\(state)")
        }
        if context.json {
            try JSONOutput.print(person, layout: .compact)
        } else if let add = change.addContact {
            context.out.writeLine("Added \(add.kind.rawValue) \(ServerText.line(add.value)) to "
                                  + "\(context.outStyle.emphasis(ServerText.line(person.displayName))).")
        } else {
            context.out.writeLine("Ended that contact detail of \(context.outStyle.emphasis(ServerText.line(person.displayName))); "
                                  + "it stays in the history as it was.")
        }
        return .success
    }

    private func contactEdit(_ command: ParsedCommand) throws -> PersonEdit {
        switch (command.value("add"), command.value("end")) {
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
