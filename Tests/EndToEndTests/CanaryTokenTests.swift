import Foundation
import Glibc
import Testing

/// Secret hygiene of the built apps: a canary token goes into the credentials
/// file and the Authorization header, nowhere else: not in any output, file,
/// log or core file, not to a redirect's target, not over plain HTTP to
/// another host. docs/reliability.md, "Secret hygiene".
@Suite(.serialized, .timeLimit(.minutes(3))) struct CanaryTokenTests {
    static func canary(_ label: String) -> String { "canary-\(label)-\(UUID().uuidString.lowercased())" }

    @Test func everyCommandKeepsTheTokenInTheCredentialsFile() throws {
        let started = Date()
        let token = Self.canary("main"), wrongToken = Self.canary("wrong")
        let fixture = try FixtureProcess(arguments: ["--auto-notify", "--seed-sessions", "3", "--step-delay", "0.005"],
                                         token: token)
        defer { fixture.stop() }
        let home = try DaemonHome(fixture: fixture)
        defer { home.remove() }
        let bin = try CommandTour.fakeOpener(in: home.root)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try CanaryRun(home: home, scanner: LeakScanner(secrets: [token, wrongToken]),
                                extraEnvironment: ["PATH": path])
        let scanner = run.scanner
        let leaves = try HelpCommands.leaves { [environment = run.environment] arguments in
            let help = try runProcess(try Harness.binary("veet"), ["help"] + arguments, environment: environment)
            let found = scanner.findings(in: help.stdout + help.stderr)
            guard found.isEmpty else { throw HarnessError("veet help \(arguments) shows \(found)") }
            return help.stdout
        }
        #expect(leaves.count > 50, "the help lists \(leaves.count) commands")

        let tour = CommandTour(run: run, fixture: fixture, wrongToken: wrongToken)
        try tour.local()
        try tour.connections()
        let ids = try tour.chats()
        try tour.approvalsAndRuns(session: ids.session, runID: ids.run, askRun: ids.askRun)
        try tour.artifacts(in: ids.artifactSession)
        try tour.folders(session: ids.session)
        try tour.schedules()
        try tour.memory()
        try tour.sites()
        try tour.account()
        try tour.people()
        try tour.email()
        try tour.settings()
        try tour.subscriptions()
        try tour.callsAndSurfaces()
        try tour.storeAndOutbox(session: ids.session, deletable: ids.artifactSession)
        try tour.daemonAndTUI(runID: ids.run)

        // Every command in the help ran, plain and with --json.
        for leaf in leaves {
            let runs = run.invocations.filter { $0.starts(with: leaf) }
            #expect(runs.contains { !$0.contains("--json") }, "veet \(leaf.joined(separator: " ")) never ran plain")
            #expect(runs.contains { $0.contains("--json") }, "veet \(leaf.joined(separator: " ")) never ran with --json")
        }

        // Files: the credentials file holds the token, owner-only; nothing else does.
        let credentials = home.root.appendingPathComponent("config/veet/credentials")
        let tokenFile = credentials.appendingPathComponent("fx.token")
        #expect(try String(contentsOf: tokenFile, encoding: .utf8).contains(token))
        #expect(try FileManager.default.attributesOfItem(atPath: tokenFile.path)[.posixPermissions] as? Int == 0o600)
        #expect(FileManager.default.fileExists(atPath: home.logPath), "veetd wrote its log")
        let tokenFiles = (try? FileManager.default.contentsOfDirectory(atPath: credentials.path)) ?? []
        #expect(tokenFiles == ["fx.token"], "a refused or forgotten token stayed behind: \(tokenFiles)")
        let files = run.scanner.checkFiles(under: home.root, excluding: [tokenFile])
        for expected in ["config/veet/connections.json", "data/veet/veet.sqlite", "state/veet/veetd.log",
                         "config/systemd/user/veetd.service", "exported.bin"] {
            #expect(files.contains(expected), "\(expected) was not there to read: \(files)")
        }
        Self.checkCoreFiles(since: started, directories: [home.root, URL(fileURLWithPath: FileManager.default.currentDirectoryPath)],
                            scanner: run.scanner)
        print("canary tour: \(leaves.count) commands, \(run.invocations.count) runs, \(run.checkedOutputs) outputs, "
              + "\(files.count) files (\(files.joined(separator: ", "))), \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    }

    /// A control request, so that "nothing arrived" cannot pass because nothing could.
    static func curl(_ arguments: [String]) throws {
        _ = try runProcess(URL(fileURLWithPath: "/usr/bin/curl"), ["-s", "-o", "/dev/null", "--max-time", "5"] + arguments,
                           timeout: 10)
    }

    /// The scanner itself: each form of the token is seen, another token is not.
    @Test func theScannerSeesEveryFormOfTheToken() {
        let token = Self.canary("scan")
        let scanner = LeakScanner(secrets: [token])
        let bearer = "Bearer " + token
        let wrapped: String = token.prefix(20) + "\n  " + token.dropFirst(20)
        let coloured: String = token.prefix(9) + "\u{1B}[1;31m" + token.dropFirst(9)
        let hex: String = Data(token.utf8).map { String(format: "%02x", $0) }.joined()
        var forms: [String] = ["x" + token + "y", wrapped, coloured, String(token.dropFirst(5).prefix(17)), hex]
        for prefix in ["", "a", "ab"] {
            forms.append(Data((prefix + bearer).utf8).base64EncodedString())
            forms.append(Data((prefix + bearer).utf8).base64EncodedString().replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "+", with: "-"))
        }
        for form in forms { #expect(!scanner.findings(in: form).isEmpty, "not seen: \(form)") }
        let another = "Bearer " + Self.canary("scan") + " canary-scan- " + Data(bearer.prefix(10).utf8).base64EncodedString()
        #expect(scanner.findings(in: another).isEmpty)
    }

    /// A core dump is a copy of memory, token included: none may appear, and any that does is scanned.
    static func checkCoreFiles(since start: Date, directories: [URL], scanner: LeakScanner) {
        for directory in directories {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names where name == "core" || name.hasPrefix("core.") {
                let file = directory.appendingPathComponent(name)
                let modified = (try? FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date) ?? nil
                guard let modified, modified >= start else { continue }
                Issue.record("a process dumped core: \(file.path)")
                let found = (try? Data(contentsOf: file)).map(scanner.findings(in:)) ?? []
                #expect(found.isEmpty, "\(file.path) holds \(found)")
            }
        }
    }

    /// chmod 0644 on the token file: every command that needs the token
    /// refuses with the path and the fix, and sends nothing; 0600 again works.
    @Test func aTokenFileOthersCanReadIsRefusedBeforeAnyRequest() throws {
        let token = Self.canary("mode")
        let fixture = try FixtureProcess(token: token)
        defer { fixture.stop() }
        let home = try DaemonHome(fixture: fixture)
        defer { home.remove() }
        let run = try CanaryRun(home: home, scanner: LeakScanner(secrets: [token]))
        let listener = try RecordingListener()
        defer { listener.stop() }
        // The saved connection now names the listener: any request would show there.
        let saved = try String(contentsOf: home.connectionsFile, encoding: .utf8)
        try Data(saved.replacingOccurrences(of: fixture.url, with: listener.url).utf8).write(to: home.connectionsFile)
        let tokenFile = home.root.appendingPathComponent("config/veet/credentials/fx.token")
        #expect(try FileManager.default.attributesOfItem(atPath: tokenFile.path)[.posixPermissions] as? Int == 0o600)

        chmod(tokenFile.path, 0o644)
        for arguments in [["sessions", "list", "--refresh"], ["sync", "--json"], ["chat", "--once", "hello"],
                          ["devices", "list"], ["schedules", "list", "--json"]] {
            let refused = try run.veet(arguments, expect: nil)
            #expect(refused.status != 0, "veet \(arguments) ran with a token file others can read")
            #expect(refused.stderr.contains("chmod 600 \(tokenFile.path)") || refused.stdout.contains("chmod 600"),
                    "veet \(arguments) did not say what to do: \(refused.stderr)")
        }
        // veetd refuses it too.
        let daemon = try DaemonProcess(home: home)
        defer { daemon.stop() }
        _ = daemon.waitUntilListening(home.socketPath, timeout: 10)
        #expect(eventually(within: 5) { home.log().contains("chmod 600") }, "veetd: \(home.log())")
        #expect(daemon.signal(SIGTERM) != nil)
        run.check(home.log(), "veetd's log")
        #expect(listener.connectionCount == 0, "a request was sent with a token file others can read: \(listener.requestHeads)")

        // Owner-only again, the same command reaches the (recording) server: the check above could fail.
        chmod(tokenFile.path, 0o600)
        try run.veet(["sessions", "list", "--refresh"], expect: nil)
        #expect(listener.requestHeads.contains { $0.contains("Bearer \(token)") })
    }

    /// 301, 302, 307 and 308 from the server: refused, and the target never
    /// contacted (so never handed the token); connect saves nothing.
    @Test func redirectsAreRefusedAndTheirTargetNeverSeesTheToken() throws {
        let token = Self.canary("redirect")
        let target = try RecordingListener()
        defer { target.stop() }
        for status in [301, 302, 307, 308] {
            let fixture = try FixtureProcess(arguments: ["--redirect", "\(status)", "--redirect-to", target.url + "/elsewhere"],
                                             token: token)
            defer { fixture.stop() }
            let home = try Harness.temporaryHome()
            defer { try? FileManager.default.removeItem(at: home) }
            let environment = ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                               "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                               "XDG_STATE_HOME": home.appendingPathComponent("state").path,
                               "XDG_RUNTIME_DIR": home.appendingPathComponent("run").path]
            let scanner = LeakScanner(secrets: [token])
            let direct = environment.merging(["VEET_URL": fixture.url, "VEET_TOKEN": token]) { _, new in new }
            let attempts: [([String], [String: String], String?)] = [
                (["connect", fixture.url, "--name", "r"], environment, token + "\n"),
                (["sessions", "list", "--refresh"], direct, nil),
                (["chat", "--once", "hello", "--json"], direct, nil),
                (["sync", "--json"], direct, nil),
            ]
            for (arguments, environment, stdin) in attempts {
                let result = try runProcess(try Harness.binary("veet"), arguments, environment: environment, stdin: stdin,
                                            timeout: 20)
                #expect(result.status != 0, "\(status): veet \(arguments) accepted a redirect")
                #expect((result.stderr + result.stdout).contains("redirect"), "\(status): veet \(arguments): \(result.stderr)")
                let found = scanner.findings(in: result.stdout + result.stderr)
                #expect(found.isEmpty, "\(status): veet \(arguments) shows \(found)")
            }
            #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("config/veet/connections.json").path),
                    "\(status): connect saved a server that redirects")
            scanner.checkFiles(under: home, excluding: [])
        }
        #expect(target.connectionCount == 0, "the redirect target was contacted: \(target.requestHeads)")
        // The target is reachable through the redirect: a client that follows it gets there.
        let follower = try FixtureProcess(arguments: ["--redirect", "307", "--redirect-to", target.url], token: token)
        defer { follower.stop() }
        try Self.curl(["-L", follower.url + "/v1/sessions"])
        #expect(target.connectionCount > 0, "the control request did not reach the target")
    }

    /// http:// to a host that is not loopback is refused before any socket is
    /// opened: a listener on this machine's own non-loopback address (reachable,
    /// so a connection would show) sees nothing, and an unroutable address
    /// fails at once instead of timing out.
    @Test func plainHTTPToAnotherHostIsRefusedBeforeAnyConnection() throws {
        let token = Self.canary("plain")
        let home = try Harness.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                           "XDG_DATA_HOME": home.appendingPathComponent("data").path]
        let ownAddress = RecordingListener.nonLoopbackAddress()
        let listener = try ownAddress.map { _ in try RecordingListener(address: "0.0.0.0") }
        defer { listener?.stop() }
        var servers = ["http://10.255.255.1:9", "http://veet-canary.invalid:9", "http://localhost.example.com:9"]
        if let ownAddress, let listener { servers.append("http://\(ownAddress):\(listener.port)") }
        let scanner = LeakScanner(secrets: [token])
        for server in servers {
            let direct = environment.merging(["VEET_URL": server, "VEET_TOKEN": token]) { _, new in new }
            for (arguments, environment, stdin) in [(["connect", server], environment, token + "\n"),
                                                    (["sessions", "list", "--refresh"], direct, nil),
                                                    (["chat", "--once", "hello"], direct, nil)] {
                let started = Date()
                let result = try runProcess(try Harness.binary("veet"), arguments, environment: environment, stdin: stdin,
                                            timeout: 20)
                #expect(result.status == 2, "veet \(arguments) with \(server): \(result.status) \(result.stderr)")
                #expect(result.stderr.contains("loopback"), "\(result.stderr)")
                #expect(Date().timeIntervalSince(started) < 3, "veet \(arguments) with \(server) tried to connect")
                #expect(scanner.findings(in: result.stdout + result.stderr).isEmpty)
            }
        }
        #expect(listener?.connectionCount ?? 0 == 0, "plain HTTP reached another host: \(listener?.requestHeads ?? [])")
        if let ownAddress, let listener {
            try Self.curl(["http://\(ownAddress):\(listener.port)/"])
            #expect(listener.connectionCount == 1, "the control request did not reach \(ownAddress)")
        }
        if ownAddress == nil { print("plainHTTP: no non-loopback address here; only the unroutable-address timing is checked") }
    }
}
