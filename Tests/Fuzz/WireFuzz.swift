// libFuzzer target: wire-type decoding of every run event and REST model
// (built with VeetWire's sources, importing VeetTransport as its own module). The input is `NAME\nPAYLOAD`: NAME is
// an event type (typed, unknown or diagnostic alike) or `rest:VIEW`; PAYLOAD
// is its JSON. Checks: no trap; a frame keeps its type; the fast path (`decodeFast`,
// straight from the bytes, nested values included) decodes every event exactly as the
// JSONDecoder reference, and reads a JSON document as JSONDecoder reads it into a JSONValue.
import Foundation
import VeetTransport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWire(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let newline = bytes.firstIndex(of: 0x0A) ?? count
    let name = String(decoding: bytes[..<newline], as: UTF8.self)
    let payload = Data(bytes[min(newline + 1, count)...])
    guard name.hasPrefix("rest:") else {
        let event = SSEEvent(event: name, data: String(decoding: payload, as: UTF8.self), id: "7")
        let frame = RunEventFrame.decode(event)
        if frame.type != name { fatalError("the frame lost its type") }
        if frame != RunEventFrame.decodeReference(event) { fatalError("the fast path differs from JSONDecoder") }
        if let tape = TapeDocument.jsonValue(of: event.data),
           tape != (try? WireJSON.decoder().decode(JSONValue.self, from: Data(event.data.utf8))) {
            fatalError("the tape reader's JSONValue differs from JSONDecoder's")
        }
        return 0
    }
    let decoder = WireJSON.decoder()
    switch name.dropFirst(5) {
    case "session": _ = try? decoder.decode(SessionView.self, from: payload)
    case "sessions": _ = try? decoder.decode(Page<SessionView>.self, from: payload)
    case "messages": _ = try? decoder.decode(Page<SessionMessageView>.self, from: payload)
    case "approval": _ = try? decoder.decode(ApprovalView.self, from: payload)
    case "approvals": _ = try? decoder.decode(Page<ApprovalView>.self, from: payload)
    case "artifact": _ = try? decoder.decode(ArtifactView.self, from: payload)
    case "run": _ = try? decoder.decode(RunView.self, from: payload)
    case "submit": _ = try? decoder.decode(SubmitResult.self, from: payload)
    case "error":
        let error = APIError(response: HTTPResponse(status: 409, headers: ["retry-after": "3"], body: payload))
        _ = (error.description, error.activeRunID)
    default: _ = try? decoder.decode(JSONValue.self, from: payload)
    }
    return 0
}
