import Foundation
import Glibc
import Testing

/// veetd's Open action (issue 20 #2) and obsolete alerts cleared through
/// `POST /v1/notifications/sync`, with stand-in notify-send, gdbus and terminal.
@Suite(.serialized) struct DaemonAlertActionTests {
    func parkARunOnAnApproval(_ home: DaemonHome) throws -> (run: String, approval: String, session: String) {
        let chat = try home.veet(["chat", "--once", "please approve the note"])
        #expect(chat.status == 7, "\(chat.stderr)")
        let list = try home.veet(["approvals", "list", "--json"])
        let approvals = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        let first = try #require(approvals.first)
        return (try #require(first["run_id"] as? String), try #require(first["id"] as? String),
                try #require(first["session_id"] as? String))
    }

    /// Writes an executable shell script into `bin`.
    func script(_ name: String, in bin: URL, _ body: String) throws -> URL {
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let file = bin.appendingPathComponent(name)
        try Data(("#!/bin/sh\n" + body + "\n").utf8).write(to: file)
        chmod(file.path, 0o755)
        return file
    }

    func read(_ file: URL) -> String { (try? String(contentsOf: file, encoding: .utf8)) ?? "" }

    @Test func openStartsVeetTuiInTheTerminalAsAnArgumentArray() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try DaemonHome(fixture: fixture)
        defer { home.remove() }
        let bin = home.root.appendingPathComponent("bin")
        let notifyLog = home.root.appendingPathComponent("notify-send.log")
        let terminalLog = home.root.appendingPathComponent("terminal.log")
        _ = try script("notify-send", in: bin, """
            if [ "$1" = "--help" ]; then echo "  -A, --action=[NAME=]Text"; exit 0; fi
            printf '%s\\n' "$@" >> "$NOTIFY_SEND_LOG"
            echo open
            """)
        // A terminal with spaces in its own options: split into words, never given to a shell.
        let terminal = try script("my-term", in: bin, #"for word in "$@"; do printf '[%s]\n' "$word" >> "$TERMINAL_LOG"; done"#)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let daemon = try DaemonProcess(home: home, extraEnvironment: [
            "PATH": path, "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent-bus", "NOTIFY_SEND_LOG": notifyLog.path,
            "TERMINAL": "\(terminal.path) --title Veet", "TERMINAL_LOG": terminalLog.path])
        defer { daemon.stop() }
        #expect(daemon.waitUntilListening(home.socketPath))
        let parked = try parkARunOnAnApproval(home)

