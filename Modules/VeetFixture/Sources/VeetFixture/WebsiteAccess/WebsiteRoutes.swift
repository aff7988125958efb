import Foundation

/// The website-access routes (profiles, ceremonies, grants, task grants,
/// task scopes, session binding) and the launch page. Answers nil for any
/// other path, so the main router carries on.
extension Router {
    func websiteAccessResponse(
        _ head: RequestHead, authorized: Bool, readBody: (Int) -> RequestReader.BodyResult
    ) throws -> HTTPResponse? {
        let segments = head.rawPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        if segments.count == 3, segments[0] == "authentication", segments[2] == "remote" {
            return try launchPage(ceremonyID: segments[1], head: head)
        }
        if segments.count == 3, segments[0] == "authentication", segments[2] == "handoff" {
            return handOff(ceremonyID: segments[1], head: head, readBody: readBody)
        }
        if segments.first == "site" {
            return signInSite(segments, head: head, readBody: readBody)
        }
        guard let route = WebsiteRoute.match(segments) else { return nil }
        if !options.taskPermissions && route.isTaskPermission || !options.sessionWebsite && route.isSessionWebsite {
            throw APIFailure.unknownRoute  // not mounted, as on the snapshot
        }
        if case .taskScopes = route, !options.taskScopes { throw APIFailure.unknownRoute }
        guard route.methods.contains(head.method) else { throw APIFailure.unsupportedMethod }
        guard authorized else { throw APIFailure.routeAuthentication }
        var body = Data()
        if head.method == "POST" || head.method == "PUT" {
            switch readBody(options.maximumBodyBytes) {
            case .body(let data): body = data
            case .tooLarge: throw APIFailure.payloadTooLarge
            case .broken: throw BrokenBody()
            }
        }
        let now = Instant.now()
        return try store.transaction { state in
            try WebsiteHandlers(state: state, web: state.websiteAccess, now: now, head: head, body: body,
                                launchBase: "http://\(head.header("host") ?? "127.0.0.1")",
                                ownSiteOrigin: ownSiteOrigin(head), options: options)
                .handle(route)
        }
    }

    /// `http://127.0.0.1:PORT` as the request reached it, when the test switch accepts it.
    func ownSiteOrigin(_ head: RequestHead) -> String? {
        guard options.allowsOwnSiteOrigin, let host = head.header("host"), host.hasPrefix("127.0.0.1:") else { return nil }
        return "http://\(host)"
    }

    /// The launch link's page on loopback. `?outcome=ready|needs_user|cancelled`
    /// drives the ceremony the way the owner's sign-in would; the capability
    /// stays in the fragment and never reaches the server.
    private func launchPage(ceremonyID: String, head: RequestHead) throws -> HTTPResponse {
        let outcome = head.query("outcome")
        let status: String? = store.transaction { state in
            guard let ceremony = state.websiteAccess.ceremonies[ceremonyID] else { return nil }
            if let outcome { state.websiteAccess.drive(ceremony, to: outcome, now: Instant.now()) }
            ceremony.settleExpiry(now: Instant.now())
            return ceremony.status
        }
        guard let status else {
            return HTTPResponse(status: 404, headers: [("content-type", "text/plain; charset=utf-8")],
                                body: .bytes(Data("This sign-in link is unknown. Return to the app and start over.\n".utf8)))
        }
        let page = """
            <!doctype html><title>Veetbot sign-in (fixture)</title>
            <p>Sign-in status: \(status)</p>
            <p><a href="?outcome=ready">I'm signed in</a> · <a href="?outcome=needs_user">Site asks for a code</a>
            · <a href="?outcome=cancelled">Cancel</a></p>

            """
        return HTTPResponse(status: 200, headers: [("content-type", "text/html; charset=utf-8"),
                                                   ("cache-control", "private, no-store")],
                            body: .bytes(Data(page.utf8)))
    }
}

enum WebsiteRoute {
    case profiles, profile(String), profileRevoke(String), profileCeremonies(String)
    case ceremony(String), ceremonyCancel(String)
    case grants, grant(String), grantRevoke(String)
    case taskGrants, taskGrant(String), taskGrantRevoke(String), taskScopes
    case sessionWebsite(String)

    static func match(_ s: [String]) -> WebsiteRoute? {
        guard s.first == "v1", !s.contains(where: \.isEmpty) else { return nil }
        switch (s.count, s.count > 1 ? s[1] : "") {
        case (2, "browser-profiles"): return .profiles
        case (3, "browser-profiles"): return .profile(s[2])
        case (4, "browser-profiles") where s[3] == "revoke": return .profileRevoke(s[2])
        case (4, "browser-profiles") where s[3] == "authentication-ceremonies": return .profileCeremonies(s[2])
        case (3, "browser-authentication-ceremonies"): return .ceremony(s[2])
        case (4, "browser-authentication-ceremonies") where s[3] == "cancel": return .ceremonyCancel(s[2])
        case (2, "browser-grants"): return .grants
        case (3, "browser-grants"): return .grant(s[2])
        case (4, "browser-grants") where s[3] == "revoke": return .grantRevoke(s[2])
        case (2, "browser-task-grants"): return .taskGrants
        case (3, "browser-task-grants"): return .taskGrant(s[2])
        case (4, "browser-task-grants") where s[3] == "revoke": return .taskGrantRevoke(s[2])
        case (2, "browser-task-scopes"): return .taskScopes
        case (4, "sessions") where s[3] == "website": return .sessionWebsite(s[2])
        default: return nil
        }
    }

    /// Task grants and task scopes ([newer], docs/wire/website-access.md §8).
    var isTaskPermission: Bool {
        switch self {
        case .taskGrants, .taskGrant, .taskGrantRevoke, .taskScopes: true
        default: false
        }
    }

    var isSessionWebsite: Bool {
        if case .sessionWebsite = self { true } else { false }
    }

    var methods: Set<String> {
        switch self {
        case .profiles, .profileCeremonies, .grants: ["GET", "POST"]
        case .profile, .grant: ["GET", "DELETE"]
        case .profileRevoke, .ceremonyCancel, .grantRevoke, .taskGrantRevoke: ["POST"]
        case .taskScopes: ["GET", "PUT"]
        case .sessionWebsite: ["PUT"]
        default: ["GET"]
        }
    }
}
