import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// A real terminal for the TUI tests: a tmux server of our own (private
/// socket, no user config, no status line) running one program in one pane.
/// Every call has a time limit; `stop()` kills the server (and so the
/// program) and is safe to call twice.
final class TmuxTerminal: @unchecked Sendable {  // used from one test at a time; mutable state is only `stopped`
    static let path = "/usr/bin/tmux"
    let socket = "veet-e2e-\(UUID().uuidString.prefix(8))"
    private var stopped = false

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Starts `command` (a shell command line) in a `width`×`height` pane.
    init(width: Int, height: Int, command: String) throws {
        try startServer(["new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)", command,
                      ";", "set", "-g", "status", "off", ";", "set", "-g", "window-size", "manual",
                      ";", "set", "-g", "remain-on-exit", "off"])
        try resize(width: width, height: height)
    }

    /// tmux runs through posix_spawn and waitpid of our own, never Foundation's
    /// Process: the client that starts the server forks it, and Process then
    /// missed the client's exit (waitUntilExit hung on a zombie). Output goes
    /// to a file, since a forked server would hold a pipe open forever.
    private func startServer(_ arguments: [String]) throws {
        let result = try Self.spawn(["-L", socket, "-f", "/dev/null"] + arguments, timeout: 10)
        guard result.status == 0 else {
            stop()
            throw HarnessError("tmux new-session exited with \(result.status)")
        }
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let result = try Self.spawn(["-L", socket, "-f", "/dev/null"] + arguments, timeout: 10)
        guard result.status == 0 else { throw HarnessError("tmux \(arguments.first ?? "") exited with \(result.status)") }
        return result.output
    }

    /// Runs tmux with `arguments`, stdout to a temporary file, and reaps it (killed after `timeout`).
    static func spawn(_ arguments: [String], timeout: TimeInterval) throws -> (status: Int32, output: String) {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("veet-tmux-\(UUID().uuidString)").path
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["TERM"] = "xterm-256color"
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        // Signals as a fresh process has them: the test process blocks some for its own
        // signal handling, and a tmux server (and the TUI under it) inheriting that mask
        // never saw SIGCHLD/SIGHUP and outlived kill-server.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw HarnessError("cannot start tmux (error \(spawned))") }
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if reaped == -1 && errno != EINTR { status = 0; break }  // reaped by someone else: its output is what counts
            if Date() >= deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw HarnessError("tmux \(arguments.dropFirst(4).first ?? "") did not finish in \(timeout) s")
            }
            usleep(5_000)
        }
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let exitStatus: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exitStatus, output)
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The screen as text (`escapes`: with its SGR colour sequences).
    func capture(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", "main"] + (escapes ? ["-e"] : []))
    }

    /// Named keys (`Enter`, `C-f`, `BTab`...), each sent on its own.
    func press(_ keys: String...) throws {
        for key in keys {
            try tmux(["send-keys", "-t", "main", key])
            // A lone Escape must not merge with the next key into an Alt chord.
            if key == "Escape" { usleep(80_000) }
        }
    }

    /// Literal text.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", "main", "-l", text])
    }

    /// Polls until `text` shows; throws with the last screen after `seconds`.
    @discardableResult
    func waitFor(_ text: String, seconds: Double = 10) throws -> String {
        try waitUntil("\"\(text)\"", seconds: seconds) { $0.contains(text) }
    }

    @discardableResult
    func waitUntil(_ what: String, seconds: Double = 10, _ isDone: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var screen = ""
        repeat {
            screen = try capture()
            if isDone(screen) { return screen }
            usleep(50_000)
        } while Date() < deadline
        throw HarnessError("waited \(seconds) s for \(what); the screen:\n\(screen)")
    }

    /// The screen once two captures in a row agree (volatile parts masked).
    func settled(seconds: Double = 5) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var previous = Snapshot.mask(try capture())
        while Date() < deadline {
            usleep(120_000)
            let current = Snapshot.mask(try capture())
            if current == previous { return current }
            previous = current
        }
        throw HarnessError("the screen kept changing for \(seconds) s:\n\(previous)")
    }

    func stop() {
        guard !stopped else { return }
        stopped = true
        _ = try? tmux(["kill-server"])
        // The server's socket file stays behind after kill-server.
        try? FileManager.default.removeItem(atPath: "/tmp/tmux-\(getuid())/\(socket)")
    }

    deinit { stop() }
}

