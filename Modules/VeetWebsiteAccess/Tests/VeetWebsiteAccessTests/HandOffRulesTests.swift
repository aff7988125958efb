import Foundation
import Testing
@testable import VeetWebsiteAccess

/// Every rule of the hand-off table, each just inside and just outside its limit.
@Suite struct HandOffRulesTests {
    static let origins = ["https://www.example.com", "https://accounts.example.com"]

    static func cookie(_ name: String = "sid", _ value: String = "v", domain: String = ".example.com",
                       path: String = "/", expires: Double = -1, secure: Bool = true,
                       sameSite: String? = "Lax") -> CapturedCookie {
        CapturedCookie(name: name, value: value, domain: domain, path: path, expires: expires, httpOnly: true,
                       secure: secure, sameSite: sameSite)
    }

    static func capture(_ cookies: [CapturedCookie], storage: [CapturedStorage] = [],
                        url: String = "https://www.example.com/learn") -> BrowserCapture {
        BrowserCapture(confirmedURL: url, cookies: cookies, storage: storage)
    }

    static func body(_ cookies: [CapturedCookie], storage: [CapturedStorage] = [],
                     url: String = "https://www.example.com/learn") throws -> HandOffBody {
        try HandOffBody.make(from: capture(cookies, storage: storage, url: url), allowedOrigins: origins)
    }

    @Test func cookieNameIsOneTo256PrintableNonSeparators() {
        #expect(HandOffRules.isValidCookieName("a"))
        #expect(!HandOffRules.isValidCookieName(""))
        #expect(HandOffRules.isValidCookieName(String(repeating: "n", count: 256)))
        #expect(!HandOffRules.isValidCookieName(String(repeating: "n", count: 257)))
        #expect(HandOffRules.isValidCookieName("!#$%&'*+-.^_`|~09AZaz"))
        for bad in ["a b", "a=b", "a;b", "a,b", "a\"b", "a\tb", "a\u{7F}", "é", "a(b", "a/b", "a@b", "a{b"] {
            #expect(!HandOffRules.isValidCookieName(bad), "\(bad.debugDescription)")
        }
    }

    @Test func cookieValueHasNoControlsOrSemicolon() {
        #expect(HandOffRules.isValidCookieValue(""))
        #expect(HandOffRules.isValidCookieValue("a b=c,\"é\" ~"))
        #expect(!HandOffRules.isValidCookieValue("a;b"))
        #expect(!HandOffRules.isValidCookieValue("a\u{1F}b"))
        #expect(!HandOffRules.isValidCookieValue("a\u{7F}"))
        #expect(!HandOffRules.isValidCookieValue("a\nb"))
    }

    @Test func nameAndValueTogetherAtMost4096Bytes() {
        #expect(HandOffRules.fitsCookieSize(name: "n", value: String(repeating: "v", count: 4095)))
        #expect(!HandOffRules.fitsCookieSize(name: "n", value: String(repeating: "v", count: 4096)))
        // Bytes, not characters: 2048 two-byte characters are 4096 bytes.
        #expect(!HandOffRules.fitsCookieSize(name: "n", value: String(repeating: "é", count: 2048)))
    }

    @Test func domainIsLowercaseLDHWithAtMostOneLeadingDot() {
        #expect(HandOffRules.isLDHDomain("www.example.com"))
        #expect(HandOffRules.isLDHDomain(".example.com"))
        #expect(HandOffRules.isLDHDomain("a-1.example.com"))
        #expect(!HandOffRules.isLDHDomain("..example.com"))
        #expect(!HandOffRules.isLDHDomain("Example.com"))
        #expect(!HandOffRules.isLDHDomain("ex_ample.com"))
        #expect(!HandOffRules.isLDHDomain("-a.example.com"))
        #expect(!HandOffRules.isLDHDomain("example.com."))
        #expect(!HandOffRules.isLDHDomain("."))
        #expect(HandOffRules.isLDHDomain(String(repeating: "a", count: 63) + ".com"))
        #expect(!HandOffRules.isLDHDomain(String(repeating: "a", count: 64) + ".com"))
    }

    @Test func domainIsAnAllowedHostOrAParentAndNeverABarePublicSuffix() {
        let hosts = ["www.example.com", "accounts.example.co.uk"]
        #expect(HandOffRules.isInScope(domain: "www.example.com", hosts: hosts))
        #expect(HandOffRules.isInScope(domain: ".example.com", hosts: hosts))
        #expect(!HandOffRules.isInScope(domain: ".com", hosts: hosts))
        #expect(!HandOffRules.isInScope(domain: "other.example.com", hosts: hosts))
        #expect(!HandOffRules.isInScope(domain: "xample.com", hosts: hosts))
        #expect(!HandOffRules.isInScope(domain: "ads.tracker.example", hosts: hosts))
        #expect(HandOffRules.isInScope(domain: ".example.co.uk", hosts: hosts))
        #expect(!HandOffRules.isInScope(domain: ".co.uk", hosts: hosts))
    }

