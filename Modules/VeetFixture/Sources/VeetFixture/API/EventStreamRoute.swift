import Foundation

extension Router {
    /// Where a stream starts, from `Last-Event-ID`.
    enum StreamStart {
        case after(Int64)
        /// Beyond a signed 64-bit integer: 200 and an immediately closed, empty stream.
        case beyondRange
    }

    static func streamStart(lastEventID: String?) throws -> StreamStart {
        guard let text = lastEventID else { return .after(0) }
        let negative = text.hasPrefix("-")
        let digits = negative ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw APIFailure.malformed("Last-Event-ID must be an integer")
        }
        let isZero = digits.allSatisfy { $0 == "0" }
        if negative && !isZero { throw APIFailure.malformed("Last-Event-ID must not be negative") }
        guard let value = Int64(digits) else { return .beyondRange }
        return .after(value)
    }

    /// `GET /v1/runs/{id}/events`: every check answers JSON before the first stream byte.
    func streamEvents(_ rawID: String, head: RequestHead) throws -> HTTPResponse {
        let id = try Validation.uuid(rawID)
        let start = try Self.streamStart(lastEventID: head.header("last-event-id"))
        let subscriber: StreamSubscriber? = try store.transaction { state in
            let run = try state.existingRun(id)
            guard case .after(let sequence) = start else { return nil }
            return state.subscribe(to: run, after: sequence)
        }
        let headers = [
            ("content-type", "text/event-stream; charset=utf-8"), ("cache-control", "no-cache"),
            ("x-accel-buffering", "no"),
        ]
        return HTTPResponse(
            status: 200, headers: headers,
            body: .stream { writer in
                guard let subscriber else { return .finished }
                defer { store.transaction { $0.runs[id]?.subscribers.removeAll { $0 === subscriber } } }
                return pump(subscriber, into: writer)
            })
    }

    /// Writes frames as they come, heartbeats in silences, and applies stream faults.
    private func pump(_ subscriber: StreamSubscriber, into writer: ChunkWriter) -> StreamEnding {
        var framesWritten = 0
        var lastSequence = subscriber.afterSequence
        var terminalWritten = false
        while true {
            let heartbeat = faults.read { $0.heartbeatInterval } ?? options.heartbeatInterval
            switch subscriber.next(waitingAtMost: heartbeat) {
            case .closed:
                return .aborted
            case .ended:
                return .finished
            case .idle:
                guard writer.write(": heartbeat\n\n") else { return .aborted }
            case .frame(let frame):
                guard writer.write(frame.text) else { return .aborted }
                framesWritten += 1
                if let sequence = frame.sequence { lastSequence = sequence }
                terminalWritten = terminalWritten || frame.isTerminal
                guard !terminalWritten else { continue }
                if faults.update({ $0.takeCut(afterFrames: framesWritten) }) { return .aborted }
                if faults.update({ $0.takeOverflow(afterFrames: framesWritten) }) {
                    let payload: JSON = ["last_sequence": .int(lastSequence)]
                    _ = writer.write("event: stream.overflow\ndata: \(payload.serialized(sortedKeys: true))\n\n")
                    return .finishedThenClose
                }
            }
        }
    }
}
