import Foundation

/// Why a body's framing could not be followed.
enum BodyFramingError: Error, Equatable, CustomStringConvertible {
    case badChunkSize(String)
    case chunkLineTooLong(limit: Int)
    case missingChunkTerminator
    case badContentLength(String)
    case unsupportedTransferEncoding(String)

    var description: String {
        switch self {
        case .badChunkSize(let line): "the chunk size \"\(line)\" is not hexadecimal"
        case .chunkLineTooLong(let limit): "a chunk-size or trailer line is over \(limit) bytes"
        case .missingChunkTerminator: "a chunk is not followed by CRLF"
        case .badContentLength(let value): "Content-Length \"\(value)\" is not a byte count"
        case .unsupportedTransferEncoding(let value): "Transfer-Encoding \"\(value)\" is not chunked"
        }
    }
}

/// Turns the bytes after a head into body bytes, following the head's
/// framing (RFC 9112 §6.3): chunked, a Content-Length, or until the server
/// closes. Pure and incremental: feed whatever arrived, take what it yields.
struct BodyDecoder {
    enum Framing: Equatable {
        case chunked
        case length(Int)
        case untilClose
    }

    private enum ChunkState {
        case sizeLine
        case data(remaining: Int)
        case dataEnd
        case trailers
        case done
    }

    static let maxChunkLine = 4096
    let framing: Framing
    private var chunkState = ChunkState.sizeLine
    private var remainingLength: Int
    /// A chunk-size or trailer line not yet ended.
    private var line = Data()
    /// A framing error met after some body bytes of the same input: those are
    /// handed over first, the error comes with the next call.
    private var pendingFailure: BodyFramingError?

    init(framing: Framing) {
        self.framing = framing
        if case .length(let count) = framing { remainingLength = count } else { remainingLength = 0 }
    }

    /// The framing a head announces; 204 and 304 answers never carry a body.
    static func framing(for head: ResponseHead) throws(BodyFramingError) -> Framing {
        if head.status == 204 || head.status == 304 { return .length(0) }
        if let encoding = head.header("transfer-encoding") {
            let codings = encoding.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard codings.last == "chunked" else { throw .unsupportedTransferEncoding(encoding) }
            guard codings.allSatisfy({ $0 == "chunked" || $0 == "identity" }) else {
                throw .unsupportedTransferEncoding(encoding)
            }
            return .chunked
        }
        if let length = head.header("content-length") {
            // Repeated equal values ("5, 5") are one length; anything else is not.
            let values = Set(length.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            guard values.count == 1, let value = values.first, let count = Int(value), count >= 0,
                  value.allSatisfy(\.isASCII) else { throw .badContentLength(length) }
            return .length(count)
        }
        return .untilClose
    }

    /// True once the framing says the body is whole.
    var isComplete: Bool {
        switch framing {
        case .chunked: if case .done = chunkState { true } else { false }
        case .length: remainingLength == 0
        case .untilClose: false
        }
    }

    /// True when the server closing now ends the body properly.
    var endsAtClose: Bool { framing == .untilClose || isComplete }

    /// Body bytes carried by `input`; bytes beyond the body's end are ignored.
    /// How the input is split never changes the bytes or the error.
    mutating func feed(_ input: Data) throws(BodyFramingError) -> Data {
        if let pendingFailure { throw pendingFailure }
        switch framing {
        case .untilClose:
            return input
        case .length:
            let taken = input.prefix(remainingLength)
            remainingLength -= taken.count
            return Data(taken)
        case .chunked:
            return try feedChunked(input)
        }
    }

    private mutating func feedChunked(_ input: Data) throws(BodyFramingError) -> Data {
        var output = Data()
        do {
            try feedChunked(input, into: &output)
        } catch {
            if output.isEmpty { throw error }
            pendingFailure = error
        }
        return output
    }

    private mutating func feedChunked(_ input: Data, into output: inout Data) throws(BodyFramingError) {
        var index = input.startIndex
        while index < input.endIndex {
            switch chunkState {
            case .done:
                return
            case .data(let remaining):
                let end = input.index(index, offsetBy: min(remaining, input.endIndex - index))
                output.append(input[index..<end])
                let left = remaining - (end - index)
                chunkState = left == 0 ? .dataEnd : .data(remaining: left)
                index = end
            case .sizeLine, .dataEnd, .trailers:
                guard let text = try takeLine(input, &index) else { continue }
                try endLine(text)
            }
        }
    }

    /// Appends to the pending line; returns it (without CRLF) once its LF arrived.
    private mutating func takeLine(_ input: Data, _ index: inout Data.Index) throws(BodyFramingError) -> String? {
        let newline = input[index...].firstIndex(of: 0x0A)
        let end = newline ?? input.endIndex
        line.append(input[index..<end])
        guard line.count <= Self.maxChunkLine else { throw .chunkLineTooLong(limit: Self.maxChunkLine) }
        guard let newline else { index = input.endIndex; return nil }
        index = input.index(after: newline)
        if line.last == 0x0D { line.removeLast() }
        defer { line.removeAll(keepingCapacity: true) }
        return String(decoding: line, as: UTF8.self)
    }

    private mutating func endLine(_ text: String) throws(BodyFramingError) {
        switch chunkState {
        case .dataEnd:
            guard text.isEmpty else { throw .missingChunkTerminator }
            chunkState = .sizeLine
        case .sizeLine:
            // Chunk extensions (";name=value") carry nothing this client uses.
            let size = text.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard !size.isEmpty, size.count <= 15, size.allSatisfy(\.isHexDigit), let count = Int(size, radix: 16) else {
                throw .badChunkSize(String(text.prefix(40)))
            }
            chunkState = count == 0 ? .trailers : .data(remaining: count)
        case .trailers:
            if text.isEmpty { chunkState = .done }
        case .data, .done:
            break
        }
    }
}
