// libFuzzer target: the SSE decoder and run-event decoding (built by Scripts/fuzz
// with VeetWire's sources, importing VeetTransport built as its own module). The input is one stream; the first
// byte picks a split size, so line endings land across chunk borders too.
// Checks: no trap; chunking never changes the result; events stay within limits.
import Foundation
import VeetTransport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSSE(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    guard let first = bytes.first else { return 0 }
    let stream = Array(bytes.dropFirst())
    let limits = SSELimits(maxLineBytes: 4_096, maxEventBytes: 8_192)
    let whole = decodeSSE([stream[...]], limits: limits)
    let size = Int(first % 17) + 1
    let chunks = stride(from: 0, to: stream.count, by: size).map { stream[$0..<min($0 + size, stream.count)] }
    let split = decodeSSE(chunks, limits: limits)
    if whole.events != split.events || whole.error != split.error { fatalError("chunking changed the decoded events") }
    for event in whole.events {
        if event.data.utf8.count > limits.maxEventBytes { fatalError("an event over maxEventBytes") }
        let frame = RunEventFrame.decode(event)
        if frame.type != event.event { fatalError("the frame lost its type") }
    }
    return 0
}

func decodeSSE(_ chunks: [ArraySlice<UInt8>], limits: SSELimits) -> (events: [SSEEvent], error: SSEError?) {
    var decoder = SSEDecoder(limits: limits)
    var events: [SSEEvent] = []
    for chunk in chunks {
        do { try decoder.feed(chunk, into: &events) } catch { return (events, error) }
    }
    return (events + decoder.finish(), nil)
}
