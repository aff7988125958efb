import Foundation
import Testing
@testable import VeetTransport

/// `ProxyRule`: which proxy the environment names for a URL, as curl reads it.
struct ProxyRuleTests {
    static let server = URL(string: "https://veet.example.org/v1/sessions")!

    static func choice(_ environment: [String: String], _ url: String = "https://veet.example.org/v1") -> ProxyChoice {
        ProxyRule(environment: environment).choice(for: URL(string: url)!)
    }

    static func proxied(_ environment: [String: String], _ url: String = "https://veet.example.org/v1") -> String? {
        choice(environment, url).server.map { "\($0.host):\($0.port) \($0.variable)" }
    }

    @Test func noVariableMeansDirect() {
        #expect(Self.choice([:]) == .direct(.noVariable))
        #expect(Self.choice(["https_proxy": ""]) == .direct(.noVariable), "an empty variable counts as unset")
        #expect(Self.choice(["PATH": "/bin"]) == .direct(.noVariable))
    }

    @Test func httpsUsesTheLowercaseVariableFirstThenUppercaseThenAllProxy() {
        #expect(Self.proxied(["https_proxy": "http://a:1", "HTTPS_PROXY": "http://b:2"]) == "a:1 https_proxy")
        #expect(Self.proxied(["HTTPS_PROXY": "http://b:2", "all_proxy": "c:3"]) == "b:2 HTTPS_PROXY")
        #expect(Self.proxied(["all_proxy": "c:3", "ALL_PROXY": "d:4"]) == "c:3 all_proxy")
        #expect(Self.proxied(["ALL_PROXY": "d:4"]) == "d:4 ALL_PROXY")
        #expect(Self.proxied(["http_proxy": "http://e:5"]) == nil, "http_proxy is not for https://")
    }

    @Test func plainHTTPUsesOnlyTheLowercaseHTTPProxy() {
        let url = "http://veet.example.org:8080/v1"
        #expect(Self.proxied(["http_proxy": "http://e:5"], url) == "e:5 http_proxy")
        // curl ignores HTTP_PROXY: a CGI program's environment can carry it from a request's Proxy header.
        #expect(Self.proxied(["HTTP_PROXY": "http://e:5"], url) == nil)
        #expect(Self.proxied(["https_proxy": "http://a:1"], url) == nil)
        #expect(Self.proxied(["ALL_PROXY": "d:4"], url) == "d:4 ALL_PROXY")
    }

    @Test(arguments: ["https://127.0.0.1:8443/v1", "https://127.9.9.9/v1", "https://localhost/v1",
                      "https://[::1]:8443/v1", "http://localhost:8080/v1", "https://a.localhost/v1"])
    func loopbackIsAlwaysDirect(url: String) {
        let environment = ["https_proxy": "http://proxy:3128", "http_proxy": "http://proxy:3128", "ALL_PROXY": "p:1"]
        #expect(Self.choice(environment, url) == .direct(.loopback))
    }

    @Test func theProxyAddressIsReadAsCurlReadsIt() throws {
        let plain = try #require(Self.choice(["https_proxy": "proxy.corp"]).server)
        #expect(plain.host == "proxy.corp" && plain.port == 1080, "curl's default proxy port")
        #expect(plain.authorization == nil)
        let full = try #require(Self.choice(["https_proxy": "HTTP://al%40ice:p%3Ass@proxy.corp:3128/"]).server)
        #expect(full.host == "proxy.corp" && full.port == 3128)
        #expect(full.authorization == "Basic " + Data("al@ice:p:ss".utf8).base64EncodedString())
        let noPassword = try #require(Self.choice(["https_proxy": "http://bob@proxy:8080"]).server)
        #expect(noPassword.authorization == "Basic " + Data("bob:".utf8).base64EncodedString())
        let v6 = try #require(Self.choice(["https_proxy": "http://[fd00::1]:3128"]).server)
        #expect(v6.host == "[fd00::1]" && v6.port == 3128)
    }

    @Test func theProxyPasswordIsNeverShown() throws {
        let server = try #require(Self.choice(["HTTPS_PROXY": "http://alice:hunter2@proxy.corp:3128"]).server)
        let shown = [server.description, server.debugDescription, String(reflecting: server), "\(server)",
                     ProxyChoice.proxy(server).description, String(describing: Mirror(reflecting: server).children.map { $0 })]
        for text in shown {
            #expect(!text.contains("hunter2") && !text.contains("alice"), "\(text)")
        }
        #expect(server.description == "http://proxy.corp:3128 (from HTTPS_PROXY, with a user name and password)")
        #expect(Self.choice([:]).description == "direct (no proxy variable set)")
    }

