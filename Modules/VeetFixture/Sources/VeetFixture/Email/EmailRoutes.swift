import Foundation

/// The email routes (docs/wire/email.md §2). Nil for any other path and for
/// `/v1/email/subscriptions…` (served by Subscriptions/); 404 for every email
/// path when `options.email` is off, as a server with Email mode off answers.
/// Every answer, errors included, carries `Cache-Control: private, no-store`.
extension Router {
    func emailResponse(
        _ head: RequestHead, authorized: Bool, readBody: (Int) -> RequestReader.BodyResult
    ) throws -> HTTPResponse? {
        let segments = head.rawPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            String($0).removingPercentEncoding ?? String($0)
        }
        guard segments.count >= 3, segments[0] == "v1", segments[1] == "email", segments[2] != "subscriptions" else {
            return try emailControlResponse(head, authorized: authorized, readBody: readBody)
        }
        do {
            guard options.email, let route = EmailRoute(Array(segments.dropFirst(2))) else {
                throw APIFailure.unknownRoute
            }
            if case .threadSpam = route, !options.emailSpamRoutes { throw APIFailure.unknownRoute }
            if case .accounts = route, options.emailAccountListMissing { throw APIFailure.unknownRoute }
            switch route {
            case .learning, .learningReset: if !options.emailLearning { throw APIFailure.unknownRoute }
            default: break
            }
            guard route.methods.contains(head.method) else { throw APIFailure.unsupportedMethod }
            guard authorized else { throw APIFailure.routeAuthentication }
            var body = Data()
            if ["POST", "PUT"].contains(head.method) {
                switch readBody(options.maximumBodyBytes) {
                case .body(let data): body = data
                case .tooLarge: throw APIFailure.payloadTooLarge
                case .broken: throw BrokenBody()
                }
            }
            if head.method != "GET", options.emailReadOnly {
                throw APIFailure(status: 403, code: "authorization_error", message: "The token lacks the email.write scope.")
            }
            let json = try store.transaction { state in
                state.email.seedIfNeeded(now: state.now())
                return try EmailHandlers(state: state, now: state.now(), head: head, body: body, options: options)
                    .handle(route)
            }
            var response = HTTPResponse.json(200, json)
            response.headers.append(("cache-control", "private, no-store"))
            return response
        } catch var failure as APIFailure {
            failure.extraHeaders.append(("cache-control", "private, no-store"))
            throw failure
        }
    }
}

/// One email route, its path parameters already split out.
enum EmailRoute {
    case accounts, threads, thread(String), feedback, feedbackItem(String)
    case dismiss(String), discussion(String), generateDraft(String), exclude(String), archive(String)
    case threadSpam(String), spamFlag(String)
    case draft(String), draftRevisions(String), sendProposal(String), styleExample(String)
    case refresh, operation(String), learning, learningReset

    init?(_ rest: [String]) {
        switch (rest.count, rest.first) {
        case (1, "accounts"): self = .accounts
        case (1, "threads"): self = .threads
        case (1, "feedback"): self = .feedback
        case (1, "refresh"): self = .refresh
        case (1, "learning"): self = .learning
        case (2, "learning") where rest[1] == "reset": self = .learningReset
        case (2, "threads"): self = .thread(rest[1])
        case (2, "feedback"): self = .feedbackItem(rest[1])
        case (2, "drafts"): self = .draft(rest[1])
        case (2, "operations"): self = .operation(rest[1])
        case (3, "threads"):
            let id = rest[1]
            switch rest[2] {
            case "dismiss": self = .dismiss(id)
            case "discussion": self = .discussion(id)
            case "drafts": self = .generateDraft(id)
            case "exclude": self = .exclude(id)
            case "archive": self = .archive(id)
            case "spam": self = .threadSpam(id)
            case "spam-flag": self = .spamFlag(id)
            default: return nil
            }
        case (3, "drafts"):
            switch rest[2] {
            case "revisions": self = .draftRevisions(rest[1])
            case "send-proposal": self = .sendProposal(rest[1])
            case "style-example": self = .styleExample(rest[1])
            default: return nil
            }
        default: return nil
        }
    }

    var methods: Set<String> {
        switch self {
        case .accounts, .threads, .thread, .draftRevisions, .operation: ["GET"]
        case .feedbackItem: ["DELETE"]
        case .draft: ["GET", "PUT", "DELETE"]
        case .learning: ["GET", "PUT"]
        default: ["POST"]
        }
    }
}

/// The email handlers, run inside one store transaction.
struct EmailHandlers {
    let state: StoreState
    let now: Instant
    let head: RequestHead
    let body: Data
    let options: FixtureOptions

    var email: EmailState { state.email }

