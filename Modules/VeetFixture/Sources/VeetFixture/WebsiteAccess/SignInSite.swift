import Foundation

/// A small website to sign in to, on the fixture's own loopback address, so
/// the device hand-off runs end to end on one machine: `/site/login` (a form
/// whose answer sets an httpOnly session cookie), `/site/home` (differs when
/// signed in; its own script stores a localStorage token), `/site/logout`.
/// The password is checked for presence only and never kept.
enum SignInSite {
    static let cookieName = "fixture_session"
    static let tokenName = "fixture_token"
}

extension Router {
    func signInSite(_ segments: [String], head: RequestHead, readBody: (Int) -> RequestReader.BodyResult) -> HTTPResponse {
        let page = segments.count == 2 ? segments[1] : ""
        switch (head.method, page) {
        case ("GET", "login"):
            return Self.html("""
                <h1>Fixture site</h1><form method="post" action="/site/login">
                <label>Name <input id="username" name="username" autocomplete="username"></label>
                <label>Password <input id="password" name="password" type="password" autocomplete="current-password"></label>
                <button id="submit" type="submit">Sign in</button></form>
                """)
        case ("POST", "login"):
            guard case .body(let body) = readBody(65_536) else { return HTTPResponse(status: 400) }
            let fields = Self.formFields(body)
            guard !(fields["username"] ?? "").isEmpty, !(fields["password"] ?? "").isEmpty else {
                return Self.html("<h1>Fixture site</h1><p id=\"state\">Wrong name or password.</p>", status: 401)
            }
            let session = Identifier.make().replacingOccurrences(of: "-", with: "")
            store.transaction { _ = $0.websiteAccess.siteSessions.insert(session) }
            return HTTPResponse(status: 303, headers: [
                ("location", "/site/home"),
                ("set-cookie", "\(SignInSite.cookieName)=\(session); Path=/; HttpOnly; SameSite=Lax"),
            ])
        case ("GET", "home"):
            let session = Self.cookie(SignInSite.cookieName, in: head)
            let signedIn = session.map { value in store.transaction { $0.websiteAccess.siteSessions.contains(value) } } ?? false
            guard signedIn else {
                return Self.html("<h1>Fixture site</h1><p id=\"state\">Signed out.</p><a href=\"/site/login\">Sign in</a>")
            }
            let token = "token-" + Identifier.make().prefix(8)
            return Self.html("""
                <h1>Fixture site</h1><p id="state">Signed in.</p>
                <script>localStorage.setItem("\(SignInSite.tokenName)", "\(token)")</script>
                """)
        default:
            return HTTPResponse(status: 404)
        }
    }

    private static func html(_ body: String, status: Int = 200) -> HTTPResponse {
        let page = "<!doctype html><meta charset=\"utf-8\"><title>Fixture site</title>\n" + body + "\n"
        return HTTPResponse(status: status, headers: [("content-type", "text/html; charset=utf-8"),
                                                      ("cache-control", "no-store")],
                            body: .bytes(Data(page.utf8)))
    }

    private static func formFields(_ body: Data) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return fields
    }

    private static func cookie(_ name: String, in head: RequestHead) -> String? {
        for header in head.headerValues("cookie") {
            for pair in header.split(separator: ";") {
                let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0] == name { return String(parts[1]) }
            }
        }
        return nil
    }
}
