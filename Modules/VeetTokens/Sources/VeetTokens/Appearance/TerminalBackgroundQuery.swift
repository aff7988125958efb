#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks the controlling terminal for its background colour (OSC 11).
///
/// The question goes to /dev/tty, not stdout, so it works while output is
/// piped. It is followed by a primary device-attributes request (`ESC [ c`),
/// which every terminal answers: when that answer arrives, anything the
/// terminal was going to say has been said, so a terminal that ignores OSC 11
/// costs one round trip rather than the whole timeout. The reply bytes are
/// handed to `BackgroundReport.parseOSC11`.
public enum TerminalBackgroundQuery {
    /// The default wait for the answer.
    public static let defaultTimeoutMilliseconds: Int32 = 100

    /// The background colour, or nil when there is no controlling terminal,
    /// the process is not in the terminal's foreground group (changing its
    /// mode would stop us with SIGTTOU), the terminal is `dumb`, or no answer
    /// came within the timeout.
    public static func run(
        environment: [String: String], timeoutMilliseconds: Int32 = defaultTimeoutMilliseconds
    ) -> RGB? {
        if environment["TERM"] == "dumb" { return nil }
        let fileDescriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fileDescriptor >= 0 else { return nil }
        defer { close(fileDescriptor) }
        guard isatty(fileDescriptor) == 1, tcgetpgrp(fileDescriptor) == getpgrp() else { return nil }

        var saved = termios()
        guard tcgetattr(fileDescriptor, &saved) == 0 else { return nil }
        var raw = saved
        // No line buffering and no echo, so the reply reaches us byte by byte
        // and never shows on screen; output processing stays as it was.
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(fileDescriptor, TCSANOW, &raw) == 0 else { return nil }
        defer { _ = tcsetattr(fileDescriptor, TCSANOW, &saved) }

        let question = Array("\u{1B}]11;?\u{07}\u{1B}[c".utf8)
        guard question.withUnsafeBytes({ write(fileDescriptor, $0.baseAddress, $0.count) }) == question.count
        else { return nil }
        let reply = readReply(fileDescriptor, timeoutMilliseconds: timeoutMilliseconds)
        return BackgroundReport.parseOSC11(reply)
    }

    /// Collects bytes until the device-attributes answer ends or time runs out.
    private static func readReply(_ fileDescriptor: Int32, timeoutMilliseconds: Int32) -> [UInt8] {
        let deadline = monotonicMilliseconds() + Int64(timeoutMilliseconds)
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        while !endsWithDeviceAttributes(reply) {
            let remaining = deadline - monotonicMilliseconds()
            guard remaining > 0 else { break }
            var request = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, Int32(remaining))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            reply.append(contentsOf: chunk[0..<count])
        }
        return reply
    }

    /// Whether `bytes` hold a complete `ESC [ ? … c` answer.
    static func endsWithDeviceAttributes(_ bytes: [UInt8]) -> Bool {
        guard let start = (0..<max(bytes.count - 2, 0)).first(where: {
            bytes[$0] == 0x1B && bytes[$0 + 1] == 0x5B && bytes[$0 + 2] == 0x3F  // ESC [ ?
        }) else { return false }
        return bytes[(start + 3)...].contains(0x63)  // c
    }

    private static func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