    @Test func pathStartsWithASlash() {
        #expect(HandOffRules.isValidPath("/"))
        #expect(HandOffRules.isValidPath("/learn"))
        #expect(!HandOffRules.isValidPath(""))
        #expect(!HandOffRules.isValidPath("learn"))
    }

    @Test func expiresIsMinusOneOrUnixSeconds() {
        #expect(HandOffRules.isValidExpiry(-1))
        #expect(HandOffRules.isValidExpiry(0))
        #expect(HandOffRules.isValidExpiry(1_790_000_000.5))
        #expect(!HandOffRules.isValidExpiry(-0.5))
        #expect(!HandOffRules.isValidExpiry(-2))
        #expect(!HandOffRules.isValidExpiry(.infinity))
        #expect(!HandOffRules.isValidExpiry(.nan))
    }

    @Test func sameSiteIsStrictLaxOrNoneWithSecureAndUnsetIsLax() {
        #expect(HandOffRules.sameSite(nil, secure: false) == "Lax")
        #expect(HandOffRules.sameSite("Strict", secure: false) == "Strict")
        #expect(HandOffRules.sameSite("Lax", secure: false) == "Lax")
        #expect(HandOffRules.sameSite("None", secure: true) == "None")
        #expect(HandOffRules.sameSite("None", secure: false) == nil)
        #expect(HandOffRules.sameSite("lax", secure: true) == nil)
    }

    @Test func hostAndSecurePrefixRules() {
        #expect(HandOffRules.meetsPrefixRules(name: "__Host-id", secure: true, path: "/", domain: "www.example.com"))
        #expect(!HandOffRules.meetsPrefixRules(name: "__Host-id", secure: false, path: "/", domain: "www.example.com"))
        #expect(!HandOffRules.meetsPrefixRules(name: "__Host-id", secure: true, path: "/a", domain: "www.example.com"))
        #expect(!HandOffRules.meetsPrefixRules(name: "__Host-id", secure: true, path: "/", domain: ".example.com"))
        #expect(HandOffRules.meetsPrefixRules(name: "__Secure-id", secure: true, path: "/a", domain: ".example.com"))
        #expect(!HandOffRules.meetsPrefixRules(name: "__Secure-id", secure: false, path: "/", domain: ".example.com"))
        #expect(HandOffRules.meetsPrefixRules(name: "plain", secure: false, path: "/a", domain: ".example.com"))
    }

    @Test func atMost300Cookies() throws {
        let cookies = (0..<300).map { Self.cookie("c\($0)") }
        #expect(try Self.body(cookies).cookies.count == 300)
        #expect(throws: HandOffRefusal.tooManyCookies(301)) { try Self.body(cookies + [Self.cookie("c300")]) }
    }

    @Test func cookiesAreUniqueByNameDomainAndPath() throws {
        let body = try Self.body([Self.cookie(), Self.cookie(), Self.cookie(path: "/a"), Self.cookie(domain: "www.example.com")])
        #expect(body.cookies.count == 3)
        #expect(body.leftOut.refusedCookies == 1)
    }

    @Test func foreignAndBrokenCookiesAreLeftOutAndCounted() throws {
        let body = try Self.body([Self.cookie(), Self.cookie(domain: ".tracker.example"), Self.cookie("bad name"),
                                  Self.cookie(sameSite: "None").withSecure(false)])
        #expect(body.cookies.map(\.name) == ["sid"])
        #expect(body.leftOut.foreignCookies == 1)
        #expect(body.leftOut.refusedCookies == 2)
    }

    @Test func confirmedURLIsOnAnAllowedOriginAtMost4096WithoutFragment() throws {
        let base = "https://www.example.com/"
        let longest = base + String(repeating: "a", count: 4096 - base.count)
        #expect(try Self.body([Self.cookie()], url: longest).confirmedURL.count == 4096)
        #expect(throws: HandOffRefusal.pageOutsideProfile) { try Self.body([Self.cookie()], url: longest + "a") }
        #expect(throws: HandOffRefusal.pageOutsideProfile) { try Self.body([Self.cookie()], url: "https://example.com/") }
        #expect(throws: HandOffRefusal.pageOutsideProfile) { try Self.body([Self.cookie()], url: "http://www.example.com/") }
        let cut = try Self.body([Self.cookie()], url: "https://www.example.com:443/learn#top")
        #expect(cut.confirmedURL == "https://www.example.com:443/learn")
        #expect(cut.loginURL == "https://www.example.com/")
    }