    @Test(arguments: [("socks5://proxy:1080", "socks5:// proxies are not supported (only http://)"),
                      ("https://proxy:443", "https:// proxies are not supported (only http://)"),
                      ("http://proxy:port", "its port is not a number"),
                      ("http://proxy:70000", "its port is out of range"),
                      ("http://:3128", "it names no host")])
    func anUnusableProxyIsSaidNotSkipped(value: String, reason: String) {
        #expect(Self.choice(["https_proxy": value]) == .unusable(variable: "https_proxy", reason: reason))
    }

    @Test(arguments: [
        // (no_proxy, URL, direct?)
        ("*", "https://veet.example.org/v1", true),
        ("example.org", "https://veet.example.org/v1", true),
        (".example.org", "https://veet.example.org/v1", true),
        ("example.org", "https://example.org/v1", true),
        (".example.org", "https://example.org/v1", true),
        ("EXAMPLE.ORG", "https://Veet.Example.Org/v1", true),
        ("ample.org", "https://veet.example.org/v1", false),
        ("veet.example.org.", "https://veet.example.org/v1", true),
        ("other.org, example.org", "https://veet.example.org/v1", true),
        ("other.org example.org", "https://veet.example.org/v1", true),
        ("other.org,,", "https://veet.example.org/v1", false),
        ("*.example.org", "https://veet.example.org/v1", false),
        ("10.1.2.3", "https://10.1.2.3/v1", true),
        ("10.1.2.4", "https://10.1.2.3/v1", false),
        ("10.0.0.0/8", "https://10.1.2.3/v1", true),
        ("10.0.0.0/8", "https://11.1.2.3/v1", false),
        ("192.168.4.0/22", "https://192.168.7.255/v1", true),
        ("192.168.4.0/22", "https://192.168.8.1/v1", false),
        ("10.0.0.0/8", "https://veet.example.org/v1", false),
        ("veet.example.org", "https://10.1.2.3/v1", false),
        ("fd00::/8", "https://[fd12::5]/v1", true),
        ("fd00::/8", "https://[fe80::1]/v1", false),
        ("fd12::5", "https://[fd12::5]/v1", true),
        ("[fd12::5]:8443", "https://[fd12::5]:8443/v1", true),
        ("[fd12::5]:8443", "https://[fd12::5]/v1", false),
        ("veet.example.org:8443", "https://veet.example.org:8443/v1", true),
        ("veet.example.org:8443", "https://veet.example.org/v1", false),
        ("example.org:443", "https://veet.example.org/v1", true),
        ("10.0.0.0/8:443", "https://10.1.2.3/v1", true),
        ("10.0.0.0/x", "https://10.1.2.3/v1", false),
    ])
    func noProxyEntries(list: String, url: String, direct: Bool) {
        let choice = Self.choice(["https_proxy": "http://proxy:3128", "no_proxy": list], url)
        if direct {
            guard case .direct(.excluded(variable: "no_proxy", _)) = choice else {
                Issue.record("\(list) should exclude \(url): \(choice)")
                return
            }
        } else {
            #expect(choice.server != nil, "\(list) should not exclude \(url): \(choice)")
        }
    }

    @Test func noProxyLowercaseWinsOverUppercase() {
        let environment = ["https_proxy": "http://proxy:3128", "no_proxy": "other.org", "NO_PROXY": "example.org"]
        #expect(Self.choice(environment).server != nil)
        #expect(Self.choice(["https_proxy": "p:1", "NO_PROXY": "example.org"])
                == .direct(.excluded(variable: "NO_PROXY", entry: "example.org")))
        #expect(Self.choice(["https_proxy": "p:1", "NO_PROXY": "example.org"]).description
                == "direct (NO_PROXY lists example.org)")
    }

    @Test func onlyTheProxyVariablesAreKept() {
        let rule = ProxyRule(environment: ["https_proxy": "p:1", "VEET_TOKEN": "secret", "HOME": "/h"])
        #expect(rule.variables == ["https_proxy": "p:1"])
    }
}
