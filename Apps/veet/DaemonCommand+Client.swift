import Foundation
import VeetChatCommands
import VeetConsole
import VeetDaemonProtocol
import VeetTransport

extension DaemonCommand {
    /// Prints a run's events as veetd relays them: `SEQ TYPE` lines, or JSON lines with --json.
    func attach(_ runID: String, timeout: TimeInterval) throws -> ExitCode {
        let client: DaemonClient
        do { client = try DaemonClient.connect(paths: paths, client: "veet attach") } catch {
            return context.fail("veet: \(error); `veet daemon start` starts it (or use `veet chat --session`).", .failure)
        }
        let connection = try? context.registry.resolve(named: context.connectionName).name
        try client.send(.attach(runID: runID, connection: connection))
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let message: DaemonMessage
            do { message = try client.receive(timeout: max(0, deadline.timeIntervalSinceNow)) } catch {
                return context.fail("veet: \(error)", .failure)
            }
            switch message {
            case .attached(_, let backlog):
                if !context.json { context.err.writeLine("Attached through veetd (\(backlog) events so far).") }
            case .event(let event):
                print(event)
            case .runEnded(_, let reason):
                if !context.json { context.err.writeLine("The run's stream ended (\(reason)).") }
                return reason == "terminal" ? .success : .failure
            case .error(let error):
                return context.fail("veet: \(error.message)", .failure)
            default:
                continue
            }
        }
    }

    private func print(_ event: DaemonRunEvent) {
        if context.json {
            try? JSONOutput.print(AttachedEventRow(seq: event.sequence, event: event.type, omitted: event.omitted),
                                  layout: .compact)
        } else {
            context.out.writeLine("\(event.sequence.map(String.init) ?? "-") \(event.type)\(event.omitted ? " (too large to relay)" : "")")
        }
    }

    /// One poller per store: a running veetd that keeps this connection reconciles it into the
    /// store the command then reads (nil: no veetd, `VEET_NO_DAEMON`, or the sync failed there).
    static func daemonSync(context: CLIContext, client: String) throws -> DaemonSyncCounts? {
        guard context.environment["VEET_NO_DAEMON"] == nil,
              let name = try context.registry.resolve(named: context.connectionName).name,
              let daemon = try? DaemonClient.connect(paths: DaemonPaths(environment: context.environment), client: client),
              case .synced(let results)? = try? daemon.request(.sync(connection: name), timeout: 300),
              let result = results.first(where: { $0.name == name }), result.error == nil else { return nil }
        return DaemonSyncCounts(connection: name, added: result.added, updated: result.updated, pruned: result.pruned)
    }
}

extension DaemonCommand {
    /// Tells a running veetd at once that this command leaves a run waiting for
    /// the owner, so its alert does not wait for the next sync. Without veetd
    /// (or under `VEET_NO_DAEMON`, or a server chosen by `VEET_URL` that veetd
    /// does not know) nothing is sent and nothing fails.
    static func tellRunLeftWaiting(context: CLIContext, runID: String, sessionID: String) {
        guard context.environment["VEET_NO_DAEMON"] == nil,
              let name = try? context.registry.resolve(named: context.connectionName, environment: context.environment).name,
              let client = try? DaemonClient.connect(paths: DaemonPaths(environment: context.environment),
                                                     client: "veet chat", timeout: 1) else { return }
        _ = try? client.request(.watch(runID: runID, sessionID: sessionID, connection: name), timeout: 1)
    }
}

struct AttachedEventRow: Encodable {
    let seq: Int64?
    let event: String
    let omitted: Bool
}

/// Reports the conversation on screen to veetd (when one runs) for as long
/// as this object lives; the daemon forgets it when the connection closes.
final class DaemonVisibility: ConversationOnScreen {
    private let client: DaemonClient?

    /// No client under `VEET_NO_DAEMON`, as for `veet sync`.
    init(environment: [String: String]) {
        client = environment["VEET_NO_DAEMON"] != nil ? nil
            : try? DaemonClient.connect(paths: DaemonPaths(environment: environment), client: "veet chat", timeout: 1)
    }

    func report(_ sessionID: String?) {
        _ = try? client?.request(.visible(sessionID: sessionID), timeout: 1)
    }
}
