import Foundation

/// Reads requests from one connection, keeping bytes that arrive early
/// (pipelined requests) for the next call.
struct RequestReader {
    enum HeadResult {
        case head(RequestHead)
        /// The peer closed (or went idle) between requests.
        case closed
        case tooLarge
        case malformed
    }

    enum BodyResult {
        case body(Data)
        case tooLarge
        case broken
    }

    let stream: SocketStream
    let maximumHeadBytes: Int
    let idleTimeout: TimeInterval
    private var buffer: [UInt8] = []

    init(stream: SocketStream, maximumHeadBytes: Int, idleTimeout: TimeInterval) {
        self.stream = stream
        self.maximumHeadBytes = maximumHeadBytes
        self.idleTimeout = idleTimeout
    }

    private mutating func fill(timeout: TimeInterval) -> Bool {
        switch stream.read(timeout: timeout) {
        case .bytes(let bytes):
            buffer.append(contentsOf: bytes)
            return true
        case .closed, .timedOut:
            return false
        }
    }

    mutating func readHead() -> HeadResult {
        while true {
            // A request line starts with a method (uppercase letters). Anything else, such as a
            // TLS ClientHello (0x16), is refused at once, as the snapshot's HTTP server does, so
            // an https:// client hears a plain answer instead of waiting for a handshake.
            if let first = buffer.first, !(0x41...0x5A).contains(first), first != 0x0D, first != 0x0A {
                return .malformed
            }
            if let end = Self.headEnd(in: buffer) {
                let headBytes = Array(buffer[0..<end.start])
                buffer.removeFirst(end.afterTerminator)
                guard headBytes.count <= maximumHeadBytes else { return .tooLarge }
                return Self.parseHead(headBytes).map(HeadResult.head) ?? .malformed
            }
            if buffer.count > maximumHeadBytes { return .tooLarge }
            guard fill(timeout: idleTimeout) else { return buffer.isEmpty ? .closed : .malformed }
        }
    }

    /// Finds the empty line that ends the head (CRLF CRLF, or bare LF LF).
    private static func headEnd(in bytes: [UInt8]) -> (start: Int, afterTerminator: Int)? {
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { return (index, index + 2) }
                if index + 2 < bytes.count, bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A {
                    return (index, index + 3)
                }
            }
            index += 1
        }
        return nil
    }

    private static func parseHead(_ bytes: [UInt8]) -> RequestHead? {
        // Split on bytes: a String would treat CR LF as one Character.
        var lines: [String] = []
        for rawLine in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            let trimmed = rawLine.last == 0x0D ? rawLine.dropLast() : rawLine
            guard let line = String(validating: trimmed, as: UTF8.self) else { return nil }
            lines.append(line)
        }
        while lines.first == "" { lines.removeFirst() }
        guard !lines.isEmpty else { return nil }
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3, !requestLine[0].isEmpty, requestLine[1].hasPrefix("/"),
            requestLine[2] == "HTTP/1.1" || requestLine[2] == "HTTP/1.0",
            requestLine[0].allSatisfy({ $0.isASCII && $0.isUppercase })
        else { return nil }
        var headers: [(name: String, value: String)] = []
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                !line[line.startIndex].isWhitespace
            else { return nil }
            let name = line[..<colon]
            guard !name.contains(where: { $0.isWhitespace }) else { return nil }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
            headers.append((name.lowercased(), value))
        }
        return RequestHead(
            method: String(requestLine[0]), target: String(requestLine[1]), version: String(requestLine[2]),
            headers: headers)
    }

    /// Body framing, or nil when Content-Length / Transfer-Encoding cannot be honoured.
    static func framing(of head: RequestHead) -> BodyFraming? {
        let encodings = head.headerValues("transfer-encoding")
        if !encodings.isEmpty {
            let joined = encodings.joined(separator: ",").lowercased()
                .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return joined == ["chunked"] ? .chunked : nil
        }
        let lengths = head.headerValues("content-length")
        guard let first = lengths.first else { return BodyFraming.none }
        guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.count <= 18,
            first.allSatisfy({ $0.isASCII && $0.isNumber }), let length = Int(first)
        else { return nil }
        return length == 0 ? BodyFraming.none : .length(length)
    }

    mutating func readBody(_ framing: BodyFraming, limit: Int) -> BodyResult {
        switch framing {
        case .none:
            return .body(Data())
        case .length(let length):
            guard length <= limit else { return .tooLarge }
            while buffer.count < length {
                guard fill(timeout: idleTimeout) else { return .broken }
            }
            let body = Data(buffer[0..<length])
            buffer.removeFirst(length)
            return .body(body)
        case .chunked:
            return readChunked(limit: limit)
        }
    }

    private mutating func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                var line = Array(buffer[0..<newline])
                buffer.removeFirst(newline + 1)
                if line.last == 0x0D { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            guard buffer.count < 4096, fill(timeout: idleTimeout) else { return nil }
        }
    }

    private mutating func readChunked(limit: Int) -> BodyResult {
        var body = Data()
        while true {
            guard let sizeLine = readLine() else { return .broken }
            let sizeText = sizeLine.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else {
                return .broken
            }
            if size == 0 {
                // Trailer section: lines until an empty one.
                while let trailer = readLine() {
                    if trailer.isEmpty { return .body(body) }
                }
                return .broken
            }
            guard body.count + size <= limit else { return .tooLarge }
            while buffer.count < size + 2 {
                guard fill(timeout: idleTimeout) else { return .broken }
            }
            body.append(contentsOf: buffer[0..<size])
            buffer.removeFirst(size)
            guard buffer.first == 0x0D || buffer.first == 0x0A else { return .broken }
            if buffer.first == 0x0D { buffer.removeFirst() }
            if buffer.first == 0x0A { buffer.removeFirst() } else { return .broken }
        }
    }
}
