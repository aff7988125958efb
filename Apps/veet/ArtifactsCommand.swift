import Foundation
import VeetChat
import VeetConsole
import VeetTransport
import VeetWire

/// `veet artifacts list|get|export`.
struct ArtifactsCommand {
    let context: CLIContext

    static let spec = CommandSpec(
        name: "artifacts",
        summary: "Files the agent produced or you attached.",
        subcommands: [
            CommandSpec(name: "list", summary: "List the files referenced in a conversation.",
                        positionals: [PositionalSpec("session", help: "The conversation id.")]),
            CommandSpec(name: "get", summary: "Show a file's metadata.",
                        positionals: [PositionalSpec("id", help: "The artifact id.")]),
            CommandSpec(name: "export", summary: "Save a file's exact bytes (checked against size and SHA-256).",
                        options: [.flag("force", help: "Overwrite an existing file.")],
                        positionals: [PositionalSpec("id", help: "The artifact id."),
                                      PositionalSpec("path", help: "Where to write it (default: its own name here).",
                                                     isOptional: true)]),
        ])

    private func service() throws -> ArtifactService {
        let client = try context.client()
        return ChatAPI(sender: .live(client: client))
            .artifactService(connection: ConnectionIdentity(client.settings), cache: ArtifactCache())
    }

    func list(_ sessionID: String) async throws -> ExitCode {
        let items = try await ChatAPI(sender: .live(client: try context.client())).artifacts(inSession: sessionID)
        if context.json {
            try JSONOutput.print(items, layout: .compact)
        } else if items.isEmpty {
            context.err.writeLine("No files in this conversation.")
        } else {
            for artifact in items { context.out.writeLine(line(artifact)) }
        }
        return .success
    }

    func get(_ id: String) async throws -> ExitCode {
        let artifact = try await service().metadata(id: id)
        if context.json { try JSONOutput.print(artifact, layout: .compact) } else { context.out.writeLine(line(artifact)) }
        return .success
    }

    func export(_ command: ParsedCommand) async throws -> ExitCode {
        let id = command.positionals[0]
        let service = try service()
        let metadata = try await service.metadata(id: id)
        let path = command.positionals.count > 1 ? command.positionals[1] : Self.safeName(metadata.name)
        let destination = URL(fileURLWithPath: path)
        let artifact = try await service.export(id: id, to: destination, overwrite: command.flag("force"))
        if context.json {
            try JSONOutput.print(["id": artifact.id, "path": destination.path, "size_bytes": String(artifact.sizeBytes)],
                                 layout: .compact)
        } else {
            context.out.writeLine("Saved \(ServerText.line(artifact.name)) (\(artifact.sizeBytes) bytes, SHA-256 checked) to \(destination.path)")
        }
        return .success
    }

    private func line(_ artifact: ArtifactView) -> String {
        let style = context.outStyle
        return "\(artifact.name)  \(style.dim("\(artifact.mediaType), \(artifact.sizeBytes) bytes"))  \(style.dim(artifact.id))"
    }

    /// A server-chosen name must not pick a directory.
    static func safeName(_ name: String) -> String {
        let base = (name as NSString).lastPathComponent
        return base.isEmpty || base == "." || base == ".." ? "artifact" : base
    }
}
