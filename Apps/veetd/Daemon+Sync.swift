import Foundation
import VeetAccount
import VeetChat
import VeetDaemonProtocol
import VeetStore
import VeetTransport
import VeetWebsiteAccess

extension Daemon {
    /// Reconciles (all connections, or one), delivers outboxes, reads inboxes
    /// and starts watching active runs. Syncs never overlap.
    func syncAll(only name: String? = nil, kind: ReconcileCadence.Kind = .full) async -> [ConnectionSyncResult] {
        if let previous = syncInFlight { _ = await previous.value }
        reloadConnectionsIfChanged()
        let names = connections.keys.sorted().filter { name == nil || $0 == name }
        glanceUnplaced = false
        let task = Task { [self] in
            var results: [ConnectionSyncResult] = []
            for name in names { results.append(await sync(connection: name, kind: kind)) }
            return results
        }
        syncInFlight = task
        let results = await task.value
        if syncInFlight == task { syncInFlight = nil }
        return results
    }

    /// What a round of syncs means for the cadence: a failure, a glance that could not place a change, or done.
    func outcome(of results: [ConnectionSyncResult]) -> ReconcileCadence.Outcome {
        if results.contains(where: { $0.error != nil }) { return .failed }
        return glanceUnplaced ? .unplaced : .done
    }

    private func sync(connection name: String, kind: ReconcileCadence.Kind) async -> ConnectionSyncResult {
        guard connections[name] != nil else { return ConnectionSyncResult(name: name, error: "unknown connection") }
        guard let runtime = usableRuntime(name) else { return ConnectionSyncResult(name: name, error: Self.signInAdvice) }
        var result = ConnectionSyncResult(name: name)
        let source = HTTPStoreSource(sender: .live(client: runtime.client))
        do {
            let report: ReconcileReport
            var unplaced = false
            if kind == .glance {
                let glance = try await runtime.store.glance(from: source)
                report = glance.report
                unplaced = glance.needsFullWalk
                if unplaced { glanceUnplaced = true }
            } else {
                report = try await runtime.store.reconcile(from: source)
            }
            result.added = report.added.count
            result.updated = report.updated.count
            result.pruned = report.pruned.count
            let fetched = await runtime.store.refreshTranscripts(Array((report.added + report.updated).prefix(50)),
                                                                from: source)
            connections[name]?.lastSync = Date()
            connections[name]?.lastError = nil
            // Stamped at the first sync too: a client that sees none is talking to an older veetd.
            if report.changed || connections[name]?.indexChangedAt == nil { connections[name]?.indexChangedAt = Date() }
            // A glance that found nothing is not logged: one line a minute all day says nothing.
            if kind == .full {
                log.info("sync \(name): \(result.added) added, \(result.updated) updated, \(result.pruned) removed, "
                         + "\(report.pagesRead) pages, \(fetched) transcripts")
            } else if report.changed || unplaced {
                log.info("glance \(name): \(result.added) added, \(result.updated) updated, "
                         + "\(fetched) transcripts\(unplaced ? "; a full walk follows" : "")")
            }
        } catch where Self.isUnauthorized(error) {
            signInLost(name)
            result.error = Self.signInAdvice
            return result
        } catch {
            result.error = RunHub.kind(of: error)
            connections[name]?.lastError = result.error
            log.warn("sync \(name) failed (\(result.error ?? ""))")
        }
        await deliverOutbox(runtime)
        await registerDeviceIfNeeded(name)
        await readInbox(name)
        await clearObsoleteAlerts(name)
        watchActiveRuns(runtime)
        return result
    }

    /// Sends what waits in the outbox under the unattended retry policy
    /// (`OutboxRetryPolicy`); an entry out of attempts waits for `veet outbox retry`.
    private func deliverOutbox(_ runtime: ConnectionRuntime) async {
        var api = ChatAPI(sender: .live(client: runtime.client))
        api.checkBrowserProfile = ChosenProfile(store: runtime.store)
            .checkForNewSession(api: WebsiteAccessAPI(sender: .live(client: runtime.client)))
        let delivery = api.outboxDelivery(store: runtime.store)
        let round: [OutboxRoundResult]
        do {
            guard let read = try await delivery.deliverRound(policy: .unattended) else { return }
            round = read
        } catch {
            log.warn("outbox \(runtime.name) not delivered: the outbox could not be read (\(error))")
            return
        }
        var confirmed = 0, waiting = 0
        for share in round {
            for result in share.results {
                if case .confirmed(let entry, let runID, _) = result {
                    confirmed += 1
                    if let runID, let sessionID = entry.sessionID ?? share.sessionID {
                        hub.watch(runID: runID, sessionID: sessionID, connection: runtime.name, client: runtime.client)
                    }
                } else {
                    waiting += 1
                }
            }
        }
        log.info("outbox \(runtime.name): \(confirmed) delivered, \(waiting) still waiting")
    }

    /// Reads the newest page of the inbox (unless the server has no such routes).
    private func readInbox(_ name: String) async {
        guard let runtime = connections[name] else { return }
        if runtime.notifications == .unavailable && runtime.inboxBackoff > 0 {
            connections[name]?.inboxBackoff -= 1
            return
        }
        let inbox = NotificationInbox(api: AccountAPI(sender: .live(client: runtime.client)))
        do {
            let page = try await inbox.page(limit: 50)
            connections[name]?.notifications = page.availability
            guard let items = page.value?.items else {
                connections[name]?.inboxBackoff = 20
                return
            }
            learnDelivered(items, connection: name)
            let found = connections[name]?.inbox.signals(from: items, now: Date()) ?? []
            signals.append(found, connection: name)
        } catch {
            log.warn("inbox \(name) not read (\(RunHub.kind(of: error)))")
        }
    }

    private func watchActiveRuns(_ runtime: ConnectionRuntime) {
        guard let runs = try? runtime.store.activeRuns() else { return }
        for run in runs {
            hub.watch(runID: run.runID, sessionID: run.sessionID, connection: runtime.name, client: runtime.client)
        }
    }
}
