#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over the C calls the kit needs, named so they do not clash
/// with our own `write` and `read` methods.
enum POSIX {
    static func isTerminal(_ fileDescriptor: Int32) -> Bool {
        isatty(fileDescriptor) == 1
    }

    /// Writes every byte, retrying short writes and EINTR.
    /// Returns false on any other failure (a closed pipe, a full disk).
    static func writeAll(_ fileDescriptor: Int32, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { writeAll(fileDescriptor, $0) }
    }

    static func writeAll(_ fileDescriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return true }
        var offset = 0
        while offset < bytes.count {
            let written = write(fileDescriptor, base + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Reads one byte; nil at end of input or on an error other than EINTR.
    static func readByte(_ fileDescriptor: Int32) -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = read(fileDescriptor, &byte, 1)
            if count == 1 { return byte }
            if count < 0, errno == EINTR { continue }
            return nil
        }
    }

    /// The column count the kernel reports for a terminal, or nil.
    static func columns(_ fileDescriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
