import Foundation
import VeetChat
import VeetConsole
import VeetTransport

/// `veet sessions list`.
struct SessionsCommand {
    let context: CLIContext

    func list(_ command: ParsedCommand) async throws -> ExitCode {
        let limit = try command.int("limit") ?? 50
        guard limit > 0 else {
            context.err.writeLine("veet: --limit must be at least 1.")
            return .usage
        }
        let api = ChatAPI(client: try context.client())
        let sessions = try await api.allSessions(pageSize: min(limit, 200),
                                                 maxItems: command.flag("all") ? nil : limit)
        if context.json {
            try JSONOutput.print(sessions, layout: .compact)
            return .success
        }
        if sessions.isEmpty {
            context.err.writeLine("No conversations yet. `veet chat` starts one.")
            return .success
        }
        let style = context.outStyle
        for session in sessions {
            let when = session.updatedDate.map(Self.format) ?? session.updatedAt
            let state = session.activeRunID == nil ? "      " : "active"
            let title = session.title ?? "(untitled)"
            context.out.writeLine("\(style.dim(when))  \(style.accent(state))  \(title)  \(style.dim(session.id))")
        }
        return .success
    }

    static func format(_ date: Date) -> String {
        date.formatted(.dateTime.year().month(.twoDigits).day(.twoDigits).hour().minute())
    }
}
