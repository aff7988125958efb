import Foundation

/// The device sign-in hand-off endpoint (docs/wire/website-access.md §5): the
/// service's checks and answers. The capability header is the only
/// credential; the first well-formed body uses it up.
extension Router {
    func handOff(ceremonyID: String, head: RequestHead, readBody: (Int) -> RequestReader.BodyResult) -> HTTPResponse {
        let capability = head.header("x-browser-ceremony-capability")
        let usable: Bool = store.transaction { state in
            guard head.method == "POST", let capability, let ceremony = state.websiteAccess.ceremonies[ceremonyID],
                  let expected = ceremony.deviceCapability, !ceremony.capabilityUsed else { return false }
            ceremony.settleExpiry(now: Instant.now())
            return ceremony.isOpen && expected == capability
        }
        guard usable else { return HTTPResponse(status: 401, headers: [("cache-control", "no-store")]) }
        let body: Data
        switch readBody(1_048_576) {
        case .body(let data): body = data
        case .tooLarge:
            var answer = HTTPResponse(status: 413)
            answer.closeAfterwards = true
            return answer
        case .broken: return Self.handOffError(400, "invalid_request")
        }
        let contentType = head.header("content-type")?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
        return store.transaction { state -> HTTPResponse in
            let web = state.websiteAccess
            guard let ceremony = web.ceremonies[ceremonyID], let profile = web.profiles[ceremony.profileID] else {
                return HTTPResponse(status: 401)
            }
            guard contentType?.lowercased() == "application/json", let json = try? JSONParser.parse(body),
                  let session = HandOffCheck(profileOrigins: profile.origins).check(json) else {
                return Self.handOffError(400, "invalid_request")  // the capability stays usable
            }
            ceremony.capabilityUsed = true
            let now = Instant.now()
            let verdict: String
            if profile.status == "revoked" {
                verdict = "tool.browser.profile_unavailable"
            } else if !web.providerAvailable {
                verdict = "tool.browser.provider_unavailable"
            } else if let forced = web.forcedHandOffVerdict {
                verdict = forced
            } else {
                verdict = session.verdict(siteSessions: web.siteSessions)
            }
            guard verdict == "ready" else {
                if ceremony.isOpen { ceremony.status = "cancelled" }
                return Self.handOffError(verdict.hasPrefix("tool.") ? 409 : 422, verdict)
            }
            web.drive(ceremony, to: "ready", now: now)
            return HTTPResponse.json(200, ["status": "ready"])
        }
    }

    static func handOffError(_ status: Int, _ code: String) -> HTTPResponse {
        .json(status, ["error": ["code": .string(code)]])
    }
}

/// The hand-off body's rules, the fixture's own reading of the table.
struct HandOffCheck {
    let profileOrigins: [String]

    /// What a checked body holds, enough to judge it.
    struct Session {
        var cookies: [(name: String, value: String, domain: String)]
        var storageItems: Int

        /// Ready when a live session cookie of the fixture's site is there;
        /// empty when nothing is; otherwise still signed out. Other websites'
        /// sessions cannot be checked here and count as ready.
        func verdict(siteSessions: Set<String>) -> String {
            if cookies.isEmpty && storageItems == 0 { return "session_empty" }
            let site = cookies.filter { $0.name == SignInSite.cookieName }
            if !site.isEmpty { return site.contains { siteSessions.contains($0.value) } ? "ready" : "session_signed_out" }
            return cookies.contains { $0.domain == "127.0.0.1" } || cookies.isEmpty ? "session_signed_out" : "ready"
        }
    }

