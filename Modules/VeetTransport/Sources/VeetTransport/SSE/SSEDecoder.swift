import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An incremental WHATWG `text/event-stream` parser over raw bytes.
///
/// Feed chunks as they arrive, in any split: a line ending (LF, CR or CRLF,
/// including a CR at the end of one chunk and its LF at the start of the
/// next) is recognised wherever it falls. Time is linear in the input: each
/// byte is searched once, so even a single 8 MiB line delivered in small
/// chunks is never rescanned. Memory is bounded by `SSELimits`.
///
/// Comments (`: heartbeat`) are not events; they are counted in `commentCount`.
/// After an `SSEError` the decoder stays failed and rethrows it on every
/// further `feed`.
public struct SSEDecoder: Sendable {
    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    public let limits: SSELimits
    private var assembler: SSEFrameAssembler
    /// Bytes of a line that started in an earlier chunk and has not ended yet.
    private var partialLine: [UInt8] = []
    /// The previous chunk ended in CR: an LF opening the next chunk belongs to that line ending.
    private var swallowLeadingLineFeed = false
    /// Only the very first line of the stream may start with the BOM to strip.
    private var atFirstLine = true
    private var failure: SSEError?

    public init(limits: SSELimits = .default) {
        self.limits = limits
        self.assembler = SSEFrameAssembler(maxEventBytes: limits.maxEventBytes)
    }

    /// Comment lines seen so far (each server heartbeat adds one).
    public var commentCount: Int { assembler.commentCount }
    /// WHATWG's sticky "last event ID" as of the latest dispatch point.
    public var lastEventID: String { assembler.lastEventID }
    /// The latest valid `retry:` value in milliseconds, if the stream sent one.
    public var reconnectionTime: Int? { assembler.reconnectionTime }

    // MARK: Feeding

    /// Decodes a chunk and returns the events it completed.
    public mutating func feed(_ data: Data) throws(SSEError) -> [SSEEvent] {
        var events: [SSEEvent] = []
        try feed(data, into: &events)
        return events
    }

    /// Decodes a chunk and returns the events it completed.
    public mutating func feed(_ bytes: some Collection<UInt8>) throws(SSEError) -> [SSEEvent] {
        var events: [SSEEvent] = []
        try feed(bytes, into: &events)
        return events
    }

