import Foundation
import VeetConsole
import VeetFolders
import VeetWire

/// What each `veet folders` subcommand prints, on the terminal or as `--json`.
struct FoldersCommandRun {
    let center: FolderCenter
    let console: Console

    /// A server without folders (`kind` not_offered in --json).
    var notOffered: CommandFailure {
        CommandFailure("This server does not offer folders.", kind: "not_offered")
    }

    func list() async throws -> ExitCode {
        try await center.refresh()
        guard await center.availability != .unavailable else { throw notOffered }
        let items = await center.folders
        if console.json {
            try console.printJSON(items)
            return .success
        }
        if items.isEmpty { console.err.writeLine("No folders yet. Create one with `\(console.programName) folders create NAME`.") }
        let style = console.outStyle
        for folder in items {
            let count = folder.threadCount == 1 ? "1 conversation" : "\(folder.threadCount) conversations"
            console.out.writeLine("\(style.emphasis(ServerText.line(folder.name)))  \(style.dim(count))  \(style.dim(folder.id))")
        }
        return .success
    }

    /// The open suggestions; on a server with folders but no suggestions, the line that says so.
    func proposals() async throws -> ExitCode {
        try await center.refresh()
        guard await center.availability != .unavailable else { throw notOffered }
        if let notice = await center.proposalsNotice {
            if console.json {
                try console.printJSON([FolderProposalView]())
            }
            console.err.writeLine(notice)
            return .success
        }
        let items = await center.proposals
        if console.json {
            try console.printJSON(items)
            return .success
        }
        if items.isEmpty { console.err.writeLine("No folder suggestions right now.") }
        let style = console.outStyle
        let folderNames = Dictionary(await center.folders.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        for proposal in items {
            let target = proposal.targetFolderID ?? "?"
            let what = proposal.kind == .newFolder
                ? "New folder \(style.emphasis(proposal.proposedName ?? "?"))"
                : "Add to folder \(folderNames[target].map(style.emphasis) ?? style.dim(target))"
            console.out.writeLine("\(what)  \(style.dim(proposal.id))")
            if let rationale = proposal.rationale { console.out.writeLine("  \(rationale)") }
            for member in proposal.memberSessionIDs { console.out.writeLine(style.dim("  - \(member)")) }
        }
        return .success
    }

    func show(_ folder: FolderView) throws -> ExitCode {
        if console.json {
            try console.printJSON(folder)
        } else {
            console.out.writeLine("\(console.outStyle.emphasis(ServerText.line(folder.name)))  \(console.outStyle.dim(folder.id))")
        }
        return .success
    }

    func showProposal(_ proposal: FolderProposalView) throws -> ExitCode {
        if console.json {
            try console.printJSON(proposal)
        } else if let folder = proposal.resultingFolderID {
            console.out.writeLine("Accepted; filed in folder \(folder).")
        } else {
            console.out.writeLine("Suggestion \(proposal.id) is \(proposal.state.rawValue).")
        }
        return .success
    }

    func moved(_ session: SessionView) throws -> ExitCode {
        if console.json {
            try console.printJSON(session)
        } else {
            console.out.writeLine(session.folderID.map { "Filed in folder \($0)." } ?? "Back in the history (unfiled).")
        }
        return .success
    }

    func deleted(_ id: String) throws -> ExitCode {
        if console.json {
            try console.printJSON(Deleted(id: id))
        } else {
            console.out.writeLine("Deleted the folder; its conversations are back in the history.")
        }
        return .success
    }

    private struct Deleted: Encodable {
        var id: String
        var deleted = true
    }
}
