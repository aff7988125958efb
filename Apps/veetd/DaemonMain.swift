import Dispatch
import Foundation
import Glibc
import VeetAccount
import VeetConsole
import VeetDaemonProtocol
import VeetStore
import VeetTransport

/// The daemon from its settings to its exit: composition only, as main.swift.
func serveDaemon(_ settings: DaemonSettings) async -> Never {
    signal(SIGPIPE, SIG_IGN)
    let environment = ProcessInfo.processInfo.environment
    let daemonPaths = DaemonPaths(environment: environment)
    try? daemonPaths.prepareStateDirectory()
    let log = DaemonLog(file: settings.logFile.map { URL(fileURLWithPath: $0) } ?? daemonPaths.logFile)

    let signals = SignalQueue()
    let wakeRelay = WakeRelay()
    let hub = RunHub(log: log) { frame, channel in
        let attention = channel.reduce(frame).flatMap(\.attention)
        // Most frames (every delta) ask nothing of the owner: wake the daemon only for those that do.
        guard !attention.isEmpty else { return }
        signals.append(attention.map { AlertSignal($0, runID: channel.runID, sessionID: channel.sessionID) },
                       connection: channel.connection)
        wakeRelay.poke()
    }
    let daemon = Daemon(settings: settings, log: log, version: VeetTransportVersion.current, hub: hub, signals: signals)
    wakeRelay.connect(daemon.wakeup)
    // A SIGTERM that came earlier is still pending (blocked since the start) and stops it now.
    StopSignals.onSignal { Task { await daemon.stop() } }

    do {
        try await daemon.loadConnections(paths: VeetPaths(environment: environment))
    } catch {
        log.warn("saved connections could not be read (\(RunHub.kind(of: error))); continuing with none")
    }

    let server: SocketServer
    do {
        try daemonPaths.prepareSocketDirectory()
        server = try SocketServer(
            path: daemonPaths.socketFile.path, version: VeetTransportVersion.current, log: log,
            handle: { client, request in await daemon.handle(client, request) },
            disconnected: { client in Task { await daemon.clientLeft(client.clientID) } })
    } catch {
        log.warn("cannot listen on \(daemonPaths.socketFile.path): \(error)")
        exit(1)
    }

    let notifierMode = DesktopNotifier.detect(environment: environment, forceLog: settings.logOnlyNotifier)
    let opener = TerminalOpener(log: log, environment: environment)
    let notifier = DesktopNotifier(mode: notifierMode, log: log) { alert, action in
        Task {
            let shownFor = await daemon.alertDismissed(key: alert.key)
            let connection = await daemon.connectionName(forRun: alert.targets.runID) ?? shownFor
            if action == DesktopNotifier.openAction {
                let only = await daemon.onlyConnectionName
                opener.open(alert, connection: connection ?? only)
            } else {
                await daemon.perform(action: action, on: alert, connection: connection)
            }
        }
    }
    await daemon.configure(notifier: notifier, clientCount: { server.clientCount })
    server.start()

    switch notifierMode {
    case .logOnly(let reason): log.info("alerts go to this log (\(reason))")
    case .notifySend(_, let actions, _): log.info("alerts go to notify-send\(actions ? " with actions" : "")")
    }
    log.info("listening on \(daemonPaths.socketFile.path)")
    SystemdNotify.send("READY=1\nSTATUS=Watching \(await daemon.connections.count) connections\nMAINPID=\(getpid())")

    await daemon.run()

    SystemdNotify.send("STOPPING=1")
    server.stop()
    hub.stopAll()
    log.info("stopped")
    exit(0)
}
