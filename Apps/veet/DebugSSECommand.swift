import Foundation
import VeetConsole
import VeetTransport

/// `veet debug sse`: raw SSE bytes on stdin, one JSON object per decoded event.
struct DebugSSECommand {
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
        while true {
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            do {
                emit(try decoder.feed(buffer[0..<count]))
            } catch {
                try? JSONOutput.print(["error": error.description], layout: .compact)
                return .failure
            }
        }
        emit(decoder.finish())
        return .success
    }

    private func emit(_ events: [SSEEvent]) {
        for event in events {
            try? JSONOutput.print(Line(event: event.event, id: event.id, data: event.data, retry: event.retry),
                                  layout: .compact)
        }
    }
}
