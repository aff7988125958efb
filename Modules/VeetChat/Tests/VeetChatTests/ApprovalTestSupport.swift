import Foundation
import VeetChat
import VeetTransport
import VeetWire

/// Builders shared by the approval, attachment and artifact tests.
enum ChatServiceSamples {
    static let connection = ConnectionIdentity(server: "https://veet.example", tokenDigest: "aaaa")
    static let otherConnection = ConnectionIdentity(server: "https://veet.example", tokenDigest: "bbbb")
    static let sessionID = "0198d6a2-4c1e-7b3a-9f21-5e8c0d4a7b61"
    static let otherSessionID = "0198d6a2-4c1e-7b3a-9f21-000000000002"
    static let runID = "0198d6a2-5a07-7c44-8e19-2b6f3c9d1e08"
    static let scope = ConversationScope(connection: connection, sessionID: sessionID)

    static func approval(_ id: String = "0198d6a3-0b5d-7f12-a4c8-61e2d9b07f35", status: ApprovalStatus = .pending,
                         sessionID: String = sessionID, decision: ApprovalDecision? = nil,
                         toolName: String = "workspace.write_text", arguments: JSONValue = .object([:]),
                         offer: TaskGrantOffer? = nil, createdAt: Timestamp = "2026-08-22T18:05:10.441920Z") -> ApprovalView {
        ApprovalView(id: id, runID: runID, sessionID: sessionID, status: status, toolName: toolName,
                     actionSummary: "Run \(toolName) with validated arguments.", arguments: arguments, risk: .medium,
                     policyReason: "policy.matrix.workspace_write", createdAt: createdAt,
                     decision: decision, taskGrantOffer: offer)
    }

    static func run(_ status: RunStatus, sessionID: String = sessionID, failure: RunFailureView? = nil) -> RunView {
        RunView(id: runID, sessionID: sessionID, status: status, failure: failure,
                createdAt: "2026-08-22T18:05:10Z", updatedAt: "2026-08-22T18:06:10Z")
    }

    static let offer = TaskGrantOffer(origin: "https://www.example.org", pathPrefix: "/lesson", durationSeconds: 1800,
                                      maxActions: 200, maxTypedCharacters: 4096,
                                      actionKinds: ["click", "type", "select", "check", "press", "scroll"],
                                      summary: "Allow actions on www.example.org/lesson for 30 minutes")

    static func browserAct(offer: TaskGrantOffer? = offer) -> ApprovalView {
        approval(toolName: "browser.act", arguments: .object([
            "view": .string("browser.act.v1"), "described": .bool(true), "kind": .string("click"),
            "page_origin": .string("https://www.example.org"), "page_path": .string("/lesson/3"),
            "page_title": .string("Lesson 3 \"Quiz\""), "element_role": .string("button"),
            "element_name": .string("Submit answers"), "consequence": .string("routine"),
        ]), offer: offer)
    }

    /// An API error answer as the server sends it.
    static func errorResponse(_ status: Int, code: String, details: String = "{}") -> HTTPResponse {
        HTTPResponse(status: status, headers: ["content-type": "application/json"],
                     body: Data(#"{"error":{"code":"\#(code)","message":"m","details":\#(details)}}"#.utf8))
    }
}

/// An HTTP double: answers from a script in order whatever the route (a
/// script of several routes is ScriptedServer's), records every request.
actor StubSender {
    enum Answer: Sendable {
        case response(HTTPResponse)
        case noAnswer
    }

    private var script: [Answer]
    private(set) var requests: [HTTPRequest] = []

    init(_ script: [Answer]) { self.script = script }

    /// The sender the services take; retries wait for nothing.
    nonisolated var sender: HTTPRequestSender {
        HTTPRequestSender(send: { try await self.send($0) }, sleeper: { _ in })
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.append(request)
        let next = script.isEmpty ? .response(HTTPResponse(status: 500)) : script.removeFirst()
        switch next {
        case .response(let response): return response
        case .noAnswer: throw TransportError(.connectionLost, "stub: no answer")
        }
    }
}
