import Foundation

/// The REST answers of a `HostileServer`.
enum HostileBodies {
    static func answer(_ kind: HostileKind, path: String, method: String) -> HTTPResponse {
        let isList = path == "/v1/sessions" && method == "GET" || path == "/v1/approvals"
        switch kind {
        case .wrongContentType:
            return response(200, "text/html; charset=utf-8", Data("<html><body><h1>Welcome</h1></body></html>".utf8))
        case .invalidJSON:
            return json(200, Data(#"{"id":"8f1c2b9e-0000-4000-8000-000000000001","created_at":"2026-"#.utf8))
        case .wrongTypes:
            let body = isList
                ? #"{"items":"none","next_cursor":42}"#
                : #"{"id":42,"session_id":[],"created_at":true,"updated_at":{"a":1},"status":7,"title":["x"],"run_id":1.5}"#
            return json(200, Data(body.utf8))
        case .invalidUTF8:
            var body = Data(#"{"id":""#.utf8)
            body.append(contentsOf: [0xFF, 0xFE, 0xC3, 0x28])
            body.append(Data(#"","created_at":"2026-11-30T00:00:00Z","updated_at":"2026-11-30T00:00:00Z","title":""#.utf8))
            body.append(contentsOf: [0xED, 0xA0, 0x80, 0xF8, 0x88, 0x80, 0x80, 0x80])
            body.append(Data(#""}"#.utf8))
            return json(200, isList ? Data(#"{"items":["#.utf8) + body + Data("]}".utf8) : body)
        case .hugeHeader:
            var answer = json(200, Data(session(title: "ordinary").utf8))
            answer.headers.append(("x-filler", String(repeating: "a", count: 1_048_576)))
            return answer
        case .brokenErrors:
            if method == "GET" {
                return response(500, "text/html", Data("<html>Internal Server Error</html>".utf8))
            }
            return json(409, Data(#"{"error":{"code":7,"message":["no"],"details":"none"},"request_id":false}"#.utf8))
        case .enormousFields:
            let one = session(title: String(repeating: "T", count: 4 * 1_048_576))
            return json(200, Data((isList ? #"{"items":[\#(one)],"next_cursor":null}"# : one).utf8))
        case .endlessLine, .wrongEventIDs, .unknownEvents, .hugeStream:
            return json(404, Data(#"{"error":{"code":"not_found","message":"Not found.","details":{}}}"#.utf8))
        }
    }

    static func session(title: String) -> String {
        #"{"id":"8f1c2b9e-0000-4000-8000-000000000001","created_at":"2026-11-30T00:00:00Z","#
            + #""updated_at":"2026-11-30T00:00:00Z","status":"OPEN","title":"\#(title)","metadata":{}}"#
    }

    static func json(_ status: Int, _ body: Data) -> HTTPResponse {
        response(status, "application/json", body)
    }

    static func response(_ status: Int, _ type: String, _ body: Data) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("content-type", type)], body: .bytes(body))
    }
}
