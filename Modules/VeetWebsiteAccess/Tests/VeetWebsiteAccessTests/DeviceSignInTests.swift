import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetWebsiteAccess

/// The launch address, the answers, and the flow on canned answers.
@Suite struct DeviceSignInTests {
    static let id = "0b4c2f0e-6a59-4d4e-9a51-3f8d2a1b7c90"
    static let capability = String(repeating: "Ab1_-", count: 8)  // 40 characters

    static func launch(_ capability: String = capability, host: String = "https://browser.example") -> String {
        "\(host)/authentication/\(id)/handoff#capability=\(capability)"
    }

    @Test func aLaunchAddressGivesEndpointAndCapability() throws {
        let address = try HandOffAddress(launchURL: Self.launch())
        #expect(address.endpoint.absoluteString == "https://browser.example/authentication/\(Self.id)/handoff")
        #expect(address.capability == Self.capability)
        for text in [String(describing: address), String(reflecting: address)] {
            #expect(!text.contains(Self.capability))
            #expect(!text.contains("browser.example"))
        }
    }

    @Test func theCapabilityIs32To128OfItsAlphabet() throws {
        _ = try HandOffAddress(launchURL: Self.launch(String(repeating: "a", count: 32)))
        _ = try HandOffAddress(launchURL: Self.launch(String(repeating: "a", count: 128)))
        #expect(throws: HandOffAddressError.capabilityMalformed) {
            try HandOffAddress(launchURL: Self.launch(String(repeating: "a", count: 31)))
        }
        #expect(throws: HandOffAddressError.capabilityMalformed) {
            try HandOffAddress(launchURL: Self.launch(String(repeating: "a", count: 129)))
        }
        #expect(throws: HandOffAddressError.capabilityMalformed) {
            try HandOffAddress(launchURL: Self.launch(String(repeating: "a", count: 31) + "."))
        }
    }

    @Test func anythingElseIsRefusedWithoutEchoingTheAddress() {
        let cases: [(String, HandOffAddressError)] = [
            ("http://browser.example/authentication/\(Self.id)/handoff#capability=\(Self.capability)", .notHTTPS),
            ("https://u:p@browser.example/authentication/\(Self.id)/handoff#capability=\(Self.capability)", .userInfo),
            ("https://browser.example/authentication/\(Self.id)/handoff?x=1#capability=\(Self.capability)", .query),
            ("https://browser.example/authentication/\(Self.id)/remote#capability=\(Self.capability)", .path),
            ("https://browser.example/authentication/not-a-uuid/handoff#capability=\(Self.capability)", .path),
            ("https://browser.example/x/authentication/\(Self.id)/handoff#capability=\(Self.capability)", .path),
            ("https://browser.example/authentication/\(Self.id)/handoff", .capabilityMissing),
            ("https://browser.example/authentication/\(Self.id)/handoff#token=\(Self.capability)", .capabilityMissing),
            ("not an address", .malformed),
            ("http://127.0.0.1:9/authentication/\(Self.id)/handoff#capability=\(Self.capability)", .notHTTPS),
        ]
        for (text, expected) in cases {
            #expect(throws: expected, "\(text)") { try HandOffAddress(launchURL: text) }
            #expect(!expected.description.contains(Self.capability))
        }
    }

    @Test func onlyTheTestSwitchAcceptsTheLoopbackReferenceServer() throws {
        let text = Self.launch(host: "http://127.0.0.1:8123")
        let address = try HandOffAddress(launchURL: text, allowingLoopbackHTTP: true)
        #expect(address.endpoint.port == 8123)
        #expect(throws: HandOffAddressError.notHTTPS) {
            try HandOffAddress(launchURL: Self.launch(host: "http://localhost:8123"), allowingLoopbackHTTP: true)
        }
    }

    @Test(arguments: [
        (200, #"{"status":"ready"}"#, HandOffAnswer.sealed),
        (401, "", .capabilityRefused),
        (413, "", .tooLarge),
        (400, #"{"error":{"code":"invalid_request"}}"#, .malformed),
        (422, #"{"error":{"code":"session_empty"}}"#, .sessionEmpty),
        (422, #"{"error":{"code":"session_signed_out"}}"#, .sessionSignedOut),
        (422, #"{"error":{"code":"session_unconfirmed"}}"#, .sessionUnconfirmed),
        (422, #"{"error":{"code":"session_new"}}"#, .unexpected(status: 422, code: "session_new")),
        (409, #"{"error":{"code":"tool.browser.provider_unavailable"}}"#, .providerUnavailable),
        (409, #"{"error":{"code":"tool.browser.profile_unavailable"}}"#, .profileUnavailable),
        (200, #"{"status":"pending"}"#, .unexpected(status: 200, code: nil)),
        (502, "", .unexpected(status: 502, code: nil)),
    ])
    func everyAnswerOfTheTableHasItsMeaning(status: Int, body: String, expected: HandOffAnswer) {
        let answer = HandOffAnswer(HTTPResponse(status: status, headers: [:], body: Data(body.utf8)))
        #expect(answer == expected)
        #expect(answer.offersRemote == [.tooLarge, .sessionEmpty, .sessionSignedOut, .sessionUnconfirmed].contains(expected))
    }

    // MARK: The flow

    static let profile = BrowserProfile(id: "bp1", allowedOrigins: ["https://www.example.com"], status: .authenticationRequired)

    static func flow(_ server: ScriptedServer, handOff: @escaping OutsideSender.Send) -> DeviceSignIn {
        DeviceSignIn(driver: CeremonyDriver(api: WebsiteAccessAPI(sender: server.sender)), outside: OutsideSender(send: handOff))
    }

    static func deviceServer(launch: String = launch(), after: String) -> ScriptedServer {
        let server = ScriptedServer()
        var begun = Scripted.ceremonyObject(id)
        begun["launch_url"] = launch
        server.on("POST", "/v1/browser-profiles/bp1/authentication-ceremonies", .json(begun, status: 201))
        server.on("GET", "/v1/browser-authentication-ceremonies/\(id)", Scripted.ceremony(id, after))
        server.on("POST", "/v1/browser-authentication-ceremonies/\(id)/cancel", Scripted.ceremony(id, "cancelled"))
        return server
    }

    static let canary = "CANARY-9d1e-secret"
    static let signedIn = BrowserCapture(
        confirmedURL: "https://www.example.com/learn#x",
        cookies: [CapturedCookie(name: "sid", value: canary, domain: ".example.com", secure: true),
                  CapturedCookie(name: "ad", value: "1", domain: ".ads.example.net")],
        storage: [CapturedStorage(origin: "https://www.example.com", items: [.init(name: "token", value: canary)])])

    @Test func aConfirmedSignInIsHandedOverOnceThenTheStatusDecides() async throws {
        let server = Self.deviceServer(after: "ready")
        let posted = Box<(URL, HTTPRequest)>()
        let window = FakeWindow(Self.signedIn)
        let outcome = try await Self.flow(server) { url, request in
            await posted.add((url, request))
            return .json(["status": "ready"])
        }.signIn(profile: Self.profile, loginURL: "https://www.example.com/login", browser: FakeBrowser(window)) { .signedIn }

        #expect(outcome.isReady)
        #expect(await window.closed)
        let begin = try #require(server.requests("POST", "/v1/browser-profiles/bp1/authentication-ceremonies").first)
        #expect(begin.jsonObject?["mode"] as? String == "device")
        #expect(begin.jsonObject?["login_url"] as? String == "https://www.example.com/")
        let sent = await posted.values
        #expect(sent.count == 1)
        let (url, request) = try #require(sent.first)
        #expect(url.absoluteString == "https://browser.example/authentication/\(Self.id)/handoff")
        #expect(request.header("X-Browser-Ceremony-Capability") == Self.capability)
        #expect(request.header("Authorization") == nil)
        let object = try #require(try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any])
        #expect(object["confirmed_url"] as? String == "https://www.example.com/learn")
        #expect((object["cookies"] as? [Any])?.count == 1)
        if case .answered(_, _, let leftOut) = outcome { #expect(leftOut.foreignCookies == 1) }
        #expect(!"\(outcome)".contains(Self.canary))
        #expect(!String(reflecting: outcome).contains(Self.canary))
    }

    @Test func aRefusedHandOffOffersTheRemoteCeremonyAndTheStatusIsRead() async throws {
        let server = Self.deviceServer(after: "cancelled")
        let outcome = try await Self.flow(server) { _, _ in
            .json(["error": ["code": "session_signed_out"]], status: 422)
        }.handOff(profile: Self.profile, window: FakeWindow(Self.signedIn))
        #expect(outcome == .answered(.sessionSignedOut, ceremony: Ceremony(id: Self.id, profileID: "bp1", status: .cancelled,
                                                                            expiresAt: outcome.ceremony?.expiresAt),
                                     leftOut: { var l = HandOffLeftOut(); l.foreignCookies = 1; return l }()))
        #expect(outcome.offersRemote)
        #expect(!outcome.isReady)
    }

    @Test func noAnswerIsNeverRetriedAndTheStatusDecides() async throws {
        let server = Self.deviceServer(after: "ready")
        let tries = Box<Int>()
        let outcome = try await Self.flow(server) { _, _ in
            await tries.add(1)
            throw TransportError(.timedOut, "no answer")
        }.handOff(profile: Self.profile, window: FakeWindow(Self.signedIn))
        #expect(await tries.values.count == 1)
        #expect(outcome.isReady)
        #expect(server.requests("GET", "/v1/browser-authentication-ceremonies/\(Self.id)").count == 1)
    }

    @Test func anEmptyWindowSendsNothingAndBeginsNoCeremony() async throws {
        let server = ScriptedServer()
        let window = FakeWindow(BrowserCapture(confirmedURL: "https://www.example.com/", cookies: [], storage: []))
        let outcome = try await Self.flow(server) { _, _ in Issue.record("sent"); return .empty() }
            .handOff(profile: Self.profile, window: window)
        #expect(outcome == .notSent(.empty))
        #expect(outcome.offersRemote)
        #expect(server.requests.isEmpty)
        #expect(await window.closed)
    }

    @Test func cancellingWipesTheWindowAndSendsNothing() async throws {
        let server = ScriptedServer()
        let window = FakeWindow(Self.signedIn)
        let outcome = try await Self.flow(server) { _, _ in Issue.record("sent"); return .empty() }
            .signIn(profile: Self.profile, loginURL: "https://www.example.com/", browser: FakeBrowser(window)) { .cancel }
        #expect(outcome == .cancelledByOwner)
        #expect(await window.closed)
        #expect(server.requests.isEmpty)
    }

    @Test func aBadLaunchAddressCancelsTheCeremonyAndSendsNothing() async throws {
        let server = Self.deviceServer(launch: "https://browser.example/authentication/\(Self.id)/handoff#capability=short",
                                       after: "cancelled")
        await #expect(throws: HandOffAddressError.capabilityMalformed) {
            try await Self.flow(server) { _, _ in Issue.record("sent"); return .empty() }
                .handOff(profile: Self.profile, window: FakeWindow(Self.signedIn))
        }
        #expect(server.requests("POST", "/v1/browser-authentication-ceremonies/\(Self.id)/cancel").count == 1)
    }

    @Test func aFailedReadStillWipesTheWindow() async throws {
        let window = FakeWindow(nil)
        await #expect(throws: FakeWindow.Failure.self) {
            try await Self.flow(ScriptedServer()) { _, _ in .empty() }.handOff(profile: Self.profile, window: window)
        }
        #expect(await window.closed)
    }
}

actor Box<Value: Sendable> {
    var values: [Value] = []
    func add(_ value: Value) { values.append(value) }
}

actor FakeWindow: SignInWindow {
    struct Failure: Error {}
    let captured: BrowserCapture?
    var closed = false

    init(_ captured: BrowserCapture?) { self.captured = captured }

    func capture() async throws -> BrowserCapture {
        guard let captured else { throw Failure() }
        return captured
    }

    func close() async { closed = true }
}

struct FakeBrowser: SignInBrowser {
    let window: FakeWindow
    init(_ window: FakeWindow) { self.window = window }
    func open(loginURL: String, allowedOrigins: [String]) async throws -> any SignInWindow { window }
}
