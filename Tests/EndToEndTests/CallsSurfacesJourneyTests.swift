import Foundation
import Testing

/// `veet calls` and `veet surfaces` through the built CLI against the built fixture.
@Suite(.serialized) struct CallsSurfacesJourneyTests {
    let cli = CLIEndToEndTests()

    /// The fixture's seeded ids (Modules/VeetFixture: CallsState, SurfacesState).
    static let completedCall = "5f0c2a9e-8d41-4b7a-9e36-2c1d7f4a8b90"
    static let activeCall = "7a3d9c21-0b5e-4f68-8d17-2e4a6c8b0d13"
    static let telegram = "0198e5a0-3c11-7d42-8e6f-1a2b3c4d5e6f"
    static let revokedPairing = "0198e5a4-8a01-7d02-93b4-5c6d7e8f9a0b"

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
    }

    /// The `kind` of a `--json` error report.
    func kind(_ text: String) throws -> String? {
        (try object(text)["error"] as? [String: Any])?["kind"] as? String
    }

    @Test func callsAreListedShownStoppedAndErased() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let listed = try cli.veet(["calls", "list"], fixture: fixture, home: home)
        #expect(listed.status == 0 && listed.stdout.hasPrefix("Active  outbound  +14155550142"))
        let shown = try cli.veet(["calls", "show", Self.completedCall], fixture: fixture, home: home)
        #expect(shown.stdout.contains("Caller identity and statements are unverified.\n"))
        #expect(shown.stdout.contains("Transcript\nAgent: Hi, this is Willow"))
        let refused = try cli.veet(["calls", "delete", Self.activeCall, "--yes", "--json"], fixture: fixture, home: home)
        #expect(refused.status == 1 && (try kind(refused.stdout)) == "conflict")
        let stopped = try cli.veet(["calls", "stop", Self.activeCall], fixture: fixture, home: home)
        #expect(stopped.status == 0 && stopped.stdout.contains("The provider ended the call"))
        let erased = try cli.veet(["calls", "delete", Self.completedCall, "--yes", "--json"], fixture: fixture, home: home)
        #expect(erased.status == 0)
        #expect(try object(erased.stdout)["provider_deleted"] as? Bool == false)
        let unattended = try cli.veet(["calls", "delete", Self.activeCall], fixture: fixture, home: home)
        #expect(unattended.status == 2 && unattended.stderr.contains("add --yes"))
    }

    @Test func aPairingCodeIsShownOnceAndPairingsAreRevokedAndDeleted() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let surfaces = try cli.veet(["surfaces", "list"], fixture: fixture, home: home)
        #expect(surfaces.stdout.contains("Veetbot on Telegram  Telegram  active  notifications to a paired chat"))
        let paired = try cli.veet(["surfaces", "pair", Self.telegram, "--label", "my phone"], fixture: fixture, home: home)
        #expect(paired.status == 0 && paired.stdout.hasPrefix("Pairing code: "))
        #expect(paired.stdout.contains("Send /pair ") && paired.stdout.contains("(expires in "))
        let ceiling = try cli.veet(["surfaces", "pair", Self.telegram, "--scope", "admin.all"], fixture: fixture, home: home)
        #expect(ceiling.status == 1 && ceiling.stderr.contains("only grant scopes this token holds"))
        let deleted = try cli.veet(["surfaces", "delete", Self.revokedPairing, "--yes"], fixture: fixture, home: home)
        #expect(deleted.status == 0)
        let pairings = try cli.veet(["surfaces", "pairings", Self.telegram, "--json"], fixture: fixture, home: home)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(pairings.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 1 && rows[0]["revoked_at"] == nil)
    }

    @Test func aServerWithoutEitherSaysSoInOneLine() throws {
        let fixture = try FixtureProcess(arguments: ["--no-calls", "--no-surfaces"])
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let calls = try cli.veet(["calls", "list"], fixture: fixture, home: home)
        #expect(calls.status == 1 && calls.stderr == "veet: This server does not offer calls.\n")
        let surfaces = try cli.veet(["surfaces", "list", "--json"], fixture: fixture, home: home)
        #expect(surfaces.status == 1 && (try kind(surfaces.stdout)) == "not_offered")
    }
}
