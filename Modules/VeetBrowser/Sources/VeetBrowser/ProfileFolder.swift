import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The browser's throw-away profile: a folder of its own, created 0700 under
/// `$XDG_RUNTIME_DIR/veet-browser` (or a 0700 `veet-browser-<uid>` folder in
/// the temporary directory when there is none), marked with the owning
/// process id so a folder left by a crash is recognised and removed at the
/// next start.
public struct ProfileFolder: Sendable, Hashable {
    public let path: String

    static let pidFileName = "veet-owner.pid"

    /// The folder that holds every profile folder, made 0700 if missing.
    public static func parent(environment: [String: String]) throws(BrowserError) -> String {
        let parent: String
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty, FileManager.default.fileExists(atPath: runtime) {
            parent = (runtime as NSString).appendingPathComponent("veet-browser")
        } else {
            parent = (NSTemporaryDirectory() as NSString).appendingPathComponent("veet-browser-\(getuid())")
        }
        if mkdir(parent, 0o700) != 0 && errno != EEXIST { throw .profileFolder(String(cString: strerror(errno))) }
        // An existing folder must be ours alone (a shared temp dir could hold someone else's).
        var info = stat()
        guard lstat(parent, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid() else {
            throw .profileFolder("\(parent) is not a folder of this user")
        }
        if info.st_mode & 0o077 != 0 { chmod(parent, 0o700) }
        return parent
    }

    /// Removes the profile folders whose owning process is gone (a crash, a
    /// kill), then makes a fresh one, 0700, marked with this process's id.
    public static func create(environment: [String: String]) throws(BrowserError) -> ProfileFolder {
        let parent = try parent(environment: environment)
        removeLeftovers(in: parent)
        let path = (parent as NSString).appendingPathComponent("profile-\(UUID().uuidString.lowercased())")
        guard mkdir(path, 0o700) == 0 else { throw .profileFolder(String(cString: strerror(errno))) }
        let marker = (path as NSString).appendingPathComponent(pidFileName)
        guard FileManager.default.createFile(atPath: marker, contents: Data("\(getpid())\n".utf8),
                                             attributes: [.posixPermissions: 0o600]) else {
            try? FileManager.default.removeItem(atPath: path)
            throw .profileFolder("cannot write its marker")
        }
        return ProfileFolder(path: path)
    }

    /// Every `profile-*` folder whose marker names no live process (or has none) is deleted.
    @discardableResult
    public static func removeLeftovers(in parent: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        var removed = 0
        for name in names where name.hasPrefix("profile-") {
            let path = (parent as NSString).appendingPathComponent(name)
            let marker = (path as NSString).appendingPathComponent(pidFileName)
            let lines = ((try? String(contentsOfFile: marker, encoding: .utf8)) ?? "").split(separator: "\n")
            if let owner = lines.first.flatMap({ pid_t($0) }), isAlive(owner) { continue }
            if lines.count > 1, let browser = pid_t(lines[1]) { stopOrphan(browser, path: path) }
            if delete(path) { removed += 1 }
        }
        return removed
    }

    /// Adds the browser's process id to the marker, so a sweep after a crash
    /// can stop a browser still running on the folder.
    static func mark(_ profile: ProfileFolder, browserPID: pid_t) {
        let marker = (profile.path as NSString).appendingPathComponent(pidFileName)
        _ = FileManager.default.createFile(atPath: marker, contents: Data("\(getpid())\n\(browserPID)\n".utf8),
                                       attributes: [.posixPermissions: 0o600])
    }

    /// Stops a browser left running on `path` by a crashed owner: only when
    /// that process's command line names this very folder (never another program reusing the id).
    private static func stopOrphan(_ pid: pid_t, path: String) {
        guard pid > 0, let command = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")),
              String(decoding: command, as: UTF8.self).contains("--user-data-dir=\(path)") else { return }
        _ = kill(-pid, SIGKILL)  // its process group: the helpers too
        _ = kill(pid, SIGKILL)
        for _ in 0..<100 where isAlive(pid) && !isZombie(pid) { usleep(20_000) }
    }

    /// Dead but not yet reaped by its parent.
    private static func isZombie(_ pid: pid_t) -> Bool {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        return status.contains("State:\tZ")
    }

    static func isAlive(_ pid: pid_t) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }

    /// Deletes the folder and everything the browser kept in it (tried again
    /// briefly if a process still writing made a pass fail).
    public func remove() {
        Self.delete(path)
    }

    @discardableResult
    static func delete(_ path: String) -> Bool {
        for attempt in 0..<5 {
            if attempt > 0 { usleep(50_000) }
            if (try? FileManager.default.removeItem(atPath: path)) != nil || !FileManager.default.fileExists(atPath: path) {
                return true
            }
        }
        return false
    }
}
