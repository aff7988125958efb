import Foundation

/// The routes the fixture serves. Ids are raw path segments, validated later.
enum Endpoint {
    case liveness, readiness
    case sessions, session(String), sessionMessages(String), sessionUploads(String)
    case run(String), runEvents(String), runCancel(String), runInput(String)
    case approvals, approval(String), approvalResolve(String)
    case artifact(String), artifactContent(String)

    static func match(_ segments: [String]) -> Endpoint? {
        guard !segments.contains(where: \.isEmpty) else { return nil }
        switch segments.count {
        case 2:
            switch (segments[0], segments[1]) {
            case ("health", "live"): return .liveness
            case ("health", "ready"): return .readiness
            case ("v1", "sessions"): return .sessions
            case ("v1", "approvals"): return .approvals
            default: return nil
            }
        case 3:
            guard segments[0] == "v1" else { return nil }
            switch segments[1] {
            case "sessions": return .session(segments[2])
            case "runs": return .run(segments[2])
            case "approvals": return .approval(segments[2])
            case "artifacts": return .artifact(segments[2])
            default: return nil
            }
        case 4:
            guard segments[0] == "v1" else { return nil }
            switch (segments[1], segments[3]) {
            case ("sessions", "messages"): return .sessionMessages(segments[2])
            case ("sessions", "artifacts"): return .sessionUploads(segments[2])
            case ("runs", "events"): return .runEvents(segments[2])
            case ("runs", "cancel"): return .runCancel(segments[2])
            case ("runs", "input"): return .runInput(segments[2])
            case ("approvals", "resolve"): return .approvalResolve(segments[2])
            case ("artifacts", "content"): return .artifactContent(segments[2])
            default: return nil
            }
        default:
            return nil
        }
    }

    /// POST routes with a JSON body (`/cancel` has none).
    var takesJSONBody: Bool {
        switch self {
        case .sessions, .sessionMessages, .runInput, .approvalResolve: true
        default: false
        }
    }

    var methods: Set<String> {
        switch self {
        case .sessions, .sessionMessages: ["GET", "POST"]
        case .session: ["GET", "DELETE"]
        case .runCancel, .runInput, .approvalResolve, .sessionUploads: ["POST"]
        default: ["GET"]
        }
    }
}

/// Boundary checks in the snapshot's order, then the route handlers.
struct Router: RequestResponder {
    struct BrokenBody: Error {}

    let token: String
    let options: FixtureOptions
    let store: FixtureStore
    let agent: AgentRunner
    let faults: Locked<FixtureFaults>
    let readiness: Locked<Bool>
    let requestLog: Locked<[RecordedRequest]>

    func respond(
        to head: RequestHead, framing: BodyFraming, requestID: String,
        readBody: (Int) -> RequestReader.BodyResult
    ) -> HTTPResponse {
        record(head)
        do {
            return addingFolderIDs(to: try route(head, framing: framing, requestID: requestID, readBody: readBody),
                                   head: head)
        } catch let failure as APIFailure {
            var response = failure.response(requestID: requestID)
            // A refused body may be partly unread: the connection cannot be reused.
            if failure.status == 413 { response.closeAfterwards = true }
            return response
        } catch {
            return .plainServerError(400, "Invalid HTTP request received.")
        }
    }

    private func record(_ head: RequestHead) {
        var headers: [String: String] = [:]
        for (name, value) in head.headers { headers[name] = value }
        let entry = RecordedRequest(method: head.method, path: head.rawPath, query: head.rawQuery, headers: headers)
        requestLog.update { $0.append(entry) }
    }