    func check(_ json: JSON) -> Session? {
        guard let fields = try? Validation.closedObject(json, allowed: ["confirmed_url", "cookies", "origins"]),
              let confirmed = fields["confirmed_url"]?.stringValue, confirmed.count <= 4096, !confirmed.contains("#"),
              let origin = Self.origin(of: confirmed), profileOrigins.contains(origin),
              let cookies = (fields["cookies"] ?? .array([])).arrayValue, cookies.count <= 300,
              let origins = (fields["origins"] ?? .array([])).arrayValue, origins.count <= 64 else { return nil }
        let hosts = profileOrigins.compactMap { Self.origin(of: $0).map { String($0.split(separator: "/").last ?? "") } }
            .map { $0.split(separator: ":").first.map(String.init) ?? $0 }
        var seen = Set<String>()
        var kept: [(String, String, String)] = []
        for cookie in cookies {
            guard let c = checkCookie(cookie, hosts: hosts), seen.insert("\(c.0)\u{0}\(c.2)\u{0}\(c.3)").inserted else { return nil }
            kept.append((c.0, c.1, c.2))
        }
        var seenOrigins = Set<String>()
        var items = 0
        for entry in origins {
            guard let members = try? Validation.closedObject(entry, allowed: ["origin", "localStorage"]),
                  let name = members["origin"]?.stringValue, profileOrigins.contains(name), seenOrigins.insert(name).inserted,
                  let storage = members["localStorage"]?.arrayValue else { return nil }
            var names = Set<String>()
            for item in storage {
                guard let pair = try? Validation.closedObject(item, allowed: ["name", "value"]),
                      let key = pair["name"]?.stringValue, key.count <= 1024, names.insert(key).inserted,
                      pair["value"]?.stringValue != nil else { return nil }
            }
            items += storage.count
        }
        guard items <= 2000 else { return nil }
        return Session(cookies: kept.map { (name: $0.0, value: $0.1, domain: $0.2) }, storageItems: items)
    }

    /// name, value, domain (without a leading dot), path; nil when a rule is broken.
    private func checkCookie(_ cookie: JSON, hosts: [String]) -> (String, String, String, String)? {
        let keys: Set<String> = ["name", "value", "domain", "path", "expires", "httpOnly", "secure", "sameSite"]
        guard let f = try? Validation.closedObject(cookie, allowed: keys),
              let name = f["name"]?.stringValue, let value = f["value"]?.stringValue,
              let domain = f["domain"]?.stringValue, let path = f["path"]?.stringValue else { return nil }
        let separators = Set("()<>@,;:\\\"/[]?={} \t".unicodeScalars)
        guard (1...256).contains(name.unicodeScalars.count),
              name.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && !separators.contains($0) }),
              value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F && $0 != ";" }),
              name.utf8.count + value.utf8.count <= 4096, path.hasPrefix("/") else { return nil }
        let bare = domain.hasPrefix(".") ? String(domain.dropFirst()) : domain
        let labels = bare.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ label in
            !label.isEmpty && label.count <= 63 && label.first != "-" && label.last != "-"
                && label.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        }), hosts.contains(where: { $0 == bare || $0.hasSuffix("." + bare) }) else { return nil }
        let secure: Bool
        switch f["secure"] {
        case .bool(let flag)?: secure = flag
        case nil: secure = false
        default: return nil
        }
        if let expires = f["expires"] {
            switch expires {
            case .int(let seconds) where seconds == -1 || seconds >= 0: break
            case .double(let seconds) where seconds.isFinite && (seconds == -1 || seconds >= 0): break
            default: return nil
            }
        }
        switch f["sameSite"]?.stringValue ?? "Lax" {
        case "Strict", "Lax": break
        case "None" where secure: break
        default: return nil
        }
        let lowered = name.lowercased()
        if lowered.hasPrefix("__host-") && !(secure && path == "/" && !domain.hasPrefix(".")) { return nil }
        if lowered.hasPrefix("__secure-") && !secure { return nil }
        return (name, value, bare, path)
    }

    /// `scheme://host[:port]` of an address.
    static func origin(of text: String) -> String? {
        guard let parts = URLComponents(string: text), let scheme = parts.scheme, let host = parts.host, !host.isEmpty
        else { return nil }
        let port = parts.port.map { ":\($0)" } ?? ""
        return scheme == "https" && port == ":443" ? "https://\(host)" : "\(scheme)://\(host)\(port)"
    }
}
