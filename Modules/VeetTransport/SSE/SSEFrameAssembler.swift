#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Applies complete lines (without their line ending) to the frame being
/// built, following the WHATWG field rules. Works on raw bytes; text is
/// decoded only when a field completes or an event is dispatched.
struct SSEFrameAssembler: Sendable {
    private static let lineFeed: UInt8 = 0x0A
    private static let colon: UInt8 = 0x3A
    private static let space: UInt8 = 0x20

    let maxEventBytes: Int

    /// Data lines so far, each followed by LF (the last LF is dropped on dispatch).
    private var dataBuffer: [UInt8] = []
    private var eventTypeBytes: [UInt8] = []
    /// The previous event type, decoded once: most frames repeat a few types,
    /// so this saves decoding (and for long names allocating) a String per event.
    private var cachedTypeBytes: [UInt8] = []
    private var cachedTypeString = ""
    private var frameID: String?
    private var frameRetry: Int?
    private var lastEventIDBuffer = ""

    /// WHATWG's "last event ID string", updated at every dispatch point.
    private(set) var lastEventID = ""
    /// The latest valid `retry:` value (the reconnection time in milliseconds).
    private(set) var reconnectionTime: Int?
    /// Comment lines seen (the server's `: heartbeat`).
    private(set) var commentCount = 0

    init(maxEventBytes: Int) {
        self.maxEventBytes = maxEventBytes
    }

    /// Whether a frame has started but not yet been ended by an empty line.
    var hasPartialFrame: Bool {
        !dataBuffer.isEmpty || !eventTypeBytes.isEmpty || frameID != nil || frameRetry != nil
    }

    /// Applies one line; returns the event an empty line dispatches, if any.
    mutating func apply(line: UnsafeRawBufferPointer) throws(SSEError) -> SSEEvent? {
        guard let first = line.first else { return dispatch() }
        if first == Self.colon {
            commentCount += 1
            return nil
        }
        let nameEnd: Int
        var valueStart: Int
        if let base = line.baseAddress, let hit = memchr(base, Int32(Self.colon), line.count) {
            nameEnd = base.distance(to: UnsafeRawPointer(hit))
            valueStart = nameEnd + 1
            if valueStart < line.count, line[valueStart] == Self.space { valueStart += 1 }
        } else {
            nameEnd = line.count
            valueStart = line.count
        }
        let name = UnsafeRawBufferPointer(rebasing: line[0..<nameEnd])
        let value = UnsafeRawBufferPointer(rebasing: line[valueStart..<line.count])
        switch FieldName(name) {
        case .data:
            // The dispatched data is dataBuffer (previous lines with their joining LFs) plus this value.
            guard dataBuffer.count + value.count <= maxEventBytes else {
                throw .eventTooLarge(limit: maxEventBytes)
            }
            dataBuffer.append(contentsOf: value)
            dataBuffer.append(Self.lineFeed)
        case .event:
            eventTypeBytes.removeAll(keepingCapacity: true)
            eventTypeBytes.append(contentsOf: value)
        case .id:
            if let base = value.baseAddress, memchr(base, 0, value.count) != nil { break }
            let id = String(decoding: value, as: UTF8.self)
            lastEventIDBuffer = id
            frameID = id
        case .retry:
            if let milliseconds = Self.parseDigits(value) {
                reconnectionTime = milliseconds
                frameRetry = milliseconds
            }
        case .other:
            break
        }
        return nil
    }

    /// Forgets the frame under construction (at end of stream it is discarded).
    mutating func discardPartialFrame() {
        dataBuffer.removeAll(keepingCapacity: false)
        eventTypeBytes.removeAll(keepingCapacity: false)
        frameID = nil
        frameRetry = nil
    }

    private mutating func dispatch() -> SSEEvent? {
        lastEventID = lastEventIDBuffer
        defer {
            dataBuffer.removeAll(keepingCapacity: dataBuffer.capacity <= 65_536)
            eventTypeBytes.removeAll(keepingCapacity: true)
            frameID = nil
            frameRetry = nil
        }
        guard !dataBuffer.isEmpty else { return nil }
        let data = dataBuffer.withUnsafeBytes { bytes in
            String(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<(bytes.count - 1)]), as: UTF8.self)
        }
        return SSEEvent(event: currentEventType(), data: data, id: frameID,
                        lastEventID: lastEventID, retry: frameRetry)
    }

    private mutating func currentEventType() -> String {
        if eventTypeBytes.isEmpty { return "message" }
        if eventTypeBytes != cachedTypeBytes {
            cachedTypeString = String(decoding: eventTypeBytes, as: UTF8.self)
            cachedTypeBytes.removeAll(keepingCapacity: true)
            cachedTypeBytes.append(contentsOf: eventTypeBytes)
        }
        return cachedTypeString
    }

    /// Digits only (no sign, no spaces); nil when empty, not all digits, or too large for Int.
    private static func parseDigits(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var result = 0
        for byte in bytes {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (shifted, overflowA) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = shifted.addingReportingOverflow(Int(byte &- 0x30))
            if overflowA || overflowB { return nil }
            result = sum
        }
        return result
    }

    private enum FieldName {
        case data, event, id, retry, other

        init(_ name: UnsafeRawBufferPointer) {
            switch name.count {
            case 2 where name[0] == 0x69 && name[1] == 0x64:
                self = .id
            case 4 where name[0] == 0x64 && name[1] == 0x61 && name[2] == 0x74 && name[3] == 0x61:
                self = .data
            case 5 where name.elementsEqual("event".utf8):
                self = .event
            case 5 where name.elementsEqual("retry".utf8):
                self = .retry
            default:
                self = .other
            }
        }
    }
}
