import Foundation

/// A loopback server that answers every request wrongly in one way (`HostileKind`),
/// so tests and the soak runner can prove the client ends with a typed error and
/// bounded memory. It shares the fixture's HTTP layer, not its state: any token is accepted.
///
/// ```swift
/// let server = HostileServer(kind: .endlessLine)
/// let url = try server.start()
/// defer { server.stop() }
/// ```
public final class HostileServer: Sendable {
    public let kind: HostileKind
    private let listener: HTTPListener
    private let sent: Locked<Int>

    /// `streamBytes` sizes the `hugeStream` body and caps `endlessLine` (a safety net; the
    /// client should give up long before).
    public init(kind: HostileKind, streamBytes: Int = 1 << 30) {
        self.kind = kind
        let sent = Locked(0)
        self.sent = sent
        listener = HTTPListener(
            responder: HostileResponder(kind: kind, streamBytes: streamBytes, sent: sent),
            limits: HTTPListener.Limits(idleTimeout: 30))
    }

    deinit { stop() }

    /// Binds 127.0.0.1:`port` (0: a free port); returns `http://127.0.0.1:PORT`.
    public func start(port: UInt16 = 0) throws -> URL {
        URL(string: "http://127.0.0.1:\(try listener.start(port: port))")!
    }

    public func stop() { listener.stop() }

    /// Stream body bytes written so far (all connections).
    public var streamBytesSent: Int { sent.current }
}

struct HostileResponder: RequestResponder {
    let kind: HostileKind
    let streamBytes: Int
    let sent: Locked<Int>

    func respond(
        to head: RequestHead, framing: BodyFraming, requestID: String,
        readBody: (Int) -> RequestReader.BodyResult
    ) -> HTTPResponse {
        if ["POST", "PUT", "PATCH"].contains(head.method) { _ = readBody(1_048_576) }
        let isStream = head.rawPath.hasPrefix("/v1/runs/") && head.rawPath.hasSuffix("/events")
        if isStream && kind.spoilsStreams { return HostileStreams.answer(kind, streamBytes: streamBytes, sent: sent) }
        if !isStream && kind.spoilsREST { return HostileBodies.answer(kind, path: head.rawPath, method: head.method) }
        let envelope = #"{"error":{"code":"not_found","message":"Not found.","details":{}},"request_id":"hostile"}"#
        return HTTPResponse(status: 404, headers: [("content-type", "application/json")], body: .bytes(Data(envelope.utf8)))
    }
}
