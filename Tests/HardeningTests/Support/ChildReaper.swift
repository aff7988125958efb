import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Waits for a child process with a deadline, kills it if it outlives the
/// deadline, and always reaps it.
///
/// `Process.waitUntilExit()` alone can block forever: in the address-sanitized
/// test build, Foundation once missed the exit of a crashing child (left a
/// zombie) and the whole run hung. So a zombie that Foundation has not noticed
/// within a second is reaped here with `waitpid`.
enum ChildReaper {
    struct Outcome: Equatable {
        var reason: Process.TerminationReason
        var status: Int32
    }

    static func finish(_ process: Process, deadline: Date) -> Outcome {
        if let outcome = wait(process, until: deadline) { return outcome }
        kill(process.processIdentifier, SIGKILL)
        if let outcome = wait(process, until: Date().addingTimeInterval(5)) { return outcome }
        return Outcome(reason: .uncaughtSignal, status: SIGKILL)
    }

    private static func wait(_ process: Process, until deadline: Date) -> Outcome? {
        var zombieSince: Date?
        while Date() < deadline {
            if !process.isRunning {
                process.waitUntilExit()  // returns at once: the exit was seen
                return Outcome(reason: process.terminationReason, status: process.terminationStatus)
            }
            if isZombie(process.processIdentifier) {
                let since = zombieSince ?? Date()
                zombieSince = since
                if Date().timeIntervalSince(since) > 1, let outcome = reap(process.processIdentifier) { return outcome }
            }
            usleep(10_000)
        }
        return nil
    }

    private static func isZombie(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }

    private static func reap(_ pid: Int32) -> Outcome? {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        let signal = status & 0x7F
        return signal == 0 ? Outcome(reason: .exit, status: (status >> 8) & 0xFF) : Outcome(reason: .uncaughtSignal, status: signal)
    }
}
