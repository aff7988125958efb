// veetd: how long a second client takes to attach to a live run through the
// daemon's socket (connect, hello, attach, the backlog up to the run's
// current state) next to opening its own event stream from the server.
// Needs the built `veetd` beside this binary; a run parked on an approval is
// the live run. Figures are medians of 20 attaches each.
import Foundation
import Glibc
import VeetChat
import VeetDaemonProtocol
import VeetFixture
import VeetStore
import VeetTransport

let daemonSuite = BenchSuite(name: "daemon") { quick in
    let rounds = quick ? 5 : 20
    let daemonBinary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("veetd")
    guard FileManager.default.isExecutableFile(atPath: daemonBinary.path) else {
        print("daemon: skipped (no veetd beside \(CommandLine.arguments[0]); build it first)")
        return
    }
    let server = FixtureServer(token: "bench", options: .testing)
    defer { server.stop() }
    do {
        let url = try server.start()
        let home = URL(fileURLWithPath: "/tmp/vdb-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config", "XDG_DATA_HOME": home.path + "/data",
                           "XDG_STATE_HOME": home.path + "/state", "XDG_RUNTIME_DIR": home.path + "/run"]
        try FileManager.default.createDirectory(atPath: home.path + "/run", withIntermediateDirectories: true)
        try ConnectionRegistry(paths: VeetPaths(environment: environment))
            .add(name: "bench", url: try ServerURL(validating: url.absoluteString), token: "bench")

        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: "bench"))
        let chat = ChatAPI(sender: .live(client: client))
        let session = try await chat.createSession()
        guard case .accepted(let submitted, _) = try await chat.submit(sessionID: session.id, content: [.text("please approve")],
                                                                       key: IdempotencyKey()) else { return }
        let runID = submitted.runID

        // Direct: open the run's stream and read up to the approval wait.
        var direct: [Duration] = []
        let clock = ContinuousClock()
        for _ in 0..<rounds {
            direct.append(try await clock.measure {
                for try await output in chat.events(runID: runID).events() {
                    if case .frame(let frame) = output, frame.type == "run.waiting_for_approval" { break }
                }
            })
        }

        let daemon = Process()
        daemon.executableURL = daemonBinary
        daemon.arguments = ["--notifier", "log"]
        daemon.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        defer {
            kill(daemon.processIdentifier, SIGKILL)
            daemon.waitUntilExit()
        }
        let paths = DaemonPaths(environment: environment)
        func attachThroughDaemon() throws {
            let connection = try DaemonClient.connect(paths: paths, client: "bench", timeout: 10)
            try connection.send(.attach(runID: runID, connection: "bench"))
            while true {
                if case .event(let event) = try connection.receive(timeout: 10), event.type == "run.waiting_for_approval" { return }
            }
        }
        var ready = false
        for _ in 0..<200 where !ready {
            ready = DaemonClient.status(paths: paths, timeout: 1) != nil
            if !ready { usleep(25_000) }
        }
        try attachThroughDaemon()  // the first client: the daemon opens its one stream
        var relayed: [Duration] = []
        for _ in 0..<rounds { relayed.append(try clock.measure { try attachThroughDaemon() }) }

        func median(_ values: [Duration]) -> Double { values.sorted()[values.count / 2].seconds * 1_000 }
        let widths = [46, 12]
        print("daemon: attach to a live run (backlog up to the approval wait), median of \(rounds)\n")
        print(row(["case", "ms"], widths))
        print(String(repeating: "-", count: 60))
        print(row(["direct: own event stream from the server", fixed(median(direct), 2)], widths))
        print(row(["relayed: second client through veetd's socket", fixed(median(relayed), 2)], widths))
        print("\nrelayed / direct = \(fixed(median(relayed) / median(direct), 2))")
    } catch {
        print("daemon: failed (\(error))")
    }
}