/// Golden screens under Tests/EndToEndTests/Snapshots. `VEET_UPDATE_SNAPSHOTS=1`
/// writes them instead of comparing.
enum Snapshot {
    static let directory = Harness.repoRoot.appendingPathComponent("Tests/EndToEndTests/Snapshots")

    /// Relative times ("  5s", "52m", " 1h": three columns before a hairline) become "<t>";
    /// trailing spaces go.
    static func mask(_ screen: String) -> String {
        let age = try! Regex("[ 0-9][0-9][smhd](?= │)")
        return screen.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var masked = String(line).replacing(age, with: "<t>")
            while masked.last == " " { masked.removeLast() }
            return masked
        }.joined(separator: "\n")
    }

    static func check(_ screen: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["VEET_UPDATE_SNAPSHOTS"] == "1" {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? Data(screen.utf8).write(to: url)
            return
        }
        guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("no golden \(url.lastPathComponent) (VEET_UPDATE_SNAPSHOTS=1 records it); got:\n\(screen)",
                         sourceLocation: sourceLocation)
            return
        }
        if golden != screen {
            let goldenLines = golden.split(separator: "\n", omittingEmptySubsequences: false)
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            let first = zip(goldenLines, lines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(goldenLines.count, lines.count)
            Issue.record("""
                \(name) differs from its golden at line \(first + 1)
                golden: \(first < goldenLines.count ? String(goldenLines[first]) : "<end>")
                screen: \(first < lines.count ? String(lines[first]) : "<end>")
                whole screen:
                \(screen)
                """, sourceLocation: sourceLocation)
        }
    }
}

/// A fixture and a TUI in tmux, with a private XDG home.
final class TUISession: @unchecked Sendable {  // one test owns it; stop() is idempotent
    let fixture: FixtureProcess
    let terminal: TmuxTerminal
    let home: URL
    /// The command line the TUI was started with (a journey may start it again in the same home).
    let command: String
    /// Fixture switches for a journey that counts the sidebar's rows, or pictures it, without the
    /// features' "Needs you" rows (mail, subscriptions, memories, people) above the chats.
    static let withoutFeatureNeeds = ["--no-email", "--no-subscriptions", "--no-memory", "--no-people"]

    init(width: Int, height: Int, appearance: String = "dark", stepDelay: Double = 0.01, fixtureArguments: [String] = [],
         profile: ServerProfile = .full, extraEnvironment: String = "", program: String = "veet-tui") throws {
        fixture = try FixtureProcess(arguments: ["--step-delay", "\(stepDelay)"] + fixtureArguments, profile: profile)
        home = try Harness.temporaryHome()
        let tui = try Harness.binary(program)
        command = "env -u NO_COLOR -u COLORTERM -u COLORFGBG LANG=C.UTF-8 XDG_CONFIG_HOME=\(home.path)/c XDG_DATA_HOME=\(home.path)/d "
            + "VEET_URL=\(fixture.url) VEET_TOKEN=\(fixture.token) TERM=xterm-256color VEET_APPEARANCE=\(appearance) "
            + "\(extraEnvironment) \(tui.path)"
        do {
            terminal = try TmuxTerminal(width: width, height: height, command: command)
        } catch {
            fixture.stop()
            throw error
        }
    }

    func stop() {
        terminal.stop()
        fixture.stop()
        try? FileManager.default.removeItem(at: home)
    }

    deinit { stop() }
}
