import Testing
import VeetWebsiteAccess

/// What the person types in the website field, and what is sent or refused.
struct AddressCase: Sendable, CustomTestStringConvertible {
    var typed: String
    var origin: String?
    var loginURL: String?
    var refusal: OriginRefusal?
    var testDescription: String { typed }
}

let addressCases: [AddressCase] = [
    .init(typed: "https://www.example.com", origin: "https://www.example.com", loginURL: "https://www.example.com/"),
    .init(typed: "www.example.com/login?next=%2Flearn", origin: "https://www.example.com",
          loginURL: "https://www.example.com/login?next=%2Flearn"),
    .init(typed: "HTTPS://WWW.Example.COM:443/Login#top", origin: "https://www.example.com",
          loginURL: "https://www.example.com/Login#top"),
    .init(typed: "https://example.com./", origin: "https://example.com", loginURL: "https://example.com/"),
    .init(typed: "  accounts.example.org  ", origin: "https://accounts.example.org", loginURL: "https://accounts.example.org/"),
    .init(typed: "", refusal: .empty),
    .init(typed: "http://www.example.com", refusal: .notHTTPS(scheme: "http")),
    .init(typed: "ftp://example.com", refusal: .notHTTPS(scheme: "ftp")),
    .init(typed: "https://user:pw@example.com", refusal: .credentials),
    .init(typed: "https://example.com:8443/", refusal: .port(8443)),
    .init(typed: "https://192.168.1.10", refusal: .ipLiteral),
    .init(typed: "https://8.8.8.8/login", refusal: .ipLiteral),
    .init(typed: "https://127.1", refusal: .ipLiteral),
    .init(typed: "https://[::1]/", refusal: .ipLiteral),
    .init(typed: "localhost", refusal: .loopback),
    .init(typed: "https://app.localhost", refusal: .loopback),
    .init(typed: "https://intranet", refusal: .singleLabel),
    .init(typed: "https://printer.local", refusal: .privateHost),
    .init(typed: "https://nas.home.arpa", refusal: .privateHost),
    .init(typed: "https://bücher.example.org/anmelden", origin: "https://xn--bcher-kva.example.org",
          loginURL: "https://xn--bcher-kva.example.org/anmelden"),
    .init(typed: "bücher.example.org/straße?q=ä#für", origin: "https://xn--bcher-kva.example.org",
          loginURL: "https://xn--bcher-kva.example.org/stra%C3%9Fe?q=%C3%A4#f%C3%BCr"),
    .init(typed: "BÜCHER.Example.org", origin: "https://xn--bcher-kva.example.org",
          loginURL: "https://xn--bcher-kva.example.org/"),
    .init(typed: "https://xn--bcher-kva.example.org", origin: "https://xn--bcher-kva.example.org",
          loginURL: "https://xn--bcher-kva.example.org/"),
    .init(typed: "https://例え.テスト", origin: "https://xn--r8jz45g.xn--zckzah", loginURL: "https://xn--r8jz45g.xn--zckzah/"),
    .init(typed: "https://ｗｗｗ．example。com", origin: "https://www.example.com", loginURL: "https://www.example.com/"),
    .init(typed: "https://１２７.０.０.１", refusal: .ipLiteral),
    .init(typed: "https://bücher.local", refusal: .privateHost),
    .init(typed: "https://xn--bücher.example.org", refusal: .internationalLabel("xn--bücher", .mixed)),
    .init(typed: "https://xn--bcher-kv.example.org", refusal: .internationalLabel("xn--bcher-kv", .badPunycode)),
    .init(typed: "https://xn--abc.example.org", refusal: .internationalLabel("xn--abc", .badPunycode)),
    .init(typed: "https://bü☃cher.example.org", refusal: .internationalLabel("bü☃cher", .character("☃"))),
    .init(typed: "https://-bücher.example.org", refusal: .internationalLabel("-bücher", .hyphen)),
    .init(typed: "https://www.\u{301}bucher.example.org", refusal: .internationalLabel("\u{301}bucher", .leadingMark)),
    .init(typed: "https://exa mple.com", refusal: .malformed),
    .init(typed: "https://-bad-.example.com", refusal: .malformed),
]

@Test(arguments: addressCases)
func typedAddress(_ entry: AddressCase) {
    do {
        let address = try WebsiteAddress(typed: entry.typed)
        #expect(entry.refusal == nil, "accepted but should be refused: \(entry.refusal.map(String.init(describing:)) ?? "")")
        #expect(address.origin.rawValue == entry.origin)
        #expect(address.loginURL == entry.loginURL)
    } catch {
        #expect(error == entry.refusal)
    }
}

struct OriginCase: Sendable, CustomTestStringConvertible {
    var typed: String
    var normalized: String?
    var refusal: OriginRefusal?
    var testDescription: String { typed }
}

let originCases: [OriginCase] = [
    .init(typed: "https://accounts.example.com", normalized: "https://accounts.example.com"),
    .init(typed: "https://Accounts.Example.com:443/", normalized: "https://accounts.example.com"),
    .init(typed: "accounts.example.com", refusal: .missingScheme),
    .init(typed: "https://example.com/login", refusal: .path),
    .init(typed: "https://example.com?x=1", refusal: .query),
    .init(typed: "https://example.com#x", refusal: .fragment),
    .init(typed: "https://example.com:8443", refusal: .port(8443)),
    .init(typed: "http://example.com", refusal: .notHTTPS(scheme: "http")),
    .init(typed: "https://10.0.0.1", refusal: .ipLiteral),
]

@Test(arguments: originCases)
func exactOrigin(_ entry: OriginCase) {
    do {
        let origin = try WebsiteOrigin(validating: entry.typed)
        #expect(entry.refusal == nil)
        #expect(origin.rawValue == entry.normalized)
    } catch {
        #expect(error == entry.refusal)
    }
}

@Test func bareHostAndWWWAreDifferentOrigins() throws {
    let bare = try WebsiteOrigin(validating: "https://example.com")
    let www = try WebsiteOrigin(validating: "https://www.example.com")
    #expect(bare != www)
    let list = try OriginList.make(primary: www, additional: ["https://example.com"])
    #expect(list.map(\.rawValue) == ["https://www.example.com", "https://example.com"])
}

@Test func duplicatesAfterNormalisationAreRefused() throws {
    let primary = try WebsiteOrigin(validating: "https://www.example.com")
    #expect(throws: OriginRefusal.duplicate("https://www.example.com")) {
        try OriginList.make(primary: primary, additional: ["https://WWW.example.com:443"])
    }
}

@Test func tooManyOriginsAreRefused() throws {
    let primary = try WebsiteOrigin(validating: "https://www.example.com")
    let extras = (1...64).map { "https://s\($0).example.com" }
    #expect(throws: OriginRefusal.tooMany(65)) { try OriginList.make(primary: primary, additional: extras) }
}

@Test func everyRefusalHasItsOwnSentence() {
    let refusals: [OriginRefusal] = [.empty, .malformed, .notHTTPS(scheme: "http"), .missingScheme, .credentials, .path,
                                     .query, .fragment, .port(8443), .ipLiteral, .loopback, .privateHost, .singleLabel,
                                     .internationalLabel("x", .mixed), .tooLong, .duplicate("x"), .tooMany(65)]
    #expect(Set(refusals.map(\.description)).count == refusals.count)
}
