import Foundation
import Glibc
import Testing

/// veetd as a user runs it: a real fixture, the built daemon and CLI, a private home.
@Suite(.serialized, .timeLimit(.minutes(3))) struct DaemonJourneyTests {
    /// Starts a run that waits on an approval; returns (run id, approval id).
    func parkARunOnAnApproval(_ home: DaemonHome) throws -> (run: String, approval: String) {
        let chat = try home.veet(["chat", "--once", "please approve the note"])
        #expect(chat.status == 7, "\(chat.stderr)")
        let list = try home.veet(["approvals", "list", "--json"])
        let approvals = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        let first = try #require(approvals.first)
        return (try #require(first["run_id"] as? String), try #require(first["id"] as? String))
    }

    @Test func withoutASessionBusAnAlertBecomesALogLineAndTheSocketStaysSane() throws {
        let fixture = try FixtureProcess(arguments: ["--auto-notify"])
        defer { fixture.stop() }
        let home = try DaemonHome(fixture: fixture)
        defer { home.remove() }
        let notify = NotifyListener(directory: home.root)
        let daemon = try DaemonProcess(home: home, extraEnvironment: ["NOTIFY_SOCKET": notify.path])
        defer { daemon.stop() }
        #expect(notify.receive()?.hasPrefix("READY=1") == true)
        #expect(daemon.waitUntilListening(home.socketPath))

        let parked = try parkARunOnAnApproval(home)
        let logged = eventually(within: 20) { home.log().contains("alert approval") }
        #expect(logged, "\(home.log())")
        let log = home.log()
        #expect(log.contains("approval=\(parked.approval)") && log.contains("shown as a log line (no session bus)"))
        // One alert, although the inbox and the live stream both reported it.
        #expect(log.components(separatedBy: "alert approval").count == 2)
        // Identifiers and counts only: no arguments, no message text, no token.
        for secret in ["hello from the scripted model", "please approve", fixture.token] { #expect(!log.contains(secret)) }

        // The protocol by hand: hello first, bad lines get errors and the connection stays.
        let fd = try #require(RawSocket.connect(home.socketPath))
        defer { close(fd) }
        var buffer: [UInt8] = []
        RawSocket.send(fd, #"{"type":"hello","version":1,"client":"e2e"}"# + "\n")
        #expect(RawSocket.readLine(fd, buffer: &buffer)?.contains(#""type":"welcome""#) == true)
        RawSocket.send(fd, "this is not json\n")
        #expect(RawSocket.readLine(fd, buffer: &buffer)?.contains(#""code":"malformed""#) == true)
        RawSocket.send(fd, String(repeating: "x", count: 70_000) + "\n")
        #expect(RawSocket.readLine(fd, buffer: &buffer)?.contains(#""code":"too_large""#) == true)
        RawSocket.send(fd, #"{"type":"status"}"# + "\n")
        #expect(RawSocket.readLine(fd, buffer: &buffer)?.contains(#""name":"fx""#) == true)
        // A client that skips hello is told so and disconnected.
        let rude = try #require(RawSocket.connect(home.socketPath))
        defer { close(rude) }
        var rudeBuffer: [UInt8] = []
        RawSocket.send(rude, #"{"type":"status"}"# + "\n")
        #expect(RawSocket.readLine(rude, buffer: &rudeBuffer)?.contains("hello_required") == true)
        #expect(RawSocket.readLine(rude, buffer: &rudeBuffer) == nil)
        // Another protocol version is refused and disconnected.
        let future = try #require(RawSocket.connect(home.socketPath))
        defer { close(future) }
        var futureBuffer: [UInt8] = []
        RawSocket.send(future, #"{"type":"hello","version":99,"client":"e2e"}"# + "\n")
        #expect(RawSocket.readLine(future, buffer: &futureBuffer)?.contains("unsupported_version") == true)
        #expect(RawSocket.readLine(future, buffer: &futureBuffer) == nil)

        let status = try home.veet(["daemon", "status"])
        #expect(status.status == 0 && status.stdout.contains("fx:"), "\(status.stderr)")
        #expect(daemon.signal(SIGTERM) == 0)
        #expect(!FileManager.default.fileExists(atPath: home.socketPath))
        let after = try home.veet(["daemon", "status"])
        #expect(after.status == 1)
    }

    @Test func theServersOwnStuckRunsAreNotWatched() throws {
        let fixture = try FixtureProcess(arguments: ["--server-sessions", "3"])
        defer { fixture.stop() }
        let home = try DaemonHome(fixture: fixture)
        defer { home.remove() }
        let daemon = try DaemonProcess(home: home)
        defer { daemon.stop() }
        #expect(daemon.waitUntilListening(home.socketPath))
        let parked = try parkARunOnAnApproval(home)
        #expect(eventually(within: 20) { home.log().contains("watching run \(parked.run)") }, "\(home.log())")
        // Several full sync rounds after the owner's run was seen (asked for: while nobody looks, veetd only glances).
        let rounds = home.log().components(separatedBy: "sync fx:").count
        for _ in 0..<2 { _ = try home.veet(["sync"]) }
        #expect(eventually(within: 20) { home.log().components(separatedBy: "sync fx:").count >= rounds + 2 }, "\(home.log())")

        let every = try home.veet(["sessions", "list", "--all-kinds", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(every.stdout.utf8)) as? [[String: Any]])
        let stuck = rows.filter { $0["kind"] as? String == "server" }.compactMap { $0["active_run_id"] as? String }
        #expect(stuck.count == 3, "\(every.stdout)")
        let log = home.log()
        for run in stuck { #expect(!log.contains("watching run \(run)"), "\(log)") }
        let status = try home.veet(["daemon", "status", "--json"])
        let watched = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])["watched_runs"] as? [String]
        #expect(watched?.contains(parked.run) == true)
        #expect(Set(watched ?? []).isDisjoint(with: stuck), "\(status.stdout)")
        // The daemon's count of conversations is the owner's: one.
        #expect(status.stdout.contains(#""sessions":1"#), "\(status.stdout)")
    }

    @Test func aRunLeftWaitingIsToldAtOnceAndItsHoldCountsFromTheRequest() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try DaemonHome(fixture: fixture)
        defer { home.remove() }
        // The next sync is ten minutes away: only the client's word can bring the run in.
        let daemon = try DaemonProcess(home: home, arguments: ["--sync-interval", "600", "--alert-hold", "6"])
        defer { daemon.stop() }
        #expect(daemon.waitUntilListening(home.socketPath))
        #expect(eventually(within: 20) { home.log().contains("sync fx:") })
        func alerted(run: String) -> Bool {
            home.log().split(separator: "\n").contains { $0.contains("alert approval") && $0.contains("run=\(run)") }
        }

        // `veet chat --once` leaves an approval waiting and tells veetd: the alert
        // comes one hold after the request, not at the next sync.
        let asked = Date()
        let parked = try parkARunOnAnApproval(home)
        #expect(eventually(within: 15) { alerted(run: parked.run) }, "\(home.log())")
        #expect(Date().timeIntervalSince(asked) >= 5, "the hold still applies")
        #expect(home.log().contains("run \(parked.run) left waiting by a client"))

        // A run left waiting without a word to veetd, older than the hold when veetd
        // hears of it (by the protocol, as a client says it): the alert comes at once.
        let quiet = try home.veet(["chat", "--once", "please approve the note", "--json"],
                                  extraEnvironment: ["VEET_NO_DAEMON": "1"])
        #expect(quiet.status == 7, "\(quiet.stderr)")
        let left = try #require(try JSONSerialization.jsonObject(with: Data((quiet.stdout.split(separator: "\n").last ?? "").utf8))
            as? [String: Any])
        let run = try #require(left["run_id"] as? String)
        let session = try #require(left["session_id"] as? String)
        usleep(7_000_000)
        #expect(!alerted(run: run))
        let fd = try #require(RawSocket.connect(home.socketPath))
        defer { close(fd) }
        var buffer: [UInt8] = []
        RawSocket.send(fd, #"{"type":"hello","version":1,"client":"e2e"}"# + "\n")
        #expect(RawSocket.readLine(fd, buffer: &buffer)?.contains("welcome") == true)
        let told = Date()
        RawSocket.send(fd, #"{"type":"watch","run_id":"\#(run)","session_id":"\#(session)","connection":"fx"}"# + "\n")
        #expect(RawSocket.readLine(fd, buffer: &buffer)?.contains(#""type":"ok""#) == true)
        #expect(eventually(within: 4) { alerted(run: run) }, "\(home.log())")
        #expect(Date().timeIntervalSince(told) < 5, "not a whole hold after veetd heard of it")
    }

    @Test func withASessionBusTheApprovalAlertOffersActionsThatWork() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try DaemonHome(fixture: fixture)
        defer { home.remove() }
        // A stand-in notify-send: records its arguments and picks "Approve once".
        let bin = home.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let script = bin.appendingPathComponent("notify-send")
        try Data("""
            #!/bin/sh
            if [ "$1" = "--help" ]; then echo "  -A, --action=[NAME=]Text"; exit 0; fi
            printf '%s\\n' "$@" >> "$NOTIFY_SEND_LOG"
            echo approve_once

            """.utf8).write(to: script)
        chmod(script.path, 0o755)
        let record = home.root.appendingPathComponent("notify-send.log")
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let daemon = try DaemonProcess(home: home, extraEnvironment: [
            "PATH": path, "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent-bus", "NOTIFY_SEND_LOG": record.path])
        defer { daemon.stop() }
        #expect(daemon.waitUntilListening(home.socketPath))
        _ = try parkARunOnAnApproval(home)

        #expect(eventually(within: 20) { ((try? String(contentsOf: record, encoding: .utf8)) ?? "").contains("Approval needed") })
        let arguments = (try? String(contentsOf: record, encoding: .utf8)) ?? ""
        #expect(arguments.contains("--action=approve_once=Approve once") && arguments.contains("--action=deny=Deny"))
        #expect(arguments.contains("The agent wants to use demo.external_write. Approve or deny it."))
        #expect(!arguments.contains("hello from the scripted model") && !arguments.contains("please approve"))
        // The chosen action resolves the approval on the server; the run goes on.
        let resolved = try eventually(within: 20) {
            try home.veet(["approvals", "list", "--json"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]"
        }
        #expect(resolved)
        #expect(home.log().contains("resolved from the notification (approve_once)"))
        #expect(daemon.signal(SIGTERM) == 0)
    }

    @Test func anAlertDecisionThatDoesNotGoThroughRaisesAnAlertSayingSo() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try DaemonHome(fixture: fixture)
        defer { home.remove() }
        // A stand-in notify-send that picks "Approve once" only once the test says so.
        let bin = home.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let script = bin.appendingPathComponent("notify-send")
        let go = home.root.appendingPathComponent("go")
        try Data("""
            #!/bin/sh
            if [ "$1" = "--help" ]; then echo "  -A, --action=[NAME=]Text"; exit 0; fi
            printf '%s\\n' "$@" >> "$NOTIFY_SEND_LOG"
            while [ ! -f "$NOTIFY_GO" ]; do sleep 0.1; done
            echo approve_once

            """.utf8).write(to: script)
        chmod(script.path, 0o755)
        let record = home.root.appendingPathComponent("notify-send.log")
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let daemon = try DaemonProcess(home: home, extraEnvironment: [
            "PATH": path, "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent-bus",
            "NOTIFY_SEND_LOG": record.path, "NOTIFY_GO": go.path])
        defer { daemon.stop() }
        #expect(daemon.waitUntilListening(home.socketPath))
        let parked = try parkARunOnAnApproval(home)
        #expect(eventually(within: 20) { ((try? String(contentsOf: record, encoding: .utf8)) ?? "").contains("Approval needed") })
        // Another device denies first; then the owner presses Approve once on the alert.
        #expect(try home.veet(["approvals", "deny", parked.approval]).status == 0)
        _ = FileManager.default.createFile(atPath: go.path, contents: Data())
        let told = eventually(within: 20) {
            ((try? String(contentsOf: record, encoding: .utf8)) ?? "").contains("Your decision did not go through")
        }
        #expect(told)
        let arguments = (try? String(contentsOf: record, encoding: .utf8)) ?? ""
        #expect(arguments.contains("Already resolved elsewhere"), "\(arguments)")
        #expect(home.log().contains("not resolved from the notification (HTTP 409)"))
        #expect(daemon.signal(SIGTERM) == 0)
    }

    @Test func aSecondClientAttachesToALiveRunThroughTheDaemon() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try DaemonHome(fixture: fixture)
        defer { home.remove() }
        let daemon = try DaemonProcess(home: home)
        defer { daemon.stop() }
        #expect(daemon.waitUntilListening(home.socketPath))
        let parked = try parkARunOnAnApproval(home)

        // Two clients attach while the run waits; each must see the backlog, then the rest live.
        var attachers: [(Process, URL)] = []
        defer {
            for (process, _) in attachers where process.isRunning { kill(process.processIdentifier, SIGKILL) }
            for (process, _) in attachers { process.waitUntilExit() }
        }
        for index in 0..<2 {
            let output = home.root.appendingPathComponent("attach-\(index).jsonl")
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            let process = Process()
            process.executableURL = try Harness.binary("veet")
            process.arguments = ["daemon", "attach", parked.run, "--json", "--timeout", "60"]
            process.environment = ProcessInfo.processInfo.environment.merging(home.environment) { _, new in new }
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = FileHandle.nullDevice
            try process.run()
            attachers.append((process, output))
        }
        let attached = eventually(within: 20) {
            attachers.allSatisfy { ((try? String(contentsOf: $0.1, encoding: .utf8)) ?? "").contains("approval.requested") }
        }
        #expect(attached)
        let approve = try home.veet(["approvals", "approve", parked.approval])
        #expect(approve.status == 0, "\(approve.stderr)")
        #expect(eventually(within: 30) { attachers.allSatisfy { !$0.0.isRunning } })

        var sequences: [[Int]] = []
        for (process, output) in attachers {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
            let rows = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            #expect(rows.last?["event"] as? String == "run.completed")
            let seqs = rows.compactMap { $0["seq"] as? Int }
            #expect(seqs == seqs.sorted() && Set(seqs).count == seqs.count, "each persisted event once, in order")
            sequences.append(seqs)
        }
        #expect(sequences.count == 2 && sequences[0] == sequences[1])
        // The daemon held one stream for the run, shared by both clients.
        #expect(home.log().components(separatedBy: "watching run \(parked.run)").count == 2)
    }

    @Test func killingTheDaemonMidSyncAndDeliveryLosesAndDoublesNothing() throws {
        let fixture = try FixtureProcess(arguments: ["--seed-sessions", "1500"])
        defer { fixture.stop() }
        let home = try DaemonHome(fixture: fixture)
        defer { home.remove() }
        let first = try home.veet(["chat", "--once", "hello there", "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        let session = try #require(object["session_id"] as? String)

        // Queue three messages while the server is unreachable: they wait in the outbox, failed once.
        let saved = try Data(contentsOf: home.connectionsFile)
        let unreachable = String(decoding: saved, as: UTF8.self).replacingOccurrences(of: fixture.url, with: "http://127.0.0.1:1")
        try Data(unreachable.utf8).write(to: home.connectionsFile)
        let texts = (1...3).map { "queued message number \($0)" }
        let group = DispatchGroup()
        for text in texts {
            group.enter()
            DispatchQueue.global().async {
                _ = try? home.veet(["chat", "--session", session, "--once", text], timeout: 30)
                group.leave()
            }
        }
        #expect(group.wait(timeout: .now() + 40) == .success)
        try saved.write(to: home.connectionsFile)
        let queued = try home.veet(["outbox", "list", "--json"])
        #expect(queued.stdout.components(separatedBy: "queued message number").count == 4, "\(queued.stdout)")

        // Kill the daemon at arbitrary moments of its start-up sync and delivery, many times.
        var generator = SystemRandomNumberGenerator()
        let started = Date()
        var killedMidSync = 0
        for round in 0..<20 where Date().timeIntervalSince(started) < 18 {
            let syncsBefore = home.log().components(separatedBy: "sync fx:").count
            let daemon = try DaemonProcess(home: home)
            usleep(UInt32.random(in: 50_000...(round % 4 == 0 ? 1_200_000 : 500_000), using: &generator))
            daemon.stop()  // SIGKILL, reaped
            if home.log().components(separatedBy: "sync fx:").count == syncsBefore { killedMidSync += 1 }
        }
        #expect(killedMidSync > 0, "some kills must land before a reconciliation finished")

        // The store opens, and an undisturbed daemon finishes the job.
        let list = try home.veet(["sessions", "list", "--all", "--json"])
        #expect(list.status == 0, "\(list.stderr)")
        let daemon = try DaemonProcess(home: home)
        defer { daemon.stop() }
        #expect(daemon.waitUntilListening(home.socketPath))
        let drained = try eventually(within: 40) { try home.veet(["outbox", "list", "--json"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]" }
        #expect(drained)
        #expect(daemon.signal(SIGTERM) == 0)

        let show = try home.veet(["sessions", "show", session, "--json"], timeout: 30)
        #expect(show.status == 0, "\(show.stderr)")
        let transcript = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [[String: String]])
        for text in texts {
            let copies = transcript.filter { $0["role"] == "user" && $0["text"] == text }.count
            #expect(copies == 1, "\(text) must reach the server exactly once (found \(copies))")
        }
        let after = try home.veet(["sessions", "list", "--all", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count > 1_000)
    }

    /// veetd registers this computer by itself at each start, as one device however often it
    /// starts (the connection's client_device_id); a server without devices marks only notifications.
    @Test func theDaemonRegistersThisComputerOnceByItself() throws {
        let fixture = try FixtureProcess(arguments: [])
        defer { fixture.stop() }
        let home = try DaemonHome(fixture: fixture)
        defer { home.remove() }
        for start in 1...2 {
            let daemon = try DaemonProcess(home: home)
            #expect(daemon.waitUntilListening(home.socketPath))
            #expect(eventually(within: 20) {
                home.log().components(separatedBy: "this computer is registered as device").count == start + 1
            }, "\(home.log())")
            daemon.stop()
        }
        let listed = try home.veet(["devices", "list", "--json"])
        let devices = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(devices.count == 1, "\(listed.stdout)")
        #expect(devices.first?["name"] as? String == ProcessInfo.processInfo.hostName)
    }

    @Test func aServerWithoutDevicesMarksOnlyNotifications() throws {
        let fixture = try FixtureProcess(arguments: ["--no-devices"])
        defer { fixture.stop() }
        let home = try DaemonHome(fixture: fixture)
        defer { home.remove() }
        let daemon = try DaemonProcess(home: home)
        defer { daemon.stop() }
        #expect(daemon.waitUntilListening(home.socketPath))
        #expect(eventually(within: 20) { home.log().contains("the server offers no devices; notifications unavailable") },
                "\(home.log())")
        let status = try home.veet(["daemon", "status", "--json"])
        #expect(status.stdout.contains(#""notifications":"unavailable""#), "\(status.stdout)")
        #expect(!home.log().contains("could not be registered"))
    }
}
