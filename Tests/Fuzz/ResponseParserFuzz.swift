// libFuzzer target: the client's own HTTP/1.1 answer reader (ResponseHeadParser
// and BodyDecoder, built by Scripts/fuzz with VeetTransport's sources). The
// input is one answer as it comes off the wire; the first byte picks a split
// size, so every boundary lands inside lines and chunk headers too.
// Checks: no trap; how the bytes are split never changes the head, the body or
// the error; the head never exceeds its limit; a Content-Length body is never longer.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResponse(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: start, count: count))
    guard let first = bytes.first else { return 0 }
    let answer = bytes.dropFirst()
    let whole = readAnswer([Data(answer)])
    let size = Int(first % 23) + 1
    let pieces = stride(from: answer.startIndex, to: answer.endIndex, by: size).map {
        Data(answer[$0..<min($0 + size, answer.endIndex)])
    }
    let split = readAnswer(pieces)
    if whole != split { fatalError("splitting changed the answer: \(whole) vs \(split)") }
    if case .length(let expected)? = whole.framing, whole.body.count > expected { fatalError("a body over its Content-Length") }
    return 0
}

struct ReadAnswer: Equatable {
    var head: ResponseHead?
    var framing: BodyDecoder.Framing?
    var body = Data()
    var complete = false
    var error: String?
}

func readAnswer(_ pieces: [Data]) -> ReadAnswer {
    var result = ReadAnswer()
    var parser = ResponseHeadParser(limit: 2_048)
    var decoder: BodyDecoder?
    for piece in pieces {
        do {
            if var body = decoder {
                result.body.append(try body.feed(piece))
                result.complete = body.isComplete
                decoder = body
            } else if let (head, rest) = try parser.feed(piece) {
                result.head = head
                let framing = try BodyDecoder.framing(for: head)
                result.framing = framing
                var body = BodyDecoder(framing: framing)
                result.body.append(try body.feed(rest))
                result.complete = body.isComplete
                decoder = body
            }
        } catch {
            result.error = "\(error)"
            return result
        }
    }
    // A framing error met after some body bytes surfaces on the next call.
    do { _ = try decoder?.feed(Data()) } catch { result.error = "\(error)" }
    return result
}