    func handle(_ route: EmailRoute) throws -> JSON {
        switch route {
        case .accounts: return accounts()
        case .threads: return try threadList()
        case .thread(let id): return try threadDetail(id)
        case .feedback: return try keyed { try recordFeedback() }
        case .feedbackItem(let id): return try undoFeedback(id)
        case .dismiss(let id): return try dismiss(id)
        case .discussion(let id): return try discussion(id)
        case .generateDraft(let id): return try keyed { try generateDraft(id) }
        case .exclude(let id): return try exclude(id)
        case .archive(let id): return try inboxCommand(id, spam: false)
        case .threadSpam(let id): return try inboxCommand(id, spam: true)
        case .spamFlag(let id): return try spamFlag(id)
        case .draft(let id):
            switch head.method {
            case "PUT": return try keyed { try saveDraft(id) }
            case "DELETE": return try discardDraft(id)
            default: return try readDraft(id)
            }
        case .draftRevisions(let id): return try revisions(id)
        case .sendProposal(let id): return try keyed { try proposeSend(id) }
        case .styleExample(let id): return try styleExample(id)
        case .refresh: return try refresh()
        case .operation(let id): return try operation(id)
        case .learning: return try head.method == "PUT" ? setLearning() : email.learningView
        case .learningReset: return try keyed { try resetLearning() }
        }
    }

    // MARK: Checks shared by the routes

    /// A 400 the route raises itself: the generic framework text, `details: {}` (docs/wire/email.md §1).
    static let refused = APIFailure.unsupportedMethod

    /// The closed body's members; an empty body counts as `{}` where `emptyIsObject`.
    func fields(_ allowed: Set<String>, emptyIsObject: Bool = false) throws -> [String: JSON] {
        if emptyIsObject && body.isEmpty { return [:] }
        let value: JSON
        do { value = try JSONParser.parse(body) } catch { throw APIFailure.malformed("body: the request body is not valid JSON") }
        guard let members = value.objectMembers else { throw APIFailure.malformed("body: an object is required") }
        if let unknown = members.first(where: { !allowed.contains($0.key) }) {
            throw APIFailure.malformed("body.\(unknown.key): extra fields are not permitted")
        }
        return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    func strictBool(_ fields: [String: JSON], _ key: String, default fallback: Bool? = nil) throws -> Bool {
        guard let value = fields[key] else {
            guard let fallback else { throw APIFailure.malformed("body.\(key): field required") }
            return fallback
        }
        guard case .bool(let flag) = value else { throw APIFailure.malformed("body.\(key): input should be a valid boolean") }
        return flag
    }

    func positiveInt(_ fields: [String: JSON], _ key: String) throws -> Int? {
        guard let value = fields[key] else { return nil }
        guard let number = value.intValue, number >= 1 else {
            throw APIFailure.malformed("body.\(key): input should be an integer of at least 1")
        }
        return Int(number)
    }

    func expectedRevision(_ fields: [String: JSON]) throws -> Int {
        guard let value = try positiveInt(fields, "expected_revision") else {
            throw APIFailure.malformed("body.expected_revision: field required")
        }
        return value
    }

    func optionalString(_ fields: [String: JSON], _ key: String, max: Int) throws -> String? {
        guard let value = fields[key], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw APIFailure.malformed("body.\(key): input should be a valid string") }
        guard text.count <= max else { throw APIFailure.malformed("body.\(key): at most \(max) characters") }
        return text
    }

    func thread(_ raw: String) throws -> EmailState.Thread {
        let id = try Validation.uuid(raw)
        guard let found = email.threads[id] else { throw APIFailure.notFound("email thread") }
        return found
    }

    func draft(_ raw: String) throws -> EmailState.Draft {
        let id = try Validation.uuid(raw)
        guard let found = email.drafts[id], email.threads[found.threadID] != nil else {
            throw APIFailure.notFound("email draft")
        }
        return found
    }

    static let staleThread = APIFailure.conflict("The thread changed; reload it and try again.")

    /// The `Idempotency-Key` header: 1–200 characters when present.
    func headerKey() throws -> String? {
        guard let key = head.header("idempotency-key") else { return nil }
        guard (1...200).contains(key.count) else { throw APIFailure.malformed("header.Idempotency-Key: 1 to 200 characters") }
        return key
    }

    /// Runs `command` once per key: the same key and request replay the first
    /// answer (operations say `replayed: true`), another request is `409`.
    func keyed(bodyKey: String? = nil, _ command: () throws -> JSON) throws -> JSON {
        guard let key = try bodyKey ?? headerKey() else { return try command() }
        let canonical = (try? JSONParser.parse(body))?.serialized(sortedKeys: true) ?? ""
        let fingerprint = head.method + " " + head.rawPath + " " + canonical
        if let earlier = email.keys[key] {
            guard earlier.fingerprint == fingerprint else { throw APIFailure.idempotencyKeyReused }
            return earlier.answer["replayed"] == nil ? earlier.answer : earlier.answer.setting("replayed", true)
        }
        let answer = try command()
        email.keys[key] = (fingerprint, answer)
        return answer
    }

    /// The automatic-work allowance is spent (docs/wire/email.md §11).
    func checkBudget() throws {
        guard options.emailBudgetExhausted else { return }
        let midnight = Instant(microseconds: (now.microseconds / 86_400_000_000 + 1) * 86_400_000_000)
        throw APIFailure(
            status: 402, code: "budget_exceeded", message: "The automatic email work allowance is exhausted.",
            details: ["reason": "email_aggregate_cost", "daily_spent": "2.00", "daily_reserved": "0",
                      "daily_limit": "2.00", "monthly_spent": "11.02", "monthly_reserved": "0",
                      "monthly_limit": "20.00", "next_reservation": "1", "retry_at": .string(midnight.offset)])
    }
}
