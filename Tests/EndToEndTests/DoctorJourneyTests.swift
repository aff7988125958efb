import Foundation
import Testing

/// `veet doctor` against the built fixture: what it offers, a refused token,
/// a server that is down, and a store file it checks.
@Suite struct DoctorJourneyTests {
    func doctor(_ fixture: FixtureProcess?, url: String? = nil, token: String? = nil, home: URL,
                extra: [String: String] = [:]) throws -> (ProcessResult, [String: Any]) {
        var env = ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                   "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                   "XDG_RUNTIME_DIR": home.appendingPathComponent("run").path, "LANG": "C.UTF-8"]
        env["VEET_URL"] = url ?? fixture?.url
        env["VEET_TOKEN"] = token ?? fixture?.token
        env.merge(extra) { _, new in new }
        let result = try runProcess(try Harness.binary("veet"), ["doctor", "--json"], environment: env)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        return (result, report)
    }

    func check(_ report: [String: Any], _ name: String) -> [String: Any]? {
        (report["checks"] as? [[String: Any]])?.first { $0["name"] as? String == name }
    }

    @Test func aHealthyServerAndItsFamiliesAreReported() throws {
        let fixture = try FixtureProcess(arguments: ["--no-people"])
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        _ = try runProcess(try Harness.binary("veet"), ["chat", "--once", "hi"],
                           environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                                         "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                                         "VEET_URL": fixture.url, "VEET_TOKEN": fixture.token])
        let (result, report) = try doctor(fixture, home: home)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(report["ok"] as? Bool == true)
        #expect(check(report, "reachable")?["status"] as? String == "ok")
        #expect(check(report, "conversations")?["detail"] as? String == "offered")
        #expect(check(report, "memory")?["detail"] as? String == "offered")
        #expect(check(report, "people")?["detail"] as? String == "not offered by this server")
        // Each feature names its own families; together, in the order they always printed.
        let connection = (report["checks"] as? [[String: Any]] ?? []).filter { $0["area"] as? String == "Connection" }
        let families = Array(connection.compactMap { $0["name"] as? String }.drop { $0 != "reachable" }.dropFirst())
        #expect(families == ["conversations", "approvals", "folders", "schedules", "website access", "devices", "notifications",
                             "memory", "people", "email", "subscriptions", "model settings", "persona"], "\(families)")
        #expect(check(report, "integrity")?["status"] as? String == "ok")
        #expect(check(report, "token")?["detail"] as? String == "from VEET_TOKEN (not saved)")
        #expect(!result.stdout.contains(fixture.token))
    }

    @Test func aRefusedTokenAndADownServerAreProblemsWithAFix() throws {
        let fixture = try FixtureProcess()
        let home = try Harness.temporaryHome()
        let (refused, refusedReport) = try doctor(fixture, token: "not-the-token", home: home)
        #expect(refused.status == 1)
        let token = (refusedReport["checks"] as? [[String: Any]])?.last { $0["name"] as? String == "token" }
        #expect(token?["status"] as? String == "problem")
        #expect((token?["fix"] as? String)?.contains("veet connect") == true)
        #expect(!refused.stdout.contains("not-the-token"))
        let url = fixture.url
        fixture.stop()
        let (down, downReport) = try doctor(nil, url: url, token: "t", home: home)
        #expect(down.status == 1)
        #expect(check(downReport, "reachable")?["status"] as? String == "problem")
    }

    /// Which proxy requests take and which way copy goes, read from the
    /// transport's and the terminal module's values; the proxy's password never shows.
    @Test func theProxyAndTheCopyRouteAreSaid() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        // The fixture is plain http:// on loopback: http_proxy would name its proxy, but loopback goes direct.
        let quiet = ["DISPLAY": "", "WAYLAND_DISPLAY": "", "HTTPS_PROXY": "http://alice:hunter2@proxy.corp:3128",
                     "http_proxy": "http://alice:hunter2@proxy.corp:3128"]
        let (local, localReport) = try doctor(fixture, home: home, extra: quiet)
        #expect(check(localReport, "proxy")?["detail"] as? String == "direct (a loopback address is never proxied)")
        #expect((check(localReport, "copy")?["detail"] as? String)?.hasPrefix("OSC 52 to the terminal, unconfirmed") == true)
        #expect(!local.stdout.contains("hunter2"))
        let (remote, remoteReport) = try doctor(nil, url: "https://veet.example.org", token: "t", home: home,
                                                extra: quiet.merging(["HTTPS_PROXY": "socks5://alice:hunter2@proxy.corp:1080"]) { _, new in new })
        #expect(check(remoteReport, "proxy")?["status"] as? String == "problem")
        #expect(check(remoteReport, "proxy")?["detail"] as? String
                == "HTTPS_PROXY cannot be used: socks5:// proxies are not supported (only http://)")
        #expect(!remote.stdout.contains("hunter2"))
    }
}
