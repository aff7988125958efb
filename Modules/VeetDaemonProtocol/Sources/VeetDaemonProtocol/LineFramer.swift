import Foundation

/// Splits a byte stream into lines of at most `limit` bytes (newline
/// included). A longer line is reported once as `.oversized` and its bytes
/// are skipped up to the next newline, so memory stays bounded and the
/// connection can carry on with the next message.
public struct LineFramer: Sendable {
    public enum Item: Sendable, Hashable {
        case line(Data)
        case oversized
    }

    public let limit: Int
    private var buffer = Data()
    /// True while skipping the rest of an oversized line.
    private var discarding = false

    public init(limit: Int = DaemonProtocol.maxMessageBytes) {
        self.limit = limit
    }

    /// Feeds received bytes and returns the complete items they finish.
    public mutating func feed(_ bytes: Data) -> [Item] {
        var items: [Item] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            guard let newline = rest.firstIndex(of: 0x0A) else {
                if !discarding {
                    buffer.append(contentsOf: rest)
                    if buffer.count >= limit {
                        items.append(.oversized)
                        buffer.removeAll()
                        discarding = true
                    }
                }
                break
            }
            let piece = rest[rest.startIndex..<newline]
            rest = rest[rest.index(after: newline)...]
            if discarding {
                discarding = false
                continue
            }
            if buffer.count + piece.count + 1 > limit {
                items.append(.oversized)
                buffer.removeAll()
                continue
            }
            buffer.append(contentsOf: piece)
            let line = buffer
            buffer.removeAll(keepingCapacity: true)
            // Blank lines are ignored: handy with `nc`, harmless otherwise.
            if !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) { items.append(.line(line)) }
        }
        return items
    }
}
