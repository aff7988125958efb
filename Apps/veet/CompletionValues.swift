import Foundation
import VeetConsole
import VeetStore

/// What `veet completion` (VeetConsole's `CompletionCommands`) completes beyond the
/// tree: the live values `veet __complete KIND` lists from the local store and the
/// saved connections, never from the network, and which names complete from them.
enum CompletionValues {
    static let sources = CompletionSources(
        options: ["connection": .live("connections"), "session": .live("sessions"), "folder": .live("folders"),
                  "schedule": .live("schedules")],
        positionals: ["session": .live("sessions"), "folder": .live("folders"), "path": .files, "file": .files],
        positionalsUnder: ["sessions": ["id": .live("sessions")], "schedules": ["id": .live("schedules")],
                           "outbox": ["id": .live("outbox")], "connections": ["name": .live("connections")]])

    /// `veet completion SHELL`: the script for this app's whole tree.
    static var command: CompletionCommands { CompletionCommands(root: CommandTree.root, sources: sources) }

    static func values(_ kind: String, context: CLIContext) throws -> [(value: String, description: String)] {
        switch kind {
        case "connections":
            return try context.registry.load().connections.map { ($0.name, $0.url) }
        case "sessions":
            let (store, _) = try context.store()
            return try store.sessions(limit: 200).map { ($0.id, $0.title ?? $0.localTitle ?? "") }
        case "folders":
            let (store, _) = try context.store()
            return distinct(try store.sessions().compactMap { session in session.folderID.map { ($0, "folder") } })
        case "schedules":
            let (store, _) = try context.store()
            return distinct(try store.sessions().compactMap { session in
                session.scheduleID.map { ($0, session.title ?? session.localTitle ?? "schedule") }
            })
        case "outbox":
            let (store, _) = try context.store()
            return try store.outbox().map { entry in
                (String(entry.id), entry.content.compactMap(\.text).joined().prefix(60).description)
            }
        default:
            return []
        }
    }

    private static func distinct(_ pairs: [(value: String, description: String)]) -> [(value: String, description: String)] {
        var seen: Set<String> = []
        return pairs.filter { seen.insert($0.value).inserted }
    }
}
