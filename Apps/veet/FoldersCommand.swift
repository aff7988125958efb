import Foundation
import VeetConsole
import VeetFolders
import VeetTransport
import VeetWire

/// `veet folders ...`: the server's conversation folders and its suggestions.
/// A server without folders is told plainly, never as an error.
struct FoldersCommand {
    let context: CLIContext

    static let spec = CommandSpec(
        name: "folders",
        summary: "Conversation folders and the server's folder suggestions.",
        subcommands: [
            CommandSpec(name: "list", summary: "List folders (name, conversations, id)."),
            CommandSpec(name: "create", summary: "Create a folder.",
                        positionals: [PositionalSpec("name", help: "The folder's name (1-64 characters).")]),
            CommandSpec(name: "rename", summary: "Rename a folder.",
                        positionals: [PositionalSpec("id", help: "The folder id."),
                                      PositionalSpec("name", help: "The new name.")]),
            CommandSpec(name: "delete", summary: "Delete a folder; its conversations return to the history.",
                        positionals: [PositionalSpec("id", help: "The folder id.")]),
            CommandSpec(name: "move", summary: "File a conversation in a folder.",
                        positionals: [PositionalSpec("session", help: "The conversation id."),
                                      PositionalSpec("folder", help: "The folder id.")]),
            CommandSpec(name: "unfile", summary: "Take a conversation out of its folder.",
                        positionals: [PositionalSpec("session", help: "The conversation id.")]),
            CommandSpec(name: "proposals", summary: "List the server's open folder suggestions."),
            CommandSpec(name: "accept", summary: "Accept a suggestion (optionally under another name).",
                        options: [.value("name", valueName: "name", help: "Create the new folder under this name.")],
                        positionals: [PositionalSpec("id", help: "The suggestion id.")]),
            CommandSpec(name: "decline", summary: "Decline a suggestion; it is never proposed again.",
                        positionals: [PositionalSpec("id", help: "The suggestion id.")]),
        ])

    static func run(_ command: ParsedCommand, context: CLIContext) async throws -> ExitCode {
        let folders = FoldersCommand(context: context)
        let args = command.positionals
        let center = FolderCenter(api: FoldersAPI(sender: .live(client: try context.client())))
        do {
            switch command.path {
            case ["folders", "list"]: return try await folders.list(center)
            case ["folders", "create"]: return try await folders.show(center.create(name: args[0]))
            case ["folders", "rename"]: return try await folders.show(center.rename(folderID: args[0], to: args[1]))
            case ["folders", "delete"]:
                try await center.delete(folderID: args[0])
                return folders.done("Deleted the folder; its conversations are back in the history.", id: args[0])
            case ["folders", "move"]: return try await folders.moved(center.move(sessionID: args[0], to: args[1]))
            case ["folders", "unfile"]: return try await folders.moved(center.move(sessionID: args[0], to: nil))
            case ["folders", "proposals"]: return try await folders.proposals(center)
            case ["folders", "accept"]:
                let proposal = try await center.accept(proposalID: args[0], name: command.value("name"))
                return try folders.showProposal(proposal)
            case ["folders", "decline"]: return try folders.showProposal(await center.decline(proposalID: args[0]))
            default:
                return context.fail("veet: folders needs a subcommand; see `veet help folders`", .usage)
            }
        } catch let error as FolderNameError {
            return context.fail("veet: \(error.message)", .failure)
        } catch FolderRuleError.unavailable {
            return try await folders.unavailable()
        } catch let error as FolderRuleError {
            return context.fail("veet: \(error.description)", .failure)
        } catch let conflict as FolderConflict {
            return context.fail("veet: \(conflict.description)", .failure)
        }
    }

    func unavailable() async throws -> ExitCode {
        try await context.notOffered("This server does not offer folders.", .failure)
    }

    func list(_ center: FolderCenter) async throws -> ExitCode {
        try await center.refresh()
        guard await center.availability != .unavailable else { return try await unavailable() }
        let items = await center.folders
        if context.json {
            try JSONOutput.print(items, layout: .compact)
            return .success
        }
        if items.isEmpty { context.err.writeLine("No folders yet. Create one with `veet folders create NAME`.") }
        let style = context.outStyle
        for folder in items {
            let count = folder.threadCount == 1 ? "1 conversation" : "\(folder.threadCount) conversations"
            context.out.writeLine("\(style.emphasis(ServerText.line(folder.name)))  \(style.dim(count))  \(style.dim(folder.id))")
        }
        return .success
    }

    func proposals(_ center: FolderCenter) async throws -> ExitCode {
        let items: [FolderProposalView]
        do {
            items = try await center.api.proposals().filter(\.isShowable)
        } catch where FoldersAPI.meansUnavailable(error) {
            return try await unavailable()
        }
        if context.json {
            try JSONOutput.print(items, layout: .compact)
            return .success
        }
        if items.isEmpty { context.err.writeLine("No folder suggestions right now.") }
        let style = context.outStyle
        let folderNames = Dictionary(((try? await center.api.folders()) ?? []).map { ($0.id, $0.name) },
                                     uniquingKeysWith: { first, _ in first })
        for proposal in items {
            let target = proposal.targetFolderID ?? "?"
            let what = proposal.kind == .newFolder
                ? "New folder \(style.emphasis(proposal.proposedName ?? "?"))"
                : "Add to folder \(folderNames[target].map(style.emphasis) ?? style.dim(target))"
            context.out.writeLine("\(what)  \(style.dim(proposal.id))")
            if let rationale = proposal.rationale { context.out.writeLine("  \(rationale)") }
            for member in proposal.memberSessionIDs { context.out.writeLine(style.dim("  - \(member)")) }
        }
        return .success
    }

    func show(_ folder: FolderView) throws -> ExitCode {
        if context.json {
            try JSONOutput.print(folder, layout: .compact)
        } else {
            context.out.writeLine("\(context.outStyle.emphasis(ServerText.line(folder.name)))  \(context.outStyle.dim(folder.id))")
        }
        return .success
    }

    func showProposal(_ proposal: FolderProposalView) throws -> ExitCode {
        if context.json {
            try JSONOutput.print(proposal, layout: .compact)
        } else if let folder = proposal.resultingFolderID {
            context.out.writeLine("Accepted; filed in folder \(folder).")
        } else {
            context.out.writeLine("Suggestion \(proposal.id) is \(proposal.state.rawValue).")
        }
        return .success
    }

    func moved(_ session: SessionView) throws -> ExitCode {
        if context.json {
            try JSONOutput.print(session, layout: .compact)
        } else {
            context.out.writeLine(session.folderID.map { "Filed in folder \($0)." } ?? "Back in the history (unfiled).")
        }
        return .success
    }

    func done(_ message: String, id: String) -> ExitCode {
        if context.json {
            if let line = try? JSONOutput.encode(Deleted(id: id), layout: .compact) { context.out.writeLine(line) }
        } else {
            context.out.writeLine(message)
        }
        return .success
    }

    private struct Deleted: Encodable {
        var id: String
        var deleted = true
    }
}