    @Test func originsAreAllowedUniqueAndAtMost64() throws {
        let item = CapturedStorage.Item(name: "token", value: "t")
        let body = try Self.body([], storage: [
            CapturedStorage(origin: "https://www.example.com", items: [item]),
            CapturedStorage(origin: "https://www.example.com", items: [item]),
            CapturedStorage(origin: "https://ads.example.net", items: [item]),
        ])
        #expect(body.storage.map(\.origin) == ["https://www.example.com"])
        #expect(body.leftOut.foreignOrigins == 2)
        let many = (0..<65).map { "https://h\($0).example.com" }
        let storage = many.map { CapturedStorage(origin: $0, items: [item]) }
        let capture = Self.capture([], storage: storage, url: "https://h0.example.com/")
        #expect(throws: HandOffRefusal.tooManyOrigins(65)) {
            try HandOffBody.make(from: capture, allowedOrigins: many)
        }
        let fits = Self.capture([], storage: Array(storage.prefix(64)), url: "https://h0.example.com/")
        #expect(try HandOffBody.make(from: fits, allowedOrigins: many).storage.count == 64)
    }

    @Test func atMost2000StorageItemsWithNamesUpTo1024Unique() throws {
        let items = (0..<2000).map { CapturedStorage.Item(name: "k\($0)", value: "v") }
        let origin = "https://www.example.com"
        #expect(try Self.body([], storage: [CapturedStorage(origin: origin, items: items)]).storage[0].items.count == 2000)
        let over = items + [CapturedStorage.Item(name: "k2000", value: "v")]
        #expect(throws: HandOffRefusal.tooManyStorageItems(2001)) {
            try Self.body([], storage: [CapturedStorage(origin: origin, items: over)])
        }
        let names = [String(repeating: "n", count: 1024), String(repeating: "m", count: 1025), "a", "a"]
        let body = try Self.body([], storage: [CapturedStorage(origin: origin, items: names.map { .init(name: $0, value: "v") })])
        #expect(body.storage[0].items.map(\.name.count) == [1024, 1])
        #expect(body.leftOut.refusedItems == 2)
    }

    @Test func atMostOneMiB() throws {
        // 256 cookies of 4000-byte values are about 1.03 MB: over; 200 fit.
        let value = String(repeating: "v", count: 4000)
        let big = (0..<270).map { Self.cookie("c\($0)", value) }
        let refusal = #expect(throws: HandOffRefusal.self) { try Self.body(big) }
        guard case .bodyTooLarge(let bytes)? = refusal else { Issue.record("\(String(describing: refusal))"); return }
        #expect(bytes > HandOffRules.maxBodyBytes)
        let small = try Self.body(Array(big.prefix(200)))
        #expect(small.json.count <= HandOffRules.maxBodyBytes)
    }

    @Test func nothingInScopeIsEmpty() {
        #expect(throws: HandOffRefusal.empty) { try Self.body([Self.cookie(domain: ".tracker.example")]) }
        #expect(throws: HandOffRefusal.empty) {
            try Self.body([], storage: [CapturedStorage(origin: "https://www.example.com", items: [])])
        }
    }

    @Test func theBodyUsesTheContractsKeysAndSendsUnsetSameSiteAsLax() throws {
        let body = try Self.body([Self.cookie(expires: 1_790_000_000.5, sameSite: nil)],
                                 storage: [CapturedStorage(origin: "https://www.example.com", items: [.init(name: "token", value: "t1")])])
        let object = try #require(try JSONSerialization.jsonObject(with: body.json) as? [String: Any])
        #expect(object["confirmed_url"] as? String == "https://www.example.com/learn")
        let cookie = try #require((object["cookies"] as? [[String: Any]])?.first)
        #expect(Set(cookie.keys) == ["name", "value", "domain", "path", "expires", "httpOnly", "secure", "sameSite"])
        #expect(cookie["sameSite"] as? String == "Lax")
        #expect(cookie["expires"] as? Double == 1_790_000_000.5)
        let origin = try #require((object["origins"] as? [[String: Any]])?.first)
        #expect(origin["origin"] as? String == "https://www.example.com")
        #expect((origin["localStorage"] as? [[String: String]]) == [["name": "token", "value": "t1"]])
    }

    @Test func valuesNeverReachADescription() throws {
        let canary = "CANARY-7f3a-value"
        let cookie = Self.cookie("sid", canary)
        let storage = CapturedStorage(origin: "https://www.example.com", items: [.init(name: "token", value: canary)])
        let capture = Self.capture([cookie], storage: [storage])
        let body = try Self.body([cookie], storage: [storage])
        for text in [String(describing: cookie), String(reflecting: cookie), String(describing: storage),
                     String(reflecting: storage), String(describing: capture), String(reflecting: capture),
                     String(describing: body), String(reflecting: body), "\(body.leftOut)"] {
            #expect(!text.contains(canary), "\(text)")
        }
        for refusal in [HandOffRefusal.empty, .tooManyCookies(301), .tooManyOrigins(65), .tooManyStorageItems(2001),
                        .bodyTooLarge(bytes: 2_000_000), .pageOutsideProfile] {
            #expect(!refusal.description.contains(canary))
        }
    }
}

extension CapturedCookie {
    func withSecure(_ secure: Bool) -> CapturedCookie {
        var copy = self
        copy.secure = secure
        return copy
    }
}
