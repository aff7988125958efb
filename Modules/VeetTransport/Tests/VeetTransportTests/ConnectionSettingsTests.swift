import Foundation
import Testing
@testable import VeetTransport

/// One typed address and what must come of it.
struct AddressCase: CustomTestStringConvertible, Sendable {
    enum Outcome: Sendable {
        case accepted(url: String, loopback: Bool)
        case refused(ConnectionSettingsError)
    }

    let typed: String
    let outcome: Outcome

    var testDescription: String { typed }

    static func ok(_ typed: String, _ url: String, loopback: Bool = false) -> AddressCase {
        AddressCase(typed: typed, outcome: .accepted(url: url, loopback: loopback))
    }

    static func no(_ typed: String, _ reason: ConnectionSettingsError) -> AddressCase {
        AddressCase(typed: typed, outcome: .refused(reason))
    }
}

let addressTable: [AddressCase] = [
    // Accepted.
    .ok("https://example.com", "https://example.com"),
    .ok("https://example.com/", "https://example.com"),
    .ok("https://example.com/veet", "https://example.com/veet"),
    .ok("https://example.com/veet/api///", "https://example.com/veet/api"),
    .ok("HTTPS://Example.COM:8443/Veet", "https://example.com:8443/Veet"),
    .ok("https://example.com:443", "https://example.com"),
    .ok("  https://example.com\n", "https://example.com"),
    .ok("https://my-server.example.co.uk", "https://my-server.example.co.uk"),
    .ok("https://127.0.0.1.evil.com", "https://127.0.0.1.evil.com"),
    .ok("https://xn--bcher-kva.example", "https://xn--bcher-kva.example"),
    .ok("https://192.0.2.10:9443", "https://192.0.2.10:9443"),
    .ok("https://[2001:db8::1]/p", "https://[2001:db8::1]/p"),
    .ok("https://[2001:DB8:0:0:0:0:0:1]", "https://[2001:db8::1]"),
    .ok("https://localhost", "https://localhost", loopback: true),
    .ok("http://localhost:8080", "http://localhost:8080", loopback: true),
    .ok("http://LOCALHOST:8080/", "http://localhost:8080", loopback: true),
    .ok("http://127.0.0.1:8000", "http://127.0.0.1:8000", loopback: true),
    .ok("http://127.0.0.2", "http://127.0.0.2", loopback: true),
    .ok("http://127.255.255.254:80", "http://127.255.255.254", loopback: true),
    .ok("http://[::1]:9000/prefix/", "http://[::1]:9000/prefix", loopback: true),
    .ok("http://[0:0:0:0:0:0:0:1]", "http://[::1]", loopback: true),
    .ok("https://example.com/a%20b", "https://example.com/a%20b"),

    // Refused.
    .no("", .empty),
    .no("   ", .empty),
    .no("example.com", .missingScheme),
    .no("localhost:8080", .missingScheme),
    .no("https:example.com", .missingScheme),
    .no("ftp://host", .unsupportedScheme("ftp")),
    .no("file:///etc/passwd", .unsupportedScheme("file")),
    .no("javascript:alert(1)", .unsupportedScheme("javascript")),
    .no("wss://host", .unsupportedScheme("wss")),
    .no("http://example.com", .plainHTTPRequiresLoopback(host: "example.com")),
    .no("http://127.0.0.1.evil.com", .plainHTTPRequiresLoopback(host: "127.0.0.1.evil.com")),
    .no("http://localhost.evil.com", .plainHTTPRequiresLoopback(host: "localhost.evil.com")),
    .no("http://128.0.0.1", .plainHTTPRequiresLoopback(host: "128.0.0.1")),
    .no("http://[::2]", .plainHTTPRequiresLoopback(host: "[::2]")),
    .no("http://[::ffff:127.0.0.1]", .plainHTTPRequiresLoopback(host: "[::ffff:127.0.0.1]")),
    .no("https://user@host", .userInfoNotAllowed),
    .no("https://user:pw@host", .userInfoNotAllowed),
    .no("https://evil.com%2f@good.com", .userInfoNotAllowed),
    .no("https://good.com@evil.com", .userInfoNotAllowed),
    .no("https://host?x=1", .queryNotAllowed),
    .no("https://host/p?", .queryNotAllowed),
    .no("https://host#f", .fragmentNotAllowed),
    .no("https://", .emptyHost),
    .no("https:///path", .emptyHost),
    .no("https://:443", .emptyHost),
    .no("https://exa mple.com", .containsWhitespace),
    .no("https://example.com/a\tb", .containsWhitespace),
    .no("https://[fe80::1%25eth0]", .percentInAuthority),
    .no("https://exa%6dple.com", .percentInAuthority),
    .no("https://host:0", .invalidPort("0")),
    .no("https://host:99999", .invalidPort("99999")),
    .no("https://host:65536", .invalidPort("65536")),
    .no("https://host:http", .invalidPort("http")),
    .no("https://host:", .invalidPort("")),
    .no("https://host:-1", .invalidPort("-1")),
    .no("https://ex_ample.com", .malformedHost("ex_ample.com")),
    .no("https://-example.com", .malformedHost("-example.com")),
    .no("https://example-.com", .malformedHost("example-.com")),
    .no("https://example..com", .malformedHost("example..com")),
    .no("https://example.com.", .malformedHost("example.com.")),
    .no("https://bücher.example", .malformedHost("bücher.example")),
    .no("https://good.com\\@evil.com", .userInfoNotAllowed),
    .no("https://good.com\\evil.com", .malformedHost("good.com\\evil.com")),
    .no("https://127.1", .malformedIPv4("127.1")),
    .no("http://0x7f.0.0.1", .malformedIPv4("0x7f.0.0.1")),
    .no("https://1.2.3.4.5", .malformedIPv4("1.2.3.4.5")),
    .no("https://256.1.1.1", .malformedIPv4("256.1.1.1")),
    .no("http://0177.0.0.1", .malformedIPv4("0177.0.0.1")),
    .no("http://2130706433", .malformedIPv4("2130706433")),
    .no("https://host.123", .malformedIPv4("host.123")),
    .no("https://::1", .malformedIPv6("::1")),
    .no("https://[::1", .malformedIPv6("[::1")),
    .no("https://[::g]", .malformedIPv6("::g")),
    .no("https://[::1]x", .malformedIPv6("[::1]x")),
    .no("https://host/a/../b", .malformedPath("/a/../b")),
    .no("https://host/a/./b", .malformedPath("/a/./b")),
    .no("https://host/a//b", .malformedPath("/a//b")),
    .no("https://host/a%2fb", .malformedPath("/a%2fb")),
    .no("https://host/a%zz", .malformedPath("/a%zz")),
    .no("https://host/a<b>", .malformedPath("/a<b>")),
]

