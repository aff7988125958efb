import Foundation
import Testing
import VeetFixture

/// The sign-in website and the device hand-off endpoint on the wire
/// (docs/wire/website-access.md §5): each answer of the table.
@Suite struct DeviceHandOffRouteTests {
    struct Begun {
        var ceremonyID: String
        var path: String
        var capability: String
        var profileID: String
    }

    static func harness(ownSite: Bool = true) throws -> Harness {
        var options = FixtureOptions.testing
        options.allowsOwnSiteOrigin = ownSite
        return try Harness(options: options)
    }

    static func begin(_ h: Harness, origin: String? = nil, mode: String = "device") throws -> Begun {
        let origin = origin ?? "http://127.0.0.1:\(h.port)"
        let made = try h.request("POST", "/v1/browser-profiles", headers: [("Idempotency-Key", UUID().uuidString)],
                                 body: #"{"allowed_origins":["\#(origin)"]}"#)
        guard made.status == 201, let profileID = made.object["id"] as? String else {
            throw TestFailure("create: \(made.status) \(made.text)")
        }
        let begun = try h.request("POST", "/v1/browser-profiles/\(profileID)/authentication-ceremonies",
                                  body: #"{"login_url":"\#(origin)/","mode":"\#(mode)"}"#)
        guard begun.status == 201, let id = begun.object["id"] as? String, let launch = begun.object["launch_url"] as? String,
              let parts = URLComponents(string: launch), let fragment = parts.fragment else {
            throw TestFailure("begin: \(begun.status) \(begun.text)")
        }
        return Begun(ceremonyID: id, path: parts.path, capability: String(fragment.dropFirst("capability=".count)),
                     profileID: profileID)
    }

    /// A signed-in session of the fixture's site, as its login form sets it.
    static func siteSession(_ h: Harness) throws -> String {
        let answer = try h.request("POST", "/site/login", headers: [("Content-Type", "application/x-www-form-urlencoded")],
                                   body: "username=owner&password=pw", token: nil)
        let cookie = try #require(answer.header("set-cookie"))
        #expect(cookie.contains("HttpOnly"))
        #expect(answer.status == 303)
        return String(cookie.split(separator: ";")[0].split(separator: "=")[1])
    }

    static func body(_ h: Harness, session: String?, storage: Bool = false) -> String {
        let cookies = session.map {
            #"[{"name":"fixture_session","value":"\#($0)","domain":"127.0.0.1","path":"/","expires":-1,"httpOnly":true,"secure":false,"sameSite":"Lax"}]"#
        } ?? "[]"
        let origins = storage ? #"[{"origin":"http://127.0.0.1:\#(h.port)","localStorage":[{"name":"t","value":"v"}]}]"# : "[]"
        return #"{"confirmed_url":"http://127.0.0.1:\#(h.port)/site/home","cookies":\#(cookies),"origins":\#(origins)}"#
    }

    static func handOff(_ h: Harness, _ begun: Begun, body: String, capability: String? = nil) throws -> TestResponse {
        try h.request("POST", begun.path, headers: [("X-Browser-Ceremony-Capability", capability ?? begun.capability)],
                      body: body, token: nil)
    }

    static func code(_ response: TestResponse) -> String? {
        (response.object["error"] as? [String: Any])?["code"] as? String
    }

    @Test func theSiteDiffersWhenSignedIn() throws {
        let h = try Self.harness()
        let out = try h.request("GET", "/site/home", token: nil)
        #expect(out.text.contains("Signed out."))
        let session = try Self.siteSession(h)
        let home = try h.request("GET", "/site/home", headers: [("Cookie", "fixture_session=\(session)")], token: nil)
        #expect(home.text.contains("Signed in."))
        #expect(home.text.contains("localStorage.setItem(\"fixture_token\""))
        let login = try h.request("GET", "/site/login", token: nil)
        #expect(login.text.contains("type=\"password\""))
    }

    @Test func aSignedInHandOffIsSealedOnceAndTheCeremonyIsReady() throws {
        let h = try Self.harness()
        let begun = try Self.begin(h)
        #expect(begun.path == "/authentication/\(begun.ceremonyID)/handoff")
        #expect((32...128).contains(begun.capability.count))
        let body = Self.body(h, session: try Self.siteSession(h), storage: true)
        let sealed = try Self.handOff(h, begun, body: body)
        #expect(sealed.status == 200 && sealed.object["status"] as? String == "ready")
        #expect(h.server.ceremonyStatus(begun.ceremonyID) == "ready")
        #expect(h.server.profileStatus(begun.profileID) == "ready")
        #expect(try Self.handOff(h, begun, body: body).status == 401)  // used
    }

    @Test func aWrongOrMissingCapabilityOrARemoteCeremonyIs401() throws {
        let h = try Self.harness()
        let begun = try Self.begin(h)
        let body = Self.body(h, session: try Self.siteSession(h))
        #expect(try Self.handOff(h, begun, body: body, capability: String(repeating: "x", count: 40)).status == 401)
        #expect(try h.request("POST", begun.path, body: body, token: nil).status == 401)
        let remote = try Self.begin(h, mode: "remote")
        #expect(try h.request("POST", "/authentication/\(remote.ceremonyID)/handoff",
                              headers: [("X-Browser-Ceremony-Capability", remote.capability)], body: body, token: nil).status == 401)
    }