    /// Decodes a chunk and returns the events it completed.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(SSEError) -> [SSEEvent] {
        var events: [SSEEvent] = []
        try feed(bytes, into: &events)
        return events
    }

    /// Decodes a chunk, appending completed events to `events`. When this
    /// throws, the events completed before the offending line are already in
    /// `events`, so nothing decoded is lost.
    public mutating func feed(_ data: Data, into events: inout [SSEEvent]) throws(SSEError) {
        var thrown: SSEError?
        data.withUnsafeBytes { raw in
            do throws(SSEError) { try feed(raw, into: &events) } catch { thrown = error }
        }
        if let thrown { throw thrown }
    }

    /// Decodes a chunk, appending completed events to `events` (see `feed(_:into:)` for Data).
    public mutating func feed(_ bytes: some Collection<UInt8>, into events: inout [SSEEvent]) throws(SSEError) {
        var thrown: SSEError?
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            do throws(SSEError) { try feed(UnsafeRawBufferPointer(buffer), into: &events) } catch { thrown = error }
        }
        if handled == nil {
            let copy = Array(bytes)
            copy.withUnsafeBytes { raw in
                do throws(SSEError) { try feed(raw, into: &events) } catch { thrown = error }
            }
        }
        if let thrown { throw thrown }
    }

    /// The core: decodes a chunk, appending completed events to `events`.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer, into events: inout [SSEEvent]) throws(SSEError) {
        if let failure { throw failure }
        do {
            try scan(chunk, into: &events)
        } catch {
            failure = error
            throw error
        }
    }

    /// Signals the end of the stream. Per WHATWG an event not yet ended by an
    /// empty line is discarded, so this returns no events. The decoder is
    /// then ready for a new connection's bytes (a BOM is stripped again, a
    /// failure is cleared); `lastEventID`, `reconnectionTime` and
    /// `commentCount` carry over, as they do for a WHATWG EventSource.
    public mutating func finish() -> [SSEEvent] {
        partialLine = []
        swallowLeadingLineFeed = false
        atFirstLine = true
        failure = nil
        assembler.discardPartialFrame()
        return []
    }

    /// Whether bytes of an unfinished line or frame are buffered (what
    /// `finish()` would discard): a stream that ends here was cut mid-frame.
    public var hasIncompleteFrame: Bool {
        !partialLine.isEmpty || assembler.hasPartialFrame
    }

    // MARK: Line splitting

    private mutating func scan(_ chunk: UnsafeRawBufferPointer, into events: inout [SSEEvent]) throws(SSEError) {
        guard let base = chunk.baseAddress, chunk.count > 0 else { return }
        let count = chunk.count
        var position = 0
        if swallowLeadingLineFeed {
            swallowLeadingLineFeed = false
            if chunk[0] == Self.lineFeed { position = 1 }
        }
        // Next LF / CR at or after `position`; `count` means none left in this chunk.
        // Each is searched forward only when passed, so every byte is examined once per kind.
        var nextLineFeed = -1
        var nextCarriageReturn = -1
        while position < count {
            if nextLineFeed < position {
                nextLineFeed = Self.find(Self.lineFeed, in: base, from: position, to: count)
            }
            if nextCarriageReturn < position {
                nextCarriageReturn = Self.find(Self.carriageReturn, in: base, from: position, to: count)
            }
            let lineEnd = min(nextLineFeed, nextCarriageReturn)
            if lineEnd == count {
                try bufferPartialLine(UnsafeRawBufferPointer(rebasing: chunk[position..<count]))
                return
            }
            let piece = UnsafeRawBufferPointer(rebasing: chunk[position..<lineEnd])
            if partialLine.isEmpty {
                guard piece.count <= limits.maxLineBytes else { throw .lineTooLong(limit: limits.maxLineBytes) }
                try completeLine(piece, into: &events)
            } else {
                try bufferPartialLine(piece)
                // Move the buffer out so the assembler can take it (or read it) while mutating self.
                var line = partialLine
                partialLine = []
                defer {
                    line.removeAll(keepingCapacity: line.capacity <= 65_536)
                    partialLine = line
                }
                if atFirstLine {
                    atFirstLine = false
                    if line.starts(with: Self.byteOrderMark) { line.removeFirst(Self.byteOrderMark.count) }
                }
                if let event = try assembler.apply(ownedLine: &line) { events.append(event) }
            }
            position = lineEnd + 1
            if chunk[lineEnd] == Self.carriageReturn {
                if position == count {
                    swallowLeadingLineFeed = true
                } else if chunk[position] == Self.lineFeed {
                    position += 1
                }
            }
        }
    }

    private mutating func bufferPartialLine(_ bytes: UnsafeRawBufferPointer) throws(SSEError) {
        guard partialLine.count + bytes.count <= limits.maxLineBytes else {
            throw .lineTooLong(limit: limits.maxLineBytes)
        }
        partialLine.append(contentsOf: bytes)
    }

    private mutating func completeLine(_ line: UnsafeRawBufferPointer, into events: inout [SSEEvent]) throws(SSEError) {
        var line = line
        if atFirstLine {
            atFirstLine = false
            if line.starts(with: Self.byteOrderMark) {
                line = UnsafeRawBufferPointer(rebasing: line[Self.byteOrderMark.count...])
            }
        }
        if let event = try assembler.apply(line: line) {
            events.append(event)
        }
    }

    private static func find(_ byte: UInt8, in base: UnsafeRawPointer, from start: Int, to end: Int) -> Int {
        guard let hit = memchr(base + start, Int32(byte), end - start) else { return end }
        return base.distance(to: UnsafeRawPointer(hit))
    }
}
