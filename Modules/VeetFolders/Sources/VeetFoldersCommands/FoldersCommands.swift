import Foundation
import VeetConsole
import VeetFolders
import VeetWire

/// `veet folders ...`: the server's conversation folders and its suggestions.
/// A server without folders is told plainly (exit 1, `not_offered`), and one with
/// folders but no suggestions says so where the suggestions would be listed.
public struct FoldersCommands: CommandGroup {
    let center: FolderCenter

    public init(center: FolderCenter) {
        self.center = center
    }

    static let id = Argument("id", help: "The folder id.")
    static let name = Argument("name", help: "The folder's name (1-64 characters).")
    static let newName = Argument("name", help: "The new name.")
    static let session = Argument("session", help: "The conversation id.")
    static let folder = Argument("folder", help: "The folder id.")
    static let proposal = Argument("id", help: "The suggestion id.")
    static let acceptedName = ValueOption("name", valueName: "name", help: "Create the new folder under this name.")

    public static let spec = CommandSpec(
        name: "folders",
        summary: "Conversation folders and the server's folder suggestions.",
        subcommands: [
            CommandSpec(name: "list", summary: "List folders (name, conversations, id)."),
            CommandSpec(name: "create", summary: "Create a folder.", positionals: [name.spec]),
            CommandSpec(name: "rename", summary: "Rename a folder.", positionals: [id.spec, newName.spec]),
            CommandSpec(name: "delete", summary: "Delete a folder; its conversations return to the history.",
                        positionals: [id.spec]),
            CommandSpec(name: "move", summary: "File a conversation in a folder.", positionals: [session.spec, folder.spec]),
            CommandSpec(name: "unfile", summary: "Take a conversation out of its folder.", positionals: [session.spec]),
            CommandSpec(name: "proposals", summary: "List the server's open folder suggestions."),
            CommandSpec(name: "accept", summary: "Accept a suggestion (optionally under another name).",
                        options: [acceptedName.spec], positionals: [proposal.spec]),
            CommandSpec(name: "decline", summary: "Decline a suggestion; it is never proposed again.",
                        positionals: [proposal.spec]),
        ])

    public func run(_ command: ParsedCommand, console: Console) async throws -> ExitCode {
        let run = FoldersCommandRun(center: center, console: console)
        do {
            switch command.path {
            case ["folders", "list"]: return try await run.list()
            case ["folders", "create"]: return try await run.show(center.create(name: command.argument(Self.name)))
            case ["folders", "rename"]:
                return try await run.show(center.rename(folderID: command.argument(Self.id), to: command.argument(Self.newName)))
            case ["folders", "delete"]:
                let id = command.argument(Self.id)
                try await center.delete(folderID: id)
                return try run.deleted(id)
            case ["folders", "move"]:
                return try await run.moved(center.move(sessionID: command.argument(Self.session), to: command.argument(Self.folder)))
            case ["folders", "unfile"]: return try await run.moved(center.move(sessionID: command.argument(Self.session), to: nil))
            case ["folders", "proposals"]: return try await run.proposals()
            case ["folders", "accept"]:
                return try await run.showProposal(center.accept(proposalID: command.argument(Self.proposal),
                                                                name: command.value(Self.acceptedName)))
            case ["folders", "decline"]: return try await run.showProposal(center.decline(proposalID: command.argument(Self.proposal)))
            default:
                throw CommandFailure.usage("\(console.programName): folders needs a subcommand; see `\(console.programName) help folders`")
            }
        } catch let error as FolderNameError {
            throw CommandFailure("\(console.programName): \(error.message)")
        } catch FolderRuleError.unavailable {
            throw run.notOffered
        } catch let error as FolderRuleError {
            throw CommandFailure("\(console.programName): \(error.description)")
        } catch let conflict as FolderConflict {
            throw CommandFailure("\(console.programName): \(conflict.description)")
        }
    }
}
