import Foundation
import Testing
import VeetConsole
import VeetSurfaces
import VeetSurfacesCommands
import VeetTestSupport
import VeetTransport

/// The command group run in-process: its spec parsed, its answers printed to files.
@Suite struct SurfacesCommandsTests {
    static let surface = "0198e5a0-3c11-7d42-8e6f-1a2b3c4d5e6f"
    static let pairing = "0198e5a4-9b02-7e13-a4c5-6d7e8f9a0b1c"
    static let expiry = Date(timeIntervalSince1970: 1_790_000_000)

    static func parse(_ words: String...) throws -> ParsedCommand {
        try ConsoleCapture.parse(words, group: SurfacesCommands.spec)
    }

    static func group(_ server: ScriptedServer) -> SurfacesCommands {
        SurfacesCommands(api: SurfacesAPI(sender: server.sender, retry: .never), now: { expiry.addingTimeInterval(-600) })
    }

    static var pairingAnswer: [String: Any] {
        ["id": pairing, "surface_id": surface, "sender_id": "583920174", "sender_label": "Sam\u{1B}[2J",
         "granted_scopes": ["run.read", "run.write"], "paired_at": "2026-09-20T17:06:02Z", "revoked_at": NSNull()]
    }

    @Test func pairPrintsTheCodeOnceWithItsExpiry() async throws {
        let server = ScriptedServer()
        let expires = ISO8601DateFormatter().string(from: Self.expiry)
        server.on("POST", "/v1/surfaces/*/pairing-codes", .json([
            "id": "0198e5a2-1f7c-7a90-b3d4-5e6f7a8b9c0d", "surface_id": Self.surface,
            "granted_scopes": ["run.read"], "label": NSNull(), "expires_at": expires, "max_attempts": 5,
            "code": "Qm7xT2vL9aZ",
        ], status: 201))
        let captured = try ConsoleCapture()
        let code = try await Self.group(server).run(Self.parse("surfaces", "pair", Self.surface, "--scope", "run.read"),
                                                    console: captured.console())
        #expect(code == .success)
        #expect(captured.stdout.hasPrefix("Pairing code: Qm7xT2vL9aZ  (expires in 10 min 0 s, at \(expires); 5 attempts)\n"
                                          + "Send /pair Qm7xT2vL9aZ to the bot in a direct chat.\n"))
        #expect(captured.stdout.components(separatedBy: "Qm7xT2vL9aZ").count == 3)  // the line and the instruction
        #expect(captured.stderr.isEmpty)
        #expect(server.requests[0].jsonObject?["granted_scopes"] as? [String] == ["run.read"])
        #expect(server.requests[0].header("Idempotency-Key") != nil)
    }

    @Test func revokeAsksFirstAndDeleteOfAnActivePairingSaysRevokeFirst() async throws {
        let server = ScriptedServer()
        var revoked = Self.pairingAnswer
        revoked["revoked_at"] = "2026-09-21T10:00:00Z"
        server.on("POST", "/v1/surfaces/pairings/*/revoke", .json(revoked))
        server.on("DELETE", "/v1/surfaces/pairings/*", .apiError(409, "conflict", reason: "surface.pairing_active"))
        await #expect(throws: CommandFailure.self) {
            _ = try await Self.group(server).run(Self.parse("surfaces", "revoke", Self.pairing),
                                                 console: try ConsoleCapture().console(answer: "no"))
        }
        #expect(server.requests.isEmpty)
        let captured = try ConsoleCapture()
        _ = try await Self.group(server).run(Self.parse("surfaces", "revoke", Self.pairing, "--yes"), console: captured.console())
        #expect(captured.stdout == "Revoked Sam?[2J (583920174).\n" || captured.stdout == "Revoked Sam [2J (583920174).\n")
        let active = await #expect(throws: CommandFailure.self) {
            _ = try await Self.group(server).run(Self.parse("surfaces", "delete", Self.pairing, "--yes"),
                                                 console: try ConsoleCapture().console())
        }
        #expect(active?.message == "veet: The pairing is still active: revoke it first, then delete it. Nothing was deleted.")
        #expect(active?.kind == "conflict")
    }

    @Test func aServerWithoutSurfacesIsNotOffered() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/surfaces", .apiError(404, "not_found"))
        let failure = await #expect(throws: CommandFailure.self) {
            _ = try await Self.group(server).run(Self.parse("surfaces", "list"), console: try ConsoleCapture().console())
        }
        #expect(failure?.message == "veet: This server does not offer messaging surfaces." && failure?.kind == "not_offered")
    }

    @Test func listAndPairingsShowStateAndRoute() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/surfaces", .json([["id": Self.surface, "name": "Veetbot on Telegram", "platform": "telegram",
                                                 "status": "active", "push_provider": "telegram",
                                                 "push_token_fingerprint": "4be19a"]]))
        server.on("GET", "/v1/surfaces/*/pairings", .json([Self.pairingAnswer]))
        let captured = try ConsoleCapture()
        _ = try await Self.group(server).run(Self.parse("surfaces", "list"), console: captured.console())
        #expect(captured.stdout == "Veetbot on Telegram  Telegram  active  notifications to a paired chat (4be19a)\n  \(Self.surface)\n")
        let pairings = try ConsoleCapture()
        _ = try await Self.group(server).run(Self.parse("surfaces", "pairings", Self.surface), console: pairings.console())
        #expect(pairings.stdout.contains("active  paired 2026-09-20T17:06:02Z"))
        #expect(pairings.stdout.contains("  \(Self.pairing)  scopes: run.read, run.write"))
        #expect(!pairings.stdout.contains("\u{1B}"))
    }
}
