import Foundation
import VeetConsole
import VeetTransport

/// `veet debug sse`: raw SSE bytes on stdin, one JSON object per decoded event, as the
/// run stream's decoder reads them. Lines are written by `JSONWriter` into one buffer
/// per read (no encoder per event); their bytes are what `JSONOutput` prints for `Line`
/// (DebugSSEOutputTests).
struct DebugSSE {
    let console: Console

    /// What one event prints, and the reference encoding the fast path must match.
    struct Line: Encodable {
        let event: String
        let id: String?
        let data: String
        let retry: Int?

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(event, forKey: .event)
            try c.encode(id, forKey: .id)  // null, not absent: persisted vs transient is the point
            try c.encode(data, forKey: .data)
            try c.encode(retry, forKey: .retry)
        }
        enum CodingKeys: String, CodingKey { case event, id, data, retry }
    }

    func run() -> ExitCode {
        var decoder = SSEDecoder()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var out = BufferedOutput(console.out)
        var writer = JSONWriter(capacity: 128 * 1024)
        defer { out.flush() }
        while true {
            let count = Glibc.read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            do {
                let events = try decoder.feed(buffer[0..<count])
                guard emit(events, into: &writer, out: &out) else { return .failure }
            } catch {
                out.flush()
                try? JSONOutput.print(["error": error.description], layout: .compact, to: console.out)
                return .failure
            }
        }
        return emit(decoder.finish(), into: &writer, out: &out) ? .success : .failure
    }

    /// False when stdout went away (a closed pipe): there is no one left to print for.
    private func emit(_ events: [SSEEvent], into writer: inout JSONWriter, out: inout BufferedOutput) -> Bool {
        guard !events.isEmpty else { return true }
        writer.removeAll()
        for event in events { Self.write(event, into: &writer) }
        return out.append(writer.bytes)
    }

    /// `{"data":…,"event":…,"id":…,"retry":…}` and a newline: `JSONOutput`'s sorted keys.
    static func write(_ event: SSEEvent, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(static: "data")
        writer.string(event.data)
        writer.key(static: "event")
        writer.string(event.event)
        writer.key(static: "id")
        writer.string(event.id)
        writer.key(static: "retry")
        writer.int(event.retry)
        writer.endObject()
        writer.raw("\n")
    }
}