@Suite struct ConnectionSettingsTests {
    @Test(arguments: addressTable)
    func addressRule(_ row: AddressCase) {
        switch row.outcome {
        case .accepted(let url, let loopback):
            do {
                let server = try ServerURL(validating: row.typed)
                #expect(server.url.absoluteString == url)
                #expect(server.isLoopback == loopback)
            } catch {
                Issue.record("refused \(row.typed): \(error)")
            }
        case .refused(let reason):
            #expect(throws: reason) { try ServerURL(validating: row.typed) }
        }
    }

    @Test func tableIsLargeAndCoversBothOutcomes() {
        let refused = addressTable.filter { if case .refused = $0.outcome { true } else { false } }
        #expect(addressTable.count >= 30)
        #expect(refused.count >= 15 && refused.count < addressTable.count - 15)
    }

    @Test func everyRefusalHasAOneLineMessage() {
        let reasons: [ConnectionSettingsError] = [
            .empty, .containsWhitespace, .missingScheme, .unsupportedScheme("ftp"),
            .plainHTTPRequiresLoopback(host: "example.com"), .userInfoNotAllowed, .queryNotAllowed,
            .fragmentNotAllowed, .emptyHost, .percentInAuthority, .malformedHost("a_b"), .malformedIPv4("1.2"),
            .malformedIPv6("::g"), .invalidPort("0"), .malformedPath("/.."), .emptyToken, .malformedToken,
        ]
        for reason in reasons {
            #expect(!reason.description.isEmpty)
            #expect(!reason.description.contains("\n"))
        }
        #expect(Set(reasons.map(\.description)).count == reasons.count)
        #expect(ConnectionSettingsError.plainHTTPRequiresLoopback(host: "example.com").description.hasPrefix(
            "Plain http:// is only allowed for loopback servers (127.0.0.1, ::1, localhost)"))
    }

    @Test func routeURLsAppendToThePrefix() throws {
        let server = try ServerURL(validating: "http://[::1]:9000/prefix/")
        #expect(server.url(for: "/v1/sessions").absoluteString == "http://[::1]:9000/prefix/v1/sessions")
        #expect(server.url(for: "v1/runs/abc/events").absoluteString == "http://[::1]:9000/prefix/v1/runs/abc/events")
        let cursor = "eyJrIjoi+/=="
        let paged = server.url(for: "/v1/sessions", query: [
            URLQueryItem(name: "limit", value: "50"), URLQueryItem(name: "cursor", value: cursor),
        ])
        #expect(paged.absoluteString == "http://[::1]:9000/prefix/v1/sessions?limit=50&cursor=eyJrIjoi%2B%2F%3D%3D")
        let components = try #require(URLComponents(url: paged, resolvingAgainstBaseURL: false))
        #expect(components.queryItems?.last?.value == cursor)
    }

    @Test func anIDCannotInjectAQueryOrFragment() throws {
        let server = try ServerURL(validating: "https://example.com")
        let url = server.url(for: "/v1/sessions/x?admin=1#y")
        #expect(url.absoluteString == "https://example.com/v1/sessions/x%3Fadmin=1%23y")
        #expect(url.query == nil)
        #expect(url.fragment == nil)
    }

    @Test func serverURLRoundTripsThroughCodable() throws {
        let server = try ServerURL(validating: "https://Example.com:8443/veet/")
        let data = try JSONEncoder().encode(server)
        #expect(String(decoding: data, as: UTF8.self) == #""https:\/\/example.com:8443\/veet""#)
        #expect(try JSONDecoder().decode(ServerURL.self, from: data) == server)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ServerURL.self, from: Data(#""http://example.com""#.utf8))
        }
    }

    @Test func settingsNeverShowTheToken() throws {
        let token = "tok_8f3c2a1b9d"
        let settings = try ConnectionSettings(serverAddress: "https://example.com", token: token)
        #expect(settings.token == token)
        let renderings = [
            settings.description, settings.debugDescription, String(describing: settings),
            String(reflecting: settings), "\(settings)", { var out = ""; dump(settings, to: &out); return out }(),
        ]
        for text in renderings {
            #expect(!text.contains(token))
            #expect(text.contains("https://example.com"))
        }
    }

    @Test func tokenIsTrimmedAndChecked() throws {
        let server = try ServerURL(validating: "https://example.com")
        #expect(try ConnectionSettings(serverURL: server, token: "  abc.def\n").token == "abc.def")
        #expect(throws: ConnectionSettingsError.emptyToken) { try ConnectionSettings(serverURL: server, token: " \n") }
        #expect(throws: ConnectionSettingsError.malformedToken) {
            try ConnectionSettings(serverURL: server, token: "abc\r\nX-Evil: 1")
        }
        #expect(throws: ConnectionSettingsError.malformedToken) { try ConnectionSettings(serverURL: server, token: "a b") }
    }
}
