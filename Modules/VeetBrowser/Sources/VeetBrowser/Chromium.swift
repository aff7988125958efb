import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Chromium, found on this machine, started as a child in a throw-away
/// profile and driven over the DevTools protocol on a pipe (no TCP port).
public struct Chromium: Sendable {
    /// How the window is shown.
    public enum Mode: Sendable, Hashable {
        /// A real window on the person's display, with Chromium's sandbox on.
        case window
        /// No window and no sandbox. For the tests only: they run as root in
        /// CI, where the sandbox cannot start. Never chosen by default.
        case headlessForTests
    }

    public let executable: String
    public let mode: Mode
    let environment: [String: String]

    /// Finds the browser and checks there is somewhere to show it.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                mode: Mode = .window) throws(BrowserError) {
        guard let executable = Self.locate(environment: environment) else { throw .notFound }
        if mode == .window && !Self.hasDisplay(environment) { throw .noDisplay }
        self.executable = executable
        self.mode = mode
        self.environment = environment
    }

    /// `VEET_BROWSER` when set (a path, or a name on `PATH`), else `chromium`, else `chromium-browser`.
    public static func locate(environment: [String: String]) -> String? {
        let path = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        let candidates = [environment["VEET_BROWSER"]].compactMap { $0 }.filter { !$0.isEmpty }
            + ["chromium", "chromium-browser"]
        for name in candidates {
            if name.contains("/") {
                if access(name, X_OK) == 0 { return name }
                continue
            }
            for folder in path {
                let full = (folder as NSString).appendingPathComponent(name)
                if access(full, X_OK) == 0 { return full }
            }
        }
        return nil
    }

    public static func hasDisplay(_ environment: [String: String]) -> Bool {
        !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    }

    /// The arguments Chromium starts with (no secret ever goes here).
    func arguments(profile: ProfileFolder) -> [String] {
        var arguments = [executable, "--user-data-dir=\(profile.path)", "--remote-debugging-pipe",
                         "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync",
                         "--password-store=basic", "--disable-background-networking"]
        if mode == .headlessForTests { arguments += ["--headless=new", "--no-sandbox"] }
        return arguments + ["about:blank"]
    }

    /// Opens a window on `url` whose top-level navigation is limited to
    /// `allowedOrigins` (`scheme://host[:port]`). A profile folder left by an
    /// earlier crash is removed first.
    public func open(_ url: String, allowedOrigins: [String]) async throws -> BrowserWindow {
        let profile = try ProfileFolder.create(environment: environment)
        let child: ChildBrowser
        do {
            child = try ChildBrowser.start(arguments: arguments(profile: profile), profile: profile)
        } catch {
            profile.remove()
            throw error
        }
        let window = BrowserWindow(child: child, profile: profile, allowedOrigins: allowedOrigins)
        do {
            try await window.start(url)
        } catch {
            await window.close()
            throw error
        }
        return window
    }
}

/// The running Chromium: its process id and the two pipe ends VeetKit holds.
struct ChildBrowser: Sendable {
    let pid: pid_t
    let toBrowser: Int32
    let fromBrowser: Int32

    static func start(arguments: [String], profile: ProfileFolder) throws(BrowserError) -> ChildBrowser {
        // commands: we write [1], the browser reads [0] as fd 3; answers: it writes [1] as fd 4, we read [0].
        guard let commands = makePipe(), let answers = makePipe() else { throw .cannotStart("no pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, commands.read, 3)
        posix_spawn_file_actions_adddup2(&actions, answers.write, 4)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // A process group of its own: closing kills every process Chromium started, and the
        // terminal's Ctrl-C reaches VeetKit alone, which then closes the window properly.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, environ)
        close(commands.read)
        close(answers.write)
        guard status == 0 else {
            close(commands.write)
            close(answers.read)
            throw .cannotStart(String(cString: strerror(status)))
        }
        ProfileFolder.mark(profile, browserPID: pid)
        return ChildBrowser(pid: pid, toBrowser: commands.write, fromBrowser: answers.read)
    }

    /// A pipe whose ends are close-on-exec and above 4, so the child's `dup2`
    /// onto 3 and 4 always makes fresh, inherited copies. (`pipe2` is not
    /// exported by this toolchain's Glibc module, so the plain ends are
    /// replaced by close-on-exec copies at once.)
    private static func makePipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        let read = fcntl(fds[0], F_DUPFD_CLOEXEC, 10)
        let write = fcntl(fds[1], F_DUPFD_CLOEXEC, 10)
        close(fds[0])
        close(fds[1])
        guard read >= 0, write >= 0 else { return nil }
        return (read, write)
    }

    /// True once the process has exited. It is not reaped here, so its id
    /// (and its process group's) cannot be reused before `kill()`.
    func hasExited() -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return true }
        return status.contains("State:\tZ") || status.contains("State:\tX")
    }

    /// Kills Chromium and every process of its group, and reaps it.
    func kill() {
        _ = Glibc.kill(-pid, SIGKILL)
        _ = Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}