        #expect(eventually(within: 20) { read(terminalLog).contains("[--focus]") })
        #expect(read(notifyLog).contains("--action=open=Open"))
        var words = read(terminalLog).split(separator: "\n").map { String($0.dropFirst().dropLast()) }
        // veet-tui next to this veetd (the build directory, however the path is spelled).
        let tui = try Harness.binary("veet-tui").resolvingSymlinksInPath().path
        if words.count > 3 { words[3] = URL(fileURLWithPath: words[3]).resolvingSymlinksInPath().path }
        #expect(words == ["--title", "Veet", "-e", tui, "--connection", "fx", "--session", parked.session,
                          "--run", parked.run, "--focus", "approval"], "\(words)")
        #expect(!read(terminalLog).contains(fixture.token))
        // The terminal writes its log before veetd writes the line that says it started it.
        #expect(eventually(within: 10) { home.log().contains("open: started my-term running") }, "\(home.log())")
        // The command it starts is one veet-tui reads.
        #expect(daemon.signal(SIGTERM) == 0)
    }

    @Test func withoutATerminalTheCommandIsLogged() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try DaemonHome(fixture: fixture)
        defer { home.remove() }
        let bin = home.root.appendingPathComponent("bin")
        _ = try script("notify-send", in: bin, """
            if [ "$1" = "--help" ]; then echo "  -A, --action=[NAME=]Text"; exit 0; fi
            echo open
            """)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        var environment = ["PATH": path, "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent-bus"]
        environment["TERMINAL"] = ""
        let daemon = try DaemonProcess(home: home, extraEnvironment: environment)
        defer { daemon.stop() }
        #expect(daemon.waitUntilListening(home.socketPath))
        let parked = try parkARunOnAnApproval(home)
        #expect(eventually(within: 20) { home.log().contains("open: no terminal is known") })
        #expect(home.log().contains("--session \(parked.session) --run \(parked.run) --focus approval"), "\(home.log())")
        #expect(!home.log().contains(fixture.token))
    }

    /// A phone call ends (the fixture's seeded live call, stopped): the server's `call_finished`
    /// raises "New call result" with Open, and Open starts veet-tui on that call's page
    /// (`--call ID`), never on a conversation.
    @Test func aFinishedCallsAlertOpensTheCall() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try DaemonHome(fixture: fixture)
        defer { home.remove() }
        let bin = home.root.appendingPathComponent("bin")
        let notifyLog = home.root.appendingPathComponent("notify-send.log")
        let terminalLog = home.root.appendingPathComponent("terminal.log")
        _ = try script("notify-send", in: bin, """
            if [ "$1" = "--help" ]; then echo "  -A, --action=[NAME=]Text"; exit 0; fi
            printf '%s\\n' "$@" >> "$NOTIFY_SEND_LOG"
            echo open
            """)
        let terminal = try script("my-term", in: bin, #"for word in "$@"; do printf '[%s]\n' "$word" >> "$TERMINAL_LOG"; done"#)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let daemon = try DaemonProcess(home: home, extraEnvironment: [
            "PATH": path, "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent-bus", "NOTIFY_SEND_LOG": notifyLog.path,
            "TERMINAL": terminal.path, "TERMINAL_LOG": terminalLog.path])
        defer { daemon.stop() }
        #expect(daemon.waitUntilListening(home.socketPath))
        let call = CallsSurfacesJourneyTests.activeCall
        let stopped = try home.veet(["calls", "stop", call])
        #expect(stopped.status == 0, "\(stopped.stderr)")

        #expect(eventually(within: 20) { read(terminalLog).contains("[--call]") }, "\(home.log())")
        let shown = read(notifyLog)
        #expect(shown.contains("New call result\nA phone call has ended. Open it to read its result."), "\(shown)")
        #expect(shown.contains("--action=open=Open") && !shown.contains("Approve once"))
        #expect(!shown.contains("+14155550142"), "no call content in the alert")
        let words = read(terminalLog).split(separator: "\n").map { String($0.dropFirst().dropLast()) }
        #expect(Array(words.dropFirst(2)) == ["--connection", "fx", "--call", call], "\(words)")
        #expect(!words.contains("--session"))
        #expect(eventually(within: 10) { home.log().contains("call=\(call) sent to the notification service") }, "\(home.log())")
    }

    /// The alert on screen is asked about after each inbox read; decided on
    /// another device, the server calls it obsolete and veetd closes it by its id.
    @Test func anAlertHandledElsewhereIsClosed() throws {
        let fixture = try FixtureProcess(arguments: ["--auto-notify"])
        defer { fixture.stop() }
        let home = try DaemonHome(fixture: fixture)
        defer { home.remove() }
        let bin = home.root.appendingPathComponent("bin")
        let gdbusLog = home.root.appendingPathComponent("gdbus.log")
        _ = try script("notify-send", in: bin, """
            if [ "$1" = "--help" ]; then echo "  -p, --print-id"; exit 0; fi
            echo 42
            """)
        _ = try script("gdbus", in: bin, #"printf '%s ' "$@" >> "$GDBUS_LOG"; echo >> "$GDBUS_LOG""#)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let daemon = try DaemonProcess(home: home, extraEnvironment: [
            "PATH": path, "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent-bus", "GDBUS_LOG": gdbusLog.path])
        defer { daemon.stop() }
        #expect(daemon.waitUntilListening(home.socketPath))
        let parked = try parkARunOnAnApproval(home)
        #expect(eventually(within: 20) { home.log().contains("alert approval") && home.log().contains("sent to the notification service") })
        #expect(read(gdbusLog).isEmpty, "still needed: not closed")
        #expect(try home.veet(["approvals", "deny", parked.approval]).status == 0)
        #expect(eventually(within: 20) { read(gdbusLog).contains("CloseNotification 42") }, "\(home.log())")
        #expect(read(gdbusLog).contains("--dest org.freedesktop.Notifications"))
        // veetd logs the close after gdbus returns: the two files are written by two processes.
        #expect(eventually(within: 10) { home.log().contains("closed: obsolete (handled elsewhere)") }, "\(home.log())")
    }
}
