import Foundation

/// A parsed request line and header block.
struct RequestHead {
    var method: String
    var target: String
    var version: String
    /// Header names lowercased, values trimmed, in arrival order.
    var headers: [(name: String, value: String)]

    func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first(where: { $0.name == lowered })?.value
    }

    func headerValues(_ name: String) -> [String] {
        let lowered = name.lowercased()
        return headers.filter { $0.name == lowered }.map(\.value)
    }

    /// Raw path (no query), still percent-encoded.
    var rawPath: String {
        String(target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    var rawQuery: String? {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count > 1 ? String(parts[1]) : nil
    }

    /// Query items, percent-decoded (`+` is a space), in order.
    var queryItems: [(name: String, value: String)] {
        guard let query = rawQuery, !query.isEmpty else { return [] }
        return query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    /// The last value of a query parameter (nil when absent).
    func query(_ name: String) -> String? { queryItems.last(where: { $0.name == name })?.value }

    var wantsClose: Bool {
        let connection = header("connection")?.lowercased() ?? ""
        if connection.contains("close") { return true }
        return version == "HTTP/1.0" && !connection.contains("keep-alive")
    }
}

/// How the request body is framed on the wire.
enum BodyFraming: Equatable {
    case none
    case length(Int)
    case chunked
}

/// Writes an SSE body as HTTP chunks.
struct ChunkWriter {
    let stream: SocketStream

    func write(_ text: String) -> Bool {
        let payload = Data(text.utf8)
        guard !payload.isEmpty else { return true }
        var chunk = Data(String(payload.count, radix: 16).utf8)
        chunk.append(contentsOf: [0x0D, 0x0A])
        chunk.append(payload)
        chunk.append(contentsOf: [0x0D, 0x0A])
        return stream.write(chunk)
    }

    func finish() -> Bool { stream.write(Data("0\r\n\r\n".utf8)) }
}

/// How a streamed body ended.
enum StreamEnding {
    /// The terminating chunk was written; the connection may be reused.
    case finished
    /// End the body properly, then close the connection.
    case finishedThenClose
    /// Close at once without the terminating chunk (a cut mid-stream).
    case aborted
}

struct HTTPResponse {
    enum Body {
        case bytes(Data)
        /// A chunked body produced by the closure (SSE).
        case stream((ChunkWriter) -> StreamEnding)
    }

    var status: Int
    var headers: [(String, String)] = []
    var body: Body = .bytes(Data())
    /// Adds `x-request-id`; false for the unhandled-fault 500 quirk.
    var carriesRequestID = true
    var closeAfterwards = false
    /// Fault injection: close the connection without writing anything.
    var dropWithoutAnswer = false
    /// An answer to HEAD: headers (with the body's length) but no body bytes.
    var omitsBody = false

    static func json(_ status: Int, _ value: JSON) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("content-type", "application/json")], body: .bytes(value.serializedData()))
    }

    /// A plain-text answer from the HTTP layer itself: no envelope, no request id.
    static func plainServerError(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("content-type", "text/plain; charset=utf-8")], body: .bytes(Data(text.utf8)),
            carriesRequestID: false, closeAfterwards: true)
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 409: "Conflict"
        case 413: "Request Entity Too Large"
        case 415: "Unsupported Media Type"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }

    /// Status line and headers, including framing headers.
    func head(requestID: String?, close: Bool) -> Data {
        var lines = ["HTTP/1.1 \(status) \(Self.reasonPhrase(status))"]
        lines.append("date: \(Self.httpDate())")
        lines.append("server: veet-fixture")
        for (name, value) in headers { lines.append("\(name): \(value)") }
        switch body {
        case .bytes(let data):
            if status != 204 && status != 304 { lines.append("content-length: \(data.count)") }
        case .stream:
            lines.append("Transfer-Encoding: chunked")
        }
        if carriesRequestID, let requestID { lines.append("x-request-id: \(requestID)") }
        if close { lines.append("Connection: close") }
        return Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    private static func httpDate() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: Date())
    }
}
