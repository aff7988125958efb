// The full-screen client: frame times from the real painter (`veet-tui
// --bench-frames`, which prints its own table against a plain full repaint of
// the same grid), and cold start to the first frame with 10,000 cached
// sessions, next to /bin/true spawned the same way in the same run. Needs the
// release veet-tui beside veet-bench (`swift build -c release --product veet-tui`).
import Foundation
import VeetChat
import VeetFixture
import VeetStore
import VeetTransport
#if canImport(Glibc)
import Glibc
#endif

let tuiSuite = BenchSuite(name: "tui") { quick in
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let tui = directory.appendingPathComponent("veet-tui").path
    guard FileManager.default.isExecutableFile(atPath: tui) else {
        print("tui: \(tui) is missing; build it first: swift build -c release --product veet-tui")
        return
    }
    let frames = TUIBench.spawn(tui, ["--bench-frames"] + (quick ? ["--quick"] : []), environment: [:], terminal: false)
    print(frames.output, terminator: "")
    await TUIBench.coldStart(tui, sessions: 10_000, runs: quick ? 5 : 15)
}

enum TUIBench {
    /// Seeds the fixture, fills a private store through a reconcile, then times
    /// `veet-tui --first-frame-exit` (start, read 10,000 cached sessions, draw,
    /// restore the terminal, exit) in a pseudo-terminal of 160x48.
    static func coldStart(_ tui: String, sessions: Int, runs: Int) async {
        let server = FixtureServer(token: "bench")
        _ = server.seedSessions(count: sessions, messagesPerSession: 2)
        let url = try! server.start()
        defer { server.stop() }
        // VEET_BENCH_TUI_HOME keeps the filled store there (to profile veet-tui against it afterwards).
        let kept = ProcessInfo.processInfo.environment["VEET_BENCH_TUI_HOME"]
        let home = kept.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("veet-bench-tui-\(UUID().uuidString)")
        defer { if kept == nil { try? FileManager.default.removeItem(at: home) } }
        let environment = ["XDG_CONFIG_HOME": home.path + "/c", "XDG_DATA_HOME": home.path + "/d",
                           "XDG_STATE_HOME": home.path + "/s", "XDG_CACHE_HOME": home.path + "/k"]
        let settings = try! ConnectionSettings(serverAddress: url.absoluteString, token: "bench")
        let serverURL = settings.serverURL.url.absoluteString
        let store = try! LocalStore.open(paths: VeetPaths(environment: environment), connection: "url:\(serverURL)", url: serverURL)
        let report = try! await store.reconcile(from: HTTPStoreSource(sender: .live(client: HTTPClient(settings: settings))))
        let cached = (try? store.sessions().count) ?? 0
        var tuiEnvironment = environment
        tuiEnvironment["VEET_URL"] = serverURL
        tuiEnvironment["VEET_TOKEN"] = "bench"
        tuiEnvironment["TERM"] = "xterm-256color"
        tuiEnvironment["LINES"] = "48"
        tuiEnvironment["COLUMNS"] = "160"
        tuiEnvironment["VEET_APPEARANCE"] = "dark"
        var tuiTimes: [Double] = [], baseTimes: [Double] = []
        for _ in 0..<runs {
            let run = spawn(tui, ["--first-frame-exit"], environment: tuiEnvironment, terminal: true)
            precondition(run.status == 0, "veet-tui --first-frame-exit exited with \(run.status): \(run.output.suffix(300))")
            tuiTimes.append(run.milliseconds)
            baseTimes.append(spawn("/bin/true", [], environment: tuiEnvironment, terminal: true).milliseconds)
        }
        let tuiMedian = median(tuiTimes), baseMedian = median(baseTimes)
        print("\ntui cold start to first frame, \(cached) cached sessions (reconciled \(report.added.count)), 160x48 pty, median of \(runs)")
        print("  /bin/true (baseline)          \(fixed(baseMedian, 2)) ms")
        print("  veet-tui --first-frame-exit   \(fixed(tuiMedian, 2)) ms  (max \(fixed(tuiTimes.max() ?? 0, 2)) ms)")
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// Runs a program to its end (stdin/stdout/stderr on a new pseudo-terminal
    /// when `terminal`, else stdout to a file) and reaps it; times spawn to exit.
    static func spawn(_ path: String, _ arguments: [String], environment: [String: String],
                      terminal: Bool) -> (status: Int32, milliseconds: Double, output: String) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Signals as a fresh process has them, whatever veet-bench blocks for itself.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var flags = Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        var master: Int32 = -1
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("veet-bench-\(UUID().uuidString)").path
        defer { unlink(outputPath) }
        if terminal {
            master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            let slave = PseudoTerminal.unlock(master)
            // A new session (glibc's POSIX_SPAWN_SETSID), so the terminal opened
            // below becomes its controlling terminal.
            flags |= 0x80
            for fd: Int32 in 0...2 { posix_spawn_file_actions_addopen(&actions, fd, slave, O_RDWR, 0) }
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        posix_spawnattr_setflags(&attributes, flags)
        var merged = ProcessInfo.processInfo.environment
        for key in ["VEET_URL", "VEET_TOKEN", "NO_COLOR", "TMUX"] { merged[key] = nil }
        merged.merge(environment) { _, new in new }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        // The terminal's output is drained as it comes, so the program never blocks on a full buffer.
        let drained = DrainedOutput()
        let masterFD = master
        let drainer = terminal ? Thread { drained.drain(masterFD) } : nil
        drainer?.start()
        let start = DispatchTime.now().uptimeNanoseconds
        var pid: pid_t = 0
        precondition(posix_spawn(&pid, path, &actions, &attributes, argv, envp) == 0, "cannot start \(path)")
        var status: Int32 = 0
        // A blocking wait: polling every 200 µs woke this process thousands of times a second on the
        // shared cores while the timed one ran. A watchdog ends a run that hangs.
        let child = pid
        let watchdog = DispatchWorkItem { kill(child, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        watchdog.cancel()
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        if terminal {
            drained.finish(master)
            close(master)
        }
        let output = terminal ? drained.text : ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
        let exit: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exit, milliseconds, output)
    }
}

/// grantpt/unlockpt/ptsname_r are hidden from Swift's Glibc module (they need
/// _XOPEN_SOURCE), so they are looked up in the C library at run time.
enum PseudoTerminal {
    private typealias FDCall = @convention(c) (Int32) -> Int32
    private typealias NameCall = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32

    static func unlock(_ master: Int32) -> String {
        let library = dlopen(nil, RTLD_NOW)
        guard master >= 0, let grant = dlsym(library, "grantpt"), let unlock = dlsym(library, "unlockpt"),
              let name = dlsym(library, "ptsname_r") else { fatalError("no pseudo-terminal") }
        precondition(unsafeBitCast(grant, to: FDCall.self)(master) == 0, "grantpt failed")
        precondition(unsafeBitCast(unlock, to: FDCall.self)(master) == 0, "unlockpt failed")
        var buffer = [CChar](repeating: 0, count: 128)
        precondition(unsafeBitCast(name, to: NameCall.self)(master, &buffer, buffer.count) == 0, "ptsname_r failed")
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// What a pseudo-terminal's master side read, filled by one drain thread.
final class DrainedOutput: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var bytes: [UInt8] = []

    func drain(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count > 0 {
                lock.lock(); bytes += buffer[0..<count]; lock.unlock()
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break  // EIO once the program (the last holder of the terminal) is gone
            }
        }
        done.signal()
    }

    /// Waits (at most a second) for the drain to see the end.
    func finish(_ fd: Int32) {
        _ = done.wait(timeout: .now() + 1)
    }

    var text: String {
        lock.lock(); defer { lock.unlock() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
