import Foundation
import VeetChat
import VeetConsole
import VeetTransport

/// Chat's command face: `veet chat` and what belongs to conversations
/// (`sessions`, `sync`, `search`, `outbox`, `approvals`, `artifacts`, `run`,
/// `debug transcript`, `debug sse`). Unlike a feature with one subtree, Chat offers several
/// top-level commands: `specs` lists them, `handles` says which paths are its.
public struct ChatCommands: CommandGroup {
    let host: ChatCommandHost

    public init(host: ChatCommandHost) {
        self.host = host
    }

    public static var spec: CommandSpec { chat }

    /// Every top-level command of the face, in the order the app's help lists them.
    public static let specs = [chat, sessions, sync, search, outbox, approvals, artifacts, run]

    /// True for a path this face runs (`debug transcript` and `debug sse` are below the app's `debug` group).
    public static func handles(_ path: [String]) -> Bool {
        path == ["debug", "transcript"] || path == ["debug", "sse"] || path.first.map { name in specs.contains { $0.name == name } } == true
    }

    public func run(_ command: ParsedCommand, console: Console) async throws -> ExitCode {
        let id = command.argument(Self.id)
        switch command.path {
        case ["chat"]: return try await ChatRun(host: host, console: console, command: command).run()
        case ["sessions", "list"]: return try await sessionsRun(console).list(command)
        case ["sessions", "show"]: return try await sessionsRun(console).show(id)
        case ["sessions", "delete"]: return try await sessionsRun(console).delete(id)
        case ["sync"]: return try await sessionsRun(console).sync(command)
        case ["search"]: return try sessionsRun(console).search(command)
        case ["outbox", "list"]: return try OutboxRun(host: host, console: console).list()
        case ["outbox", "retry"]: return try await OutboxRun(host: host, console: console).retry(id)
        case ["outbox", "discard"]: return try OutboxRun(host: host, console: console).discard(id)
        case ["approvals", "list"]: return try await ApprovalsRun(host: host, console: console).list(command.value(Self.onlySession))
        case ["approvals", "show"]: return try await ApprovalsRun(host: host, console: console).show(id)
        case ["approvals", "approve"]: return try await ApprovalsRun(host: host, console: console).decide(id, choice: .approveOnce)
        case ["approvals", "deny"]:
            return try await ApprovalsRun(host: host, console: console).decide(id, choice: .deny(reason: command.value(Self.reason)))
        case ["artifacts", "list"]: return try await ArtifactsRun(host: host, console: console).list(command.argument(Self.sessionArgument))
        case ["artifacts", "get"]: return try await ArtifactsRun(host: host, console: console).get(id)
        case ["artifacts", "export"]:
            return try await ArtifactsRun(host: host, console: console)
                .export(id, to: command.argument(Self.path.spec.name), overwrite: command.flag(Self.force))
        case ["run", "show"]: return try await RunRun(host: host, console: console).show(id)
        case ["run", "answer"]:
            return try await RunRun(host: host, console: console)
                .answer(id, questionID: command.value(Self.question), text: command.arguments(Self.text).joined(separator: " "))
        case ["run", "cancel"]: return try await RunRun(host: host, console: console).cancel(id)
        case ["debug", "transcript"]: return try DebugTranscript(console: console).run(command)
        case ["debug", "sse"]: return DebugSSE(console: console).run()
        default:
            let words = command.path.joined(separator: " ")
            throw CommandFailure.usage("\(console.programName): \(words) needs a subcommand; see `\(console.programName) help \(words)`")
        }
    }

    private func sessionsRun(_ console: Console) -> SessionsRun { SessionsRun(host: host, console: console) }

    /// `veet sites approve ID`, "Allow all actions for this task", which Website Access's command face
    /// asks of the app: the approval is Chat's (see `ApprovalsRun.approveForTask`).
    public func approveForTask(_ approvalID: String, console: Console) async throws -> ExitCode {
        try await ApprovalsRun(host: host, console: console).approveForTask(approvalID)
    }
}
