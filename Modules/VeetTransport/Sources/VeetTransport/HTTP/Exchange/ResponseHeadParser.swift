import Foundation

/// Status line and headers of an HTTP/1.1 answer, as read off the wire.
struct ResponseHead: Sendable, Equatable {
    var status: Int
    /// Lowercased names; repeated headers joined with ", ".
    var headers: [String: String]

    func header(_ name: String) -> String? { headers[name] }

    var requestID: String? { headers["x-request-id"] }
}

/// Why an answer's head could not be read. The server answered, so these are
/// `InvalidResponseError`s, not transport failures: reconnecting would get
/// the same bytes again.
enum ResponseHeadError: Error, Equatable, CustomStringConvertible {
    case tooLarge(limit: Int)
    case malformedStatusLine(String)
    case malformedHeader(String)

    var description: String {
        switch self {
        case .tooLarge(let limit): "the answer's head (status line and headers) is over \(limit / 1024) KiB"
        case .malformedStatusLine(let line): "the status line \"\(line)\" is not HTTP/1.x"
        case .malformedHeader(let line): "the header line \"\(line)\" has no name"
        }
    }
}

/// Collects bytes until a whole head has arrived (bounded), then parses it.
/// Informational (1xx) heads are skipped: the answer that follows counts.
struct ResponseHeadParser {
    static let defaultLimit = 64 * 1024
    let limit: Int
    private var buffer = Data()

    init(limit: Int = Self.defaultLimit) {
        self.limit = limit
    }

    /// Feeds bytes; returns the head and the body bytes after it once complete.
    mutating func feed(_ bytes: Data) throws(ResponseHeadError) -> (ResponseHead, Data)? {
        buffer.append(bytes)
        while let end = Self.endOfHead(in: buffer) {
            let headBytes = buffer[buffer.startIndex..<end.headEnd]
            guard headBytes.count <= limit else { throw .tooLarge(limit: limit) }
            let head = try Self.parse(headBytes)
            let rest = Data(buffer[end.bodyStart...])
            if (100..<200).contains(head.status) && head.status != 101 {
                buffer = rest
                continue
            }
            buffer = Data()
            return (head, rest)
        }
        // Any line ending the head could still come, but not within the limit.
        if buffer.count > limit + 4 { throw .tooLarge(limit: limit) }
        return nil
    }

    /// Where the blank line ending a head is: CRLF CRLF, or bare LF LF from a lax server.
    private static func endOfHead(in data: Data) -> (headEnd: Data.Index, bodyStart: Data.Index)? {
        var index = data.startIndex
        while index < data.endIndex {
            guard data[index] == 0x0A else { index += 1; continue }
            let next = data.index(after: index)
            if next < data.endIndex, data[next] == 0x0A { return (index, data.index(after: next)) }
            if next < data.endIndex, data[next] == 0x0D {
                let afterCR = data.index(after: next)
                if afterCR < data.endIndex, data[afterCR] == 0x0A { return (index, data.index(after: afterCR)) }
            }
            index = next
        }
        return nil
    }

    static func parse(_ bytes: Data) throws(ResponseHeadError) -> ResponseHead {
        // Split on bytes: as Characters, "\r\n" is one grapheme and would never match "\n".
        // Decoding with replacement never fails, so a stray invalid byte cannot hide the status.
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line -> Substring in
            let text = String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
            return Substring(text)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let statusLine = lines.first else { throw .malformedStatusLine("") }
        let status = try parseStatusLine(statusLine)
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                  !line[..<colon].contains(where: { $0 == " " || $0 == "\t" }) else {
                throw .malformedHeader(String(line.prefix(80)))
            }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        return ResponseHead(status: status, headers: headers)
    }

    private static func parseStatusLine(_ line: Substring) throws(ResponseHeadError) -> Int {
        let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3,
              let status = Int(parts[1]), (100...599).contains(status) else {
            throw .malformedStatusLine(String(line.prefix(80)))
        }
        return status
    }
}
