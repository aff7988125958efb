#if canImport(Glibc)
import Glibc
#endif

/// Puts the terminal back when the process ends without `TerminalSession.stop`:
/// at `exit` (atexit) and on fatal signals (a Swift trap is SIGILL or
/// SIGTRAP, a bad pointer SIGSEGV/SIGBUS, `abort` SIGABRT).
///
/// The handlers are C function pointers that cannot carry context, so the
/// little they need lives in static storage allocated once: the original
/// terminal mode and an "armed" flag. Only async-signal-safe calls are made
/// from them (`write`, `tcsetattr`, `signal`, `raise`). After restoring,
/// the previous handler (Swift's backtracer, if installed) is put back and
/// the signal raised again, so crash reports still happen, on a sane screen.
enum EmergencyRestore {
    // Written only by the one session that owns the terminal, before arming
    // and after disarming; read by handlers only while armed.
    nonisolated(unsafe) private static let savedMode = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    nonisolated(unsafe) private static let armed = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
    nonisolated(unsafe) private static let previousHandlers = UnsafeMutablePointer<__sighandler_t?>.allocate(capacity: 65)
    nonisolated(unsafe) private static let atexitRegistered = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
    private static let restoreBytes: [UInt8] = Array((TerminalModes.disableAll + "\u{1B}[?1049l\r").utf8)
    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Records the current terminal mode of `fd` and arms the handlers.
    /// Called once per session start, from the owning thread.
    static func arm(terminal fd: Int32) {
        armed.pointee = 0
        guard tcgetattr(fd, savedMode) == 0 else { return }
        _ = restoreBytes.count // force the lazy initialiser outside any handler
        if !atexitRegistered.pointee {
            atexitRegistered.pointee = true
            atexit { EmergencyRestore.restore() }
        }
        for signal in fatalSignals {
            previousHandlers[Int(signal)] = Glibc.signal(signal) { number in
                EmergencyRestore.restore()
                // Back to whoever handled it before us, then let it happen.
                _ = Glibc.signal(number, EmergencyRestore.previousHandlers[Int(number)] ?? SIG_DFL)
                raise(number)
            }
        }
        armed.pointee = 1
    }

    /// Disarms after a clean stop and gives the fatal signals back.
    static func disarm() {
        guard armed.pointee == 1 else { return }
        armed.pointee = 0
        for signal in fatalSignals {
            _ = Glibc.signal(signal, previousHandlers[Int(signal)] ?? SIG_DFL)
        }
    }

    /// Leaves the screen as the shell expects: modes off, main screen,
    /// original line discipline. Async-signal-safe; does nothing unarmed.
    static func restore() {
        guard armed.pointee == 1 else { return }
        armed.pointee = 0
        restoreBytes.withUnsafeBytes { bytes in _ = write(STDOUT_FILENO, bytes.baseAddress, bytes.count) }
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, savedMode)
    }
}
