import Foundation

/// The event-stream answers of a `HostileServer`.
enum HostileStreams {
    static let runID = "4a7d0c55-0000-4000-8000-000000000002"
    static let completed = "event: run.completed\ndata: {\"final_message\":{\"content\":[{\"kind\":\"text\",\"text\":\"done\"}],"
        + "\"item_index\":0,\"kind\":\"assistant\"},\"run_id\":\"\(runID)\"}\n\n"

    static func answer(_ kind: HostileKind, streamBytes: Int, sent: Locked<Int>) -> HTTPResponse {
        switch kind {
        case .wrongContentType:
            return HostileBodies.response(200, "text/html", Data("<html>id: 1\nevent: run.completed</html>".utf8))
        case .hugeHeader:
            var answer = stream { write in write(Data(("id: 1\n" + completed).utf8)) }
            answer.headers.append(("x-filler", String(repeating: "a", count: 1_048_576)))
            return answer
        case .invalidUTF8:
            return stream { write in
                var frame = Data("id: 1\nevent: message.delta\ndata: {\"run_id\":\"\(runID)\",\"text\":\"".utf8)
                frame.append(contentsOf: [0xFF, 0xC3, 0x28, 0xED, 0xA0, 0x80])
                frame.append(Data("\",\"item_index\":0}\n\n".utf8))
                var name = Data("id: 2\nevent: run.".utf8)
                name.append(contentsOf: [0xFE, 0xFF])
                name.append(Data("\ndata: {}\n\n".utf8))
                return write(frame) && write(name) && write(Data(("id: 3\n" + completed).utf8))
            }
        case .endlessLine:
            return stream { write in
                let filler = Data(repeating: UInt8(ascii: "x"), count: 65_536)
                guard write(Data("id: 1\nevent: message.delta\ndata: ".utf8)) else { return false }
                var total = 0
                while total < streamBytes, write(filler) {
                    total += filler.count
                    sent.update { $0 += filler.count }
                }
                return false
            }
        case .wrongEventIDs:
            let frames = ["5", "3", "5", "abc", "99999999999999999999", "-1", "", " 7", "7"].map { id in
                "id: \(id)\nevent: run.checkpointed\ndata: {\"run_id\":\"\(runID)\",\"full\":false,\"version\":1}\n\n"
            }
            return stream { write in write(Data((frames.joined() + "id: 8\n" + completed).utf8)) }
        case .unknownEvents:
            let frames = [
                "id: 1\nevent: quantum.entangled\ndata: {\"spin\":\"up\"}\n\n",
                "id: 2\nevent: run.started\ndata: {\"run_id\":\"\(runID)\",\"attempt\":\"first\",\"lease_epoch\":null}\n\n",
                "id: 3\nevent: tool.call.completed\ndata: {\"run_id\":\"\(runID)\",\"status\":\"teleported\",\"tool\":{\"x\":1}}\n\n",
                "id: 4\nevent: approval.requested\ndata: {\"run_id\":\"\(runID)\",\"risk\":\"COSMIC\",\"approval_id\":12}\n\n",
                "id: 5\nevent: \ndata: []\n\n",
                "id: 6\ndata: null\n\n",
            ]
            return stream { write in write(Data((frames.joined() + "id: 7\n" + completed).utf8)) }
        case .enormousFields:
            return stream { write in
                let text = String(repeating: "E", count: 2 * 1_048_576)
                return write(Data("id: 1\nevent: message.delta\ndata: {\"run_id\":\"\(runID)\",\"text\":\"\(text)\"}\n\n".utf8))
                    && write(Data(("id: 2\n" + completed).utf8))
            }
        case .hugeStream:
            return stream { write in
                let delta = "event: message.delta\ndata: {\"item_index\":0,\"run_id\":\"\(runID)\",\"step_number\":1,"
                    + "\"text\":\"\(String(repeating: "z", count: 900))\"}\n\n"
                let block = Data(String(repeating: delta, count: 64).utf8)
                var total = 0
                while total < streamBytes {
                    guard write(block) else { return false }
                    total += block.count
                    sent.update { $0 += block.count }
                }
                return write(Data(("id: 1\n" + completed).utf8))
            }
        case .invalidJSON, .wrongTypes, .brokenErrors:
            return HostileBodies.response(404, "application/json", Data("{}".utf8))
        }
    }

    /// A `text/event-stream` answer; `produce` gets a writer of raw chunks and
    /// returns true when the body is complete.
    static func stream(_ produce: @escaping (_ write: (Data) -> Bool) -> Bool) -> HTTPResponse {
        HTTPResponse(
            status: 200, headers: [("content-type", "text/event-stream"), ("cache-control", "no-cache")],
            body: .stream { writer in
                let complete = produce { data in writeChunk(data, to: writer.stream) }
                return complete ? .finishedThenClose : .aborted
            })
    }

    /// One HTTP chunk of raw bytes (`ChunkWriter` takes text, and these bytes need not be UTF-8).
    static func writeChunk(_ payload: Data, to stream: SocketStream) -> Bool {
        var chunk = Data(String(payload.count, radix: 16).utf8)
        chunk.append(contentsOf: [0x0D, 0x0A])
        chunk.append(payload)
        chunk.append(contentsOf: [0x0D, 0x0A])
        return stream.write(chunk)
    }
}
