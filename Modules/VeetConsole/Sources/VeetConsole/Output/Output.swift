#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An unbuffered writer over a file descriptor. Each call is one `write(2)`
/// loop with no buffer in between, so output appears at once, nothing is
/// lost at exit, and any task or thread may call it. Do not mix it with
/// Swift's `print` on the same stream: `print` buffers and can reorder.
public struct Output: Sendable, Equatable {
    public let fileDescriptor: Int32

    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    public static let standardOutput = Output(fileDescriptor: STDOUT_FILENO)
    public static let standardError = Output(fileDescriptor: STDERR_FILENO)

    public static func stream(_ stream: StandardStream) -> Output {
        switch stream {
        case .standardOutput: standardOutput
        case .standardError: standardError
        }
    }

    /// Writes `text` as is. Returns false when the write failed (for
    /// example, the reader closed the pipe); CLIs usually ignore this.
    @discardableResult
    public func write(_ text: String) -> Bool {
        text.isEmpty || POSIX.writeAll(fileDescriptor, text)
    }

    /// Writes the bytes as they are, in one `write(2)` loop.
    @discardableResult
    public func write(bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { POSIX.writeAll(fileDescriptor, $0) }
    }

    /// Writes `text` and a newline in one write.
    @discardableResult
    public func writeLine(_ text: String = "") -> Bool {
        write(text + "\n")
    }

    public var isTerminal: Bool {
        POSIX.isTerminal(fileDescriptor)
    }
}