    @Test func aMalformedBodyIs400AndKeepsTheCapability() throws {
        let h = try Self.harness()
        let begun = try Self.begin(h)
        for bad in ["{", #"{"confirmed_url":"http://127.0.0.1:\#(h.port)/#x","cookies":[],"origins":[]}"#,
                    #"{"confirmed_url":"https://elsewhere.example/","cookies":[],"origins":[]}"#,
                    Self.body(h, session: "a;b"),
                    Self.body(h, session: "v").replacingOccurrences(of: "\"Lax\"", with: "\"None\""),
                    Self.body(h, session: "v").replacingOccurrences(of: "\"127.0.0.1\"", with: "\"example.com\""),
                    Self.body(h, session: "v").replacingOccurrences(of: "\"httpOnly\"", with: "\"http_only\"")] {
            let answer = try Self.handOff(h, begun, body: bad)
            #expect(answer.status == 400 && Self.code(answer) == "invalid_request", "\(bad)")
        }
        #expect(try Self.handOff(h, begun, body: Self.body(h, session: try Self.siteSession(h))).status == 200)
    }

    @Test func overOneMiBIs413() throws {
        let h = try Self.harness()
        let begun = try Self.begin(h)
        let big = #"{"confirmed_url":"http://127.0.0.1:\#(h.port)/","cookies":[],"origins":[],"pad":""#
            + String(repeating: "x", count: 1_048_576) + "\"}"
        #expect(try Self.handOff(h, begun, body: big).status == 413)
    }

    @Test(arguments: [("empty", "session_empty"), ("signedOut", "session_signed_out"), ("forced", "session_unconfirmed")])
    func unverifiedSessionsAre422AndCancelTheCeremony(_ situation: String, _ code: String) throws {
        let h = try Self.harness()
        let begun = try Self.begin(h)
        let body: String
        switch situation {
        case "empty": body = Self.body(h, session: nil)
        case "signedOut": body = Self.body(h, session: "not-a-live-session")
        default:
            h.server.forceHandOffVerdict("session_unconfirmed")
            body = Self.body(h, session: try Self.siteSession(h))
        }
        let answer = try Self.handOff(h, begun, body: body)
        #expect(answer.status == 422 && Self.code(answer) == code)
        #expect(h.server.ceremonyStatus(begun.ceremonyID) == "cancelled")
        #expect(h.server.profileStatus(begun.profileID) == "authentication_required")
    }

    @Test func aRevokedProfileOrNoProviderIs409() throws {
        let h = try Self.harness()
        let begun = try Self.begin(h)
        let body = Self.body(h, session: try Self.siteSession(h))
        h.server.setBrowserProviderAvailable(false)
        let unavailable = try Self.handOff(h, begun, body: body)
        #expect(unavailable.status == 409 && Self.code(unavailable) == "tool.browser.provider_unavailable")
        h.server.setBrowserProviderAvailable(true)
        let second = try Self.begin(h)
        _ = try h.request("POST", "/v1/browser-profiles/\(second.profileID)/revoke")
        // Revoking cancels the open ceremony, so the capability is refused first.
        #expect(try Self.handOff(h, second, body: body).status == 401)
        // A profile revoked while the service verifies: forced, since this server verifies at once.
        let third = try Self.begin(h)
        h.server.forceHandOffVerdict("tool.browser.profile_unavailable")
        let gone = try Self.handOff(h, third, body: body)
        #expect(gone.status == 409 && Self.code(gone) == "tool.browser.profile_unavailable")
        #expect(h.server.ceremonyStatus(third.ceremonyID) == "cancelled")
    }

    @Test func deviceModeCanBeRefusedAndTheLoopbackOriginNeedsTheTestSwitch() throws {
        var options = FixtureOptions.testing
        options.deviceSignIn = false
        options.allowsOwnSiteOrigin = true
        let h = try Harness(options: options)
        #expect(throws: TestFailure.self) { try Self.begin(h) }
        let plain = try Self.harness(ownSite: false)
        let refused = try plain.request("POST", "/v1/browser-profiles", headers: [("Idempotency-Key", "k")],
                                        body: #"{"allowed_origins":["http://127.0.0.1:\#(plain.port)"]}"#)
        #expect(refused.status == 400)
        let other = try Self.harness()
        let elsewhere = try other.request("POST", "/v1/browser-profiles", headers: [("Idempotency-Key", "k")],
                                          body: #"{"allowed_origins":["http://127.0.0.1:1"]}"#)
        #expect(elsewhere.status == 400)
    }
}
