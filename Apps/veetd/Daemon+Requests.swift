import Foundation
import VeetChat
import VeetDaemonProtocol
import VeetStore

extension Daemon {
    /// Answers one socket request (hello was handled by the server).
    func handle(_ client: ClientConnection, _ request: DaemonRequest) async {
        switch request {
        case .hello:
            client.send(.error(DaemonError(code: "already_greeted", message: "hello was already said")))
        case .status:
            client.send(.status(status()))
        case .sync(let name):
            if let name, connections[name] == nil {
                client.send(.error(DaemonError(code: "not_found", message: "veetd has no connection named \(name)")))
                return
            }
            let started = Date()
            let results = await syncAll(only: name)
            // Asked by a command or a client: a full walk, which the cadence counts (no second one at once).
            if name == nil || connections.count == 1 {
                cadence.record(.full, startedAt: started, outcome: outcome(of: results))
            }
            client.send(.synced(results))
            wakeup.poke()
        case .attach(let runID, let name):
            attach(client, runID: runID, connection: name)
        case .detach(let runID):
            let found = hub.channel(runID: runID)?.detach(clientID: client.clientID) ?? false
            client.send(found ? .runEnded(runID: runID, reason: "detached")
                              : .error(DaemonError(code: "not_found", message: "not attached to run \(runID)")))
        case .visible(let sessionID):
            visible[client.clientID] = sessionID
            if let sessionID { board.noteVisible([sessionID]) }
            client.send(.ok)
        case .watch(let runID, let sessionID, let name):
            watchLeftWaiting(client, runID: runID, sessionID: sessionID, connection: name)
        case .fillTranscripts(let name):
            await fillTranscripts(client, connection: name)
        case .looking(let focused):
            let before = someoneLooks
            looking[client.clientID] = focused
            client.send(.ok)
            if someoneLooks != before {
                log.info(someoneLooks ? "a client looks: full reconciliations every \(Int(settings.syncInterval)) s"
                                      : "nobody looks: glances at the index")
                wakeup.poke()
            }
        }
    }

    /// A client's search wants every conversation: read a round of the transcripts not read yet.
    private func fillTranscripts(_ client: ClientConnection, connection name: String?) async {
        guard let runtime = runtime(named: name).flatMap({ usableRuntime($0.name) }) else {
            client.send(.error(DaemonError(code: "not_found", message: "name a saved connection that can sync")))
            return
        }
        let source = HTTPStoreSource(sender: .live(client: runtime.client))
        let report = await runtime.store.fillTranscripts(from: source, limit: DaemonRequest.fillTranscriptsRound)
        log.info("transcripts \(runtime.name): \(report.read) read for search, \(report.failed) failed, "
                 + "\(report.coverage.notYetSearchable) not yet searchable")
        client.send(.ok)
    }

    /// A client left this run waiting for the owner: watch it now, not at the next sync.
    private func watchLeftWaiting(_ client: ClientConnection, runID: String, sessionID: String?, connection name: String?) {
        guard !runID.isEmpty, runID.count <= 200 else {
            client.send(.error(.malformed("run_id must be 1 to 200 characters")))
            return
        }
        guard let runtime = runtime(named: name) else {
            client.send(.error(DaemonError(code: "not_found", message: "name a saved connection for this run")))
            return
        }
        log.info("run \(runID) left waiting by a client (connection \(runtime.name))")
        hub.watch(runID: runID, sessionID: sessionID, connection: runtime.name, client: runtime.client)
        client.send(.ok)
    }

    /// The named connection, else the current one, else the only one.
    private func runtime(named name: String?) -> ConnectionRuntime? {
        (name ?? currentConnection).flatMap { connections[$0] } ?? (connections.count == 1 ? connections.values.first : nil)
    }

    private func attach(_ client: ClientConnection, runID: String, connection name: String?) {
        guard !runID.isEmpty, runID.count <= 200 else {
            client.send(.error(.malformed("run_id must be 1 to 200 characters")))
            return
        }
        if let channel = hub.channel(runID: runID) {
            channel.attach(client)
            return
        }
        guard let runtime = runtime(named: name) else {
            client.send(.error(DaemonError(code: "not_found", message: "name a saved connection for this run")))
            return
        }
        let session = (try? runtime.store.activeRuns())?.first { $0.runID == runID }?.sessionID
        hub.watch(runID: runID, sessionID: session, connection: runtime.name, client: runtime.client).attach(client)
    }

    /// A client left: it shows nothing now and gets no more events.
    func clientLeft(_ clientID: Int) {
        visible[clientID] = nil
        if looking.removeValue(forKey: clientID) == true, !someoneLooks {
            log.info("nobody looks: glances at the index")
        }
        hub.detachEverywhere(clientID: clientID)
    }
}
