/// Bytes gathered and written to a file descriptor a buffer at a time (one
/// `write(2)` per 64 KiB, and what is left on `flush`), for output that
/// prints many small records.
public struct BufferedOutput: Sendable {
    public let output: Output
    public let capacity: Int
    private var buffer: [UInt8] = []

    public init(_ output: Output = .standardOutput, capacity: Int = 64 * 1024) {
        self.output = output
        self.capacity = capacity
        buffer.reserveCapacity(capacity)
    }

    /// Returns false once a write failed (the reader went away).
    @discardableResult
    public mutating func append(_ bytes: [UInt8]) -> Bool {
        // A block as large as the buffer goes out as it is, not copied in first.
        if bytes.count >= capacity { return flush() && output.write(bytes: bytes) }
        buffer.append(contentsOf: bytes)
        return buffer.count >= capacity ? flush() : true
    }

    @discardableResult
    public mutating func flush() -> Bool {
        guard !buffer.isEmpty else { return true }
        defer { buffer.removeAll(keepingCapacity: true) }
        return output.write(bytes: buffer)
    }
}
