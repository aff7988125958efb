import Foundation
import Glibc
import VeetConsole
import VeetDaemonProtocol

extension DaemonCommand {
    static let unitName = "veetd.service"

    var unitFile: URL { Self.unitFile(environment: context.environment) }

    /// `$XDG_CONFIG_HOME/systemd/user/veetd.service`, where `veet daemon install` writes the unit.
    static func unitFile(environment: [String: String]) -> URL {
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? home.appendingPathComponent(".config")
        return config.appendingPathComponent("systemd/user/\(unitName)")
    }

    /// veetd beside this veet, else the first one on PATH.
    func daemonExecutable() -> String? {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let beside = URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent("veetd").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        let path = context.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/veetd" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func unit(executable: String) -> String {
        """
        # Written by `veet daemon install`; see docs/daemon.md.
        [Unit]
        Description=Veet daemon: keeps the local store current and raises desktop notifications
        After=network-online.target

        [Service]
        Type=notify
        NotifyAccess=main
        ExecStart=\(executable)
        Restart=on-failure
        RestartSec=5
        # Logs go to stderr (the journal) and to $XDG_STATE_HOME/veet/veetd.log.

        [Install]
        WantedBy=default.target

        """
    }

    func install(printOnly: Bool) throws -> ExitCode {
        guard let executable = daemonExecutable() else {
            return context.fail("veet: cannot find veetd beside veet or on PATH.", .failure)
        }
        let text = Self.unit(executable: executable)
        if printOnly {
            context.out.write(text)
            return .success
        }
        try FileManager.default.createDirectory(at: unitFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: unitFile, options: .atomic)
        context.out.writeLine("Wrote \(unitFile.path).")
        context.out.writeLine("Now run: systemctl --user daemon-reload && systemctl --user enable --now veetd")
        return .success
    }

    /// True when systemd's user manager answers and the unit is installed.
    private var systemdManaged: Bool {
        FileManager.default.fileExists(atPath: unitFile.path) && runQuietly("systemctl", ["--user", "cat", Self.unitName]) == 0
    }

    func start() throws -> ExitCode {
        if let status = DaemonClient.status(paths: paths) {
            context.out.writeLine("veetd is already running (pid \(status.pid)).")
            return .success
        }
        if systemdManaged {
            guard runQuietly("systemctl", ["--user", "start", Self.unitName]) == 0 else {
                return context.fail("systemctl --user start veetd failed; see journalctl --user -u veetd.", .failure)
            }
        } else {
            guard let executable = daemonExecutable() else {
                return context.fail("veet: cannot find veetd beside veet or on PATH.", .failure)
            }
            try Self.spawnDetached(executable)
        }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let status = DaemonClient.status(paths: paths, timeout: 1) {
                context.out.writeLine("veetd started (pid \(status.pid)).")
                return .success
            }
            usleep(100_000)
        }
        return context.fail("veetd did not answer within 10 s; see `veet daemon logs`.", .failure)
    }

    func stop() -> ExitCode {
        guard let status = DaemonClient.status(paths: paths) else {
            context.out.writeLine("veetd is not running.")
            return .success
        }
        if systemdManaged, runQuietly("systemctl", ["--user", "is-active", "--quiet", Self.unitName]) == 0 {
            _ = runQuietly("systemctl", ["--user", "stop", Self.unitName])
        } else {
            kill(status.pid, SIGTERM)
        }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if DaemonClient.status(paths: paths, timeout: 1) == nil {
                context.out.writeLine("veetd stopped.")
                return .success
            }
            usleep(100_000)
        }
        return context.fail("veetd (pid \(status.pid)) did not stop within 10 s.", .failure)
    }

    /// Starts veetd in its own session with stdio on /dev/null (it writes its own log file).
    static func spawnDetached(_ executable: String) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(0x80))  // POSIX_SPAWN_SETSID (glibc)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        // Nothing else veet holds may reach the daemon: an inherited pipe or socket (a caller's
        // descriptor without close-on-exec) would stay open in veetd for its whole life, and a
        // caller that waits for it to close (Foundation's Process does) would wait as long.
        for fd in openDescriptors() where fd > 2 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        var pid = pid_t()
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(executable), nil]
        defer { argv.forEach { free($0) } }
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard result == 0 else { throw UnixSocket.Failure(operation: "start \(executable)", code: result) }
    }

    /// This process's open descriptors (the listing's own, closed by then, is ignored by posix_spawn).
    static func openDescriptors() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
    }

    private func runQuietly(_ program: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return 127 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
