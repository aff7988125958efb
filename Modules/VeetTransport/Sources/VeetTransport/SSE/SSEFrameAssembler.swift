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

    /// Data lines so far, joined with LF.
    private var dataBuffer: [UInt8] = []
    /// Whether any data line arrived (an empty `data:` line still makes the data non-empty).
    private var hasData = false
    /// The frame's `event:` value; nil (or empty) dispatches as "message".
    private var eventType: String?
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
        hasData || eventType != nil || frameID != nil || frameRetry != nil
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
            let separator = hasData ? 1 : 0
            guard dataBuffer.count + separator + value.count <= maxEventBytes else {
                throw .eventTooLarge(limit: maxEventBytes)
            }
            if hasData { dataBuffer.append(Self.lineFeed) }
            dataBuffer.append(contentsOf: value)
            hasData = true
        case .event:
            eventType = value.isEmpty ? nil : typeString(value)
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

    /// Applies a line the caller owns. A `data` line that opens the frame's
    /// data becomes the data buffer in place: a long line (megabytes arriving
    /// in many chunks) is then not copied a second time.
    mutating func apply(ownedLine line: inout [UInt8]) throws(SSEError) -> SSEEvent? {
        if !hasData, line.count >= 5, line[0] == 0x64, line[1] == 0x61, line[2] == 0x74, line[3] == 0x61,
           line[4] == Self.colon {
            let valueStart = line.count > 5 && line[5] == Self.space ? 6 : 5
            guard line.count - valueStart <= maxEventBytes else { throw .eventTooLarge(limit: maxEventBytes) }
            line.removeSubrange(0..<valueStart)
            swap(&line, &dataBuffer)
            hasData = true
            return nil
        }
        var thrown: SSEError?
        let event = line.withUnsafeBytes { bytes -> SSEEvent? in
            do throws(SSEError) { return try apply(line: bytes) } catch { thrown = error; return nil }
        }
        if let thrown { throw thrown }
        return event
    }

    /// Forgets the frame under construction (at end of stream it is discarded).
    mutating func discardPartialFrame() {
        hasData = false
        dataBuffer.removeAll(keepingCapacity: false)
        eventType = nil
        frameID = nil
        frameRetry = nil
    }

    private mutating func dispatch() -> SSEEvent? {
        lastEventID = lastEventIDBuffer
        defer {
            hasData = false
            dataBuffer.removeAll(keepingCapacity: dataBuffer.capacity <= 65_536)
            eventType = nil
            frameID = nil
            frameRetry = nil
        }
        guard hasData else { return nil }
        let data = String(decoding: dataBuffer, as: UTF8.self)
        return SSEEvent(event: eventType ?? "message", data: data, id: frameID,
                        lastEventID: lastEventID, retry: frameRetry)
    }

    /// The type name for these bytes, reusing the previous String when they repeat.
    private mutating func typeString(_ bytes: UnsafeRawBufferPointer) -> String {
        let same = bytes.count == cachedTypeBytes.count && cachedTypeBytes.withUnsafeBytes { cached in
            guard let a = cached.baseAddress, let b = bytes.baseAddress else { return true }
            return memcmp(a, b, bytes.count) == 0
        }
        if !same {
            cachedTypeString = String(decoding: bytes, as: UTF8.self)
            cachedTypeBytes = Array(bytes)
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
            case 5 where name[0] == 0x65 && name[1] == 0x76 && name[2] == 0x65 && name[3] == 0x6E && name[4] == 0x74:
                self = .event
            case 5 where name[0] == 0x72 && name[1] == 0x65 && name[2] == 0x74 && name[3] == 0x72 && name[4] == 0x79:
                self = .retry
            default:
                self = .other
            }
        }
    }
}
