import Foundation
import VeetStore
import VeetTransport
#if canImport(Glibc)
import Glibc
#endif

/// The day soak's private home: a saved connection to the fixture, veetd, and
/// veet-tui on a pseudo-terminal (`script`, whose input stays open so the TUI runs on).
struct DayHome {
    /// Short: veetd's socket path must fit in `sockaddr_un` (108 bytes).
    let root = URL(fileURLWithPath: "/tmp/vds-\(UUID().uuidString.prefix(8))")
    let binDirectory: URL

    init(target: SoakTarget, binDirectory: URL) throws {
        self.binDirectory = binDirectory
        for tool in ["veetd", "veet-tui"] where !FileManager.default.isExecutableFile(atPath: binDirectory.appendingPathComponent(tool).path) {
            throw SoakSetupError("\(binDirectory.path)/\(tool) is missing (swift build --product \(tool))")
        }
        for sub in ["config", "data", "state", "run", "cache"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(sub), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        try ConnectionRegistry(paths: VeetPaths(environment: environment))
            .add(name: DaySoak.connection, url: ServerURL(validating: target.url.absoluteString), token: target.token)
    }

    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        for key in ["DBUS_SESSION_BUS_ADDRESS", "NOTIFY_SOCKET", "VEET_URL", "VEET_TOKEN", "TMUX", "NO_COLOR"] { env[key] = nil }
        for sub in ["config", "data", "state", "run", "cache"] {
            let key = sub == "run" ? "XDG_RUNTIME_DIR" : "XDG_\(sub.uppercased())_HOME"
            env[key] = root.appendingPathComponent(sub).path
        }
        env["HOME"] = root.path
        env["TERM"] = "xterm-256color"
        env["LINES"] = "48"
        env["COLUMNS"] = "160"
        return env
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// veetd (its socket up), then veet-tui (its pid found under `script`).
    func start() throws -> [WatchedProcess] {
        let daemon = try launch(binDirectory.appendingPathComponent("veetd"), ["--notifier", "log"])
        let socket = root.appendingPathComponent("run/veet/veetd.sock").path
        let giveUp = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: socket) && Date() < giveUp { usleep(50_000) }
        let input = Pipe()
        let script = try launch(URL(fileURLWithPath: "/usr/bin/script"),
                                ["-qfec", binDirectory.appendingPathComponent("veet-tui").path, "/dev/null"], input: input)
        var tui: pid_t?
        while tui == nil && Date() < giveUp {
            usleep(50_000)
            tui = WatchedProcess.child(of: script.processIdentifier)
        }
        guard let tui else { throw SoakSetupError("veet-tui did not start under script") }
        return [WatchedProcess(name: "veetd", pid: daemon.processIdentifier, process: daemon, input: nil),
                WatchedProcess(name: "veet-tui", pid: tui, process: script, input: input)]
    }

    private func launch(_ executable: URL, _ arguments: [String], input: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardInput = input ?? FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}

/// One process under watch; `stop` ends it (SIGTERM, then SIGKILL after 10 s).
struct WatchedProcess {
    var name: String
    var pid: pid_t
    var process: Process
    /// The terminal's input (kept open: `script` ends when it closes).
    var input: Pipe?

    var reading: ProcessReading { ProcessReading(pid: pid) }
    var isRunning: Bool { kill(pid, 0) == 0 }

    func stop() {
        kill(pid, SIGTERM)
        let giveUp = Date().addingTimeInterval(10)
        while process.isRunning && Date() < giveUp { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// The first process whose parent is `parent` (from /proc/*/stat).
    static func child(of parent: pid_t) -> pid_t? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, pid_t(fields[1]) == parent { return pid }
        }
        return nil
    }
}

/// Resident memory, open file descriptors and threads of a process, from /proc.
struct ProcessReading {
    var resident = 0
    var descriptors = 0
    var threads = 0
    /// Open descriptors by what they are (socket, pipe, anon_inode, or a file's path).
    var kinds: [String: Int] = [:]

    init(pid: pid_t) {
        resident = Memory.residentBytes(of: "\(pid)")
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        descriptors = fds.count
        for fd in fds {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")) ?? "?"
            // "socket:[123]" -> "socket"; a file keeps its path.
            kinds[target.split(separator: ":").first.map(String.init) ?? target, default: 0] += 1
        }
        threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? 0
    }

    /// The lesser of each figure.
    func least(_ other: ProcessReading) -> ProcessReading {
        var least = self
        least.resident = min(resident, other.resident)
        least.descriptors = min(descriptors, other.descriptors)
        least.threads = min(threads, other.threads)
        if other.descriptors < descriptors { least.kinds = other.kinds }
        return least
    }

    /// The descriptors `self` holds beyond `earlier`, by kind ("socket +2").
    func descriptorsBeyond(_ earlier: ProcessReading) -> String {
        kinds.keys.sorted().compactMap { kind in
            let more = kinds[kind, default: 0] - earlier.kinds[kind, default: 0]
            return more > 0 ? "\(kind) +\(more)" : nil
        }.joined(separator: ", ")
    }

    static func loadAverage() -> String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "").split(separator: " ").prefix(3).joined(separator: " ")
    }
}
