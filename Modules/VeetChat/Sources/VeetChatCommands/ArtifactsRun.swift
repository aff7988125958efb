import Foundation
import VeetChat
import VeetConsole
import VeetTransport
import VeetWire

/// `veet artifacts list|get|export`.
struct ArtifactsRun {
    let host: ChatCommandHost
    let console: Console

    private func service() throws -> ArtifactService {
        try host.api().artifactService(connection: try host.identity(), cache: ArtifactCache())
    }

    func list(_ sessionID: String) async throws -> ExitCode {
        let items = try await host.api().artifacts(inSession: sessionID)
        if console.json {
            try console.printJSON(items)
        } else if items.isEmpty {
            console.err.writeLine("No files in this conversation.")
        } else {
            for artifact in items { console.out.writeLine(line(artifact)) }
        }
        return .success
    }

    func get(_ id: String) async throws -> ExitCode {
        let artifact = try await service().metadata(id: id)
        if console.json { try console.printJSON(artifact) } else { console.out.writeLine(line(artifact)) }
        return .success
    }

    func export(_ id: String, to path: String?, overwrite: Bool) async throws -> ExitCode {
        let service = try service()
        let metadata = try await service.metadata(id: id)
        let destination = URL(fileURLWithPath: path ?? metadata.safeFileName)
        let artifact = try await service.export(id: id, to: destination, overwrite: overwrite)
        if console.json {
            try console.printJSON(["id": artifact.id, "path": destination.path, "size_bytes": String(artifact.sizeBytes)])
        } else {
            console.out.writeLine("Saved \(ServerText.line(artifact.name)) (\(artifact.sizeBytes) bytes, SHA-256 checked) to \(destination.path)")
        }
        return .success
    }

    private func line(_ artifact: ArtifactView) -> String {
        let style = console.outStyle
        return "\(artifact.name)  \(style.dim("\(artifact.mediaType), \(artifact.sizeBytes) bytes"))  \(style.dim(artifact.id))"
    }
}