    private func route(
        _ head: RequestHead, framing: BodyFraming, requestID: String,
        readBody: (Int) -> RequestReader.BodyResult
    ) throws -> HTTPResponse {
        let path = head.rawPath
        let isAPI = path == "/v1" || path.hasPrefix("/v1/")
        if isAPI, let rejection = faults.update({ $0.takeRejection() }) {
            throw Self.failure(for: rejection)
        }
        if isAPI, let redirect = faults.current.redirectEveryRequest {
            let query = head.rawQuery.map { "?\($0)" } ?? ""
            return HTTPResponse(status: redirect.status, headers: [("location", redirect.location + path + query)])
        }
        let carriesBody = ["POST", "PUT", "PATCH"].contains(head.method)
        if isAPI && carriesBody {
            // The edge middleware: authentication, Content-Type, declared size; before routing.
            guard isAuthorized(head) else { throw APIFailure.edgeAuthentication }
            if head.method == "POST", Self.requiresJSON(path), !Self.isJSON(head.header("content-type")) {
                throw APIFailure.unsupportedMediaType
            }
            let uploads = options.uploads && Self.isUploadPath(path)
            if case .length(let length) = framing, length > (uploads ? options.maximumUploadBytes : options.maximumBodyBytes) {
                throw uploads ? APIFailure.uploadTooLarge : APIFailure.payloadTooLarge
            }
        }
        if let answer = try websiteAccessResponse(head, authorized: isAuthorized(head), readBody: readBody) {
            return answer
        }
        if let answer = try foldersResponse(head, authorized: isAuthorized(head), readBody: readBody) {
            return answer
        }
        if let answer = try schedulesResponse(head, authorized: isAuthorized(head), readBody: readBody) {
            return answer
        }
        if let answer = try memoryResponse(head, authorized: isAuthorized(head), readBody: readBody) {
            return answer
        }
        if let answer = try accountResponse(head, authorized: isAuthorized(head), readBody: readBody) {
            return answer
        }
        if let answer = try peopleResponse(head, authorized: isAuthorized(head), readBody: readBody) {
            return answer
        }
        // The census (/v1/email/subscriptions…); the Email routes below serve the rest of /v1/email,
        // including the one operation lookup that knows subscription operations too.
        if let answer = try subscriptionsResponse(head, authorized: isAuthorized(head), readBody: readBody) {
            return answer
        }
        if let answer = try emailResponse(head, authorized: isAuthorized(head), readBody: readBody) {
            return answer
        }
        if let answer = try settingsResponse(head, authorized: isAuthorized(head), readBody: readBody) {
            return answer
        }
        if let answer = try callsResponse(head, authorized: isAuthorized(head)) { return answer }
        if let answer = try surfacesResponse(head, authorized: isAuthorized(head), readBody: readBody) { return answer }
        guard let endpoint = Endpoint.match(Self.segments(of: path)) else {
            if path.count > 1, path.hasSuffix("/"), Endpoint.match(Self.segments(of: String(path.dropLast()))) != nil {
                return redirect(head, to: String(path.dropLast()))
            }
            throw APIFailure.unknownRoute
        }
        if case .sessionUploads = endpoint, !options.uploads { throw APIFailure.unknownRoute }
        guard endpoint.methods.contains(head.method) else { throw APIFailure.unsupportedMethod }
        if isAPI && !carriesBody && !isAuthorized(head) { throw APIFailure.routeAuthentication }
        var body = Data()
        if head.method == "POST" && endpoint.takesJSONBody {
            switch readBody(options.maximumBodyBytes) {
            case .body(let data): body = data
            case .tooLarge: throw APIFailure.payloadTooLarge
            case .broken: throw BrokenBody()
            }
        }
        if case .sessionUploads(let id) = endpoint {
            return try upload(id, head: head) { limit in
                switch readBody(limit) {
                case .body(let data): return data
                case .tooLarge: throw APIFailure.uploadTooLarge
                case .broken: throw BrokenBody()
                }
            }
        }
        return try handle(endpoint, head: head, body: body, requestID: requestID)
    }

    private func handle(_ endpoint: Endpoint, head: RequestHead, body: Data, requestID: String) throws -> HTTPResponse {
        switch endpoint {
        case .liveness:
            return .json(200, ["status": "ok"])
        case .readiness:
            return readiness.current ? .json(200, ["status": "ready"]) : .json(503, ["status": "not_ready"])
        case .sessions:
            return head.method == "POST" ? try createSession(body) : try listSessions(head)
        case .session(let id):
            return head.method == "DELETE" ? try deleteSession(id) : try getSession(id)
        case .sessionMessages(let id):
            return head.method == "POST" ? try submitMessage(id, head: head, body: body) : try transcript(id, head: head)
        case .run(let id):
            return try getRun(id)
        case .runEvents(let id):
            return try streamEvents(id, head: head)
        case .runCancel(let id):
            return try cancelRun(id)
        case .runInput(let id):
            return try provideInput(id, body: body)
        case .approvals:
            return try listApprovals(head)
        case .approval(let id):
            return try getApproval(id)
        case .approvalResolve(let id):
            return try resolveApproval(id, body: body)
        case .artifact(let id):
            return try getArtifact(id)
        case .artifactContent(let id):
            return try artifactContent(id, head: head)
        case .sessionUploads:
            throw APIFailure.unknownRoute  // answered in `route`, which reads the raw body
        }
    }

    // MARK: Checks

    /// `Authorization: Bearer <token>`: scheme case-insensitive, exactly one space, exact token.
    private func isAuthorized(_ head: RequestHead) -> Bool {
        guard let value = head.header("authorization"), let space = value.firstIndex(of: " ") else { return false }
        guard value[..<space].lowercased() == "bearer" else { return false }
        let supplied = Array(value[value.index(after: space)...].utf8)
        let expected = Array(token.utf8)
        guard supplied.count == expected.count else { return false }
        // Compare every byte so the time taken does not depend on where they differ.
        return zip(supplied, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// `/v1/sessions/{id}/artifacts`
    static func isUploadPath(_ path: String) -> Bool {
        let segments = segments(of: path)
        return segments.count == 4 && segments[0] == "v1" && segments[1] == "sessions" && segments[3] == "artifacts"
    }

    private static func requiresJSON(_ path: String) -> Bool {
        path == "/v1/sessions" || path.hasSuffix("/messages") || path.hasSuffix("/input") || path.hasSuffix("/resolve")
    }

    private static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return mediaType.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }

    private static func segments(of path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            String($0).removingPercentEncoding ?? String($0)
        }
    }

    private func redirect(_ head: RequestHead, to path: String) -> HTTPResponse {
        let host = head.header("host") ?? "127.0.0.1"
        let query = head.rawQuery.map { "?\($0)" } ?? ""
        return HTTPResponse(status: 307, headers: [("location", "http://\(host)\(path)\(query)")])
    }

    private static func failure(for rejection: FixtureFaults.Rejection) -> APIFailure {
        var failure: APIFailure
        switch rejection.status {
        case 429: failure = APIFailure(status: 429, code: "rate_limited", message: "Too many requests.")
        case 503:
            failure = APIFailure(
                status: 503, code: "service_unavailable", message: "The service is temporarily unavailable.")
        default:
            failure = APIFailure(
                status: rejection.status, code: "internal_error",
                message: "An internal error prevented the request from completing.")
        }
        failure.extraHeaders = [("retry-after", rejection.retryAfter)]
        return failure
    }
}
