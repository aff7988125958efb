import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetSurfaces

/// The rules, on scripted answers.
@Suite struct SurfacesAPITests {
    static let surface = "0198e5a0-3c11-7d42-8e6f-1a2b3c4d5e6f"
    static let pairing = "0198e5a4-9b02-7e13-a4c5-6d7e8f9a0b1c"

    private func api(_ server: ScriptedServer) -> SurfacesAPI { SurfacesAPI(sender: server.sender, retry: .never) }

    static var codeAnswer: [String: Any] { [
        "id": "0198e5a2-1f7c-7a90-b3d4-5e6f7a8b9c0d", "surface_id": surface,
        "granted_scopes": ["run.read", "run.write"], "label": "Sam's phone",
        "expires_at": "2026-09-20T17:14:11.532871+00:00", "max_attempts": 5, "code": "Qm7xT2vL9aZ",
    ] }

    @Test func aServerWithoutSurfacesIsNotAnError() async throws {
        for status in [404, 405, 400] {
            let server = ScriptedServer()
            server.on("GET", "/v1/surfaces", .apiError(status, "not_found"))
            #expect(try await api(server).isOffered() == false)
        }
        let empty = ScriptedServer()
        empty.on("GET", "/v1/surfaces", .json([Any]()))
        #expect(try await api(empty).list().isEmpty)
    }

    @Test func surfacesAndPairingsKeepUnknownValuesAndIgnoreExtras() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/surfaces", .json([["id": Self.surface, "name": "Bot", "platform": "signal",
                                                 "status": "active", "push_provider": NSNull(), "new_key": [1]]]))
        server.on("GET", "/v1/surfaces/*/pairings", .json([
            ["id": Self.pairing, "surface_id": Self.surface, "sender_id": "583920174", "sender_label": "Sam",
             "granted_scopes": ["run.write"], "paired_at": "2026-09-20T17:06:02.114301Z", "revoked_at": NSNull(),
             "tenant_id": "t", "principal_id": "p", "revoked_by": NSNull()],
        ]))
        let surfaces = try await api(server).list()
        #expect(surfaces[0].platform == .unknown("signal") && surfaces[0].platform?.words == "signal")
        #expect(!surfaces[0].routesToAChat)
        let pairings = try await api(server).pairings(surfaceID: Self.surface)
        #expect(pairings[0].isActive && pairings[0].who == "Sam (583920174)")
    }

    @Test func aCodeIsMintedOnceWithAFreshKeyAndNeverPrinted() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/surfaces/*/pairing-codes", .json(Self.codeAnswer, status: 201))
        let request = try PairingRequest(grantedScopes: ["run.write", "run.read", "run.write"], label: "Sam's phone")
        let first = try await api(server).mintCode(surfaceID: Self.surface, request)
        _ = try await api(server).mintCode(surfaceID: Self.surface, request)
        let sent = server.requests
        #expect(sent[0].jsonObject?["granted_scopes"] as? [String] == ["run.read", "run.write"])
        let keys = sent.compactMap { $0.header("Idempotency-Key") }
        #expect(keys.count == 2 && keys[0] != keys[1])
        #expect(first.secret.reveal() == "Qm7xT2vL9aZ")
        #expect(!"\(first)".contains("Qm7xT2vL9aZ") && !String(reflecting: first).contains("Qm7xT2vL9aZ"))
        #expect(first.instruction == "Send /pair Qm7xT2vL9aZ to the bot in a direct chat.")
    }

    @Test func aMintIsNeverRetriedWithTheSameKey() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/surfaces/*/pairing-codes", .apiError(503, "service_unavailable"))
        await #expect(throws: APIError.self) {
            _ = try await SurfacesAPI(sender: server.sender).mintCode(surfaceID: Self.surface, try PairingRequest())
        }
        #expect(server.requests.count == 1)
    }

    @Test func conflictsAreReadFromTheirReason() async throws {
        let cases: [(String, SurfacesError?)] = [
            ("surface.scope_ceiling", nil), ("surface.pairing_code_already_issued", nil),
        ]
        for (reason, _) in cases {
            let server = ScriptedServer()
            server.on("POST", "/v1/surfaces/*/pairing-codes", .apiError(409, "conflict", reason: reason))
            do {
                _ = try await api(server).mintCode(surfaceID: Self.surface, try PairingRequest())
                Issue.record("must refuse")
            } catch let error as SurfacesError {
                switch (reason, error) {
                case ("surface.scope_ceiling", .scopeCeiling), ("surface.pairing_code_already_issued", .codeAlreadyIssued): break
                default: Issue.record("\(reason) read as \(error)")
                }
            }
        }
        let server = ScriptedServer()
        server.on("DELETE", "/v1/surfaces/pairings/*", .apiError(409, "conflict", reason: "surface.pairing_active"))
        let error = await #expect(throws: SurfacesError.self) { try await api(server).delete(pairingID: Self.pairing) }
        #expect(error?.description.contains("revoke it first") == true)
    }

    @Test func badInputCostsNoRequest() async throws {
        #expect(throws: SurfacesError.self) { _ = try PairingRequest(grantedScopes: [" "]) }
        #expect(throws: SurfacesError.self) { _ = try PairingRequest(label: String(repeating: "x", count: 256)) }
        #expect(try PairingRequest(label: "  ").label == nil)
        let server = ScriptedServer()
        await #expect(throws: SurfacesError.self) { _ = try await api(server).revoke(pairingID: "abc") }
        #expect(server.requests.isEmpty)
    }

    @Test func revokeUsesTheSurfacesPathAndIsRetried() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/surfaces/pairings/*/revoke", sequence: [
            .apiError(502, "bad_gateway"),
            .json(["id": Self.pairing, "surface_id": Self.surface, "sender_id": "1", "granted_scopes": [],
                   "paired_at": "2026-09-20T17:06:02Z", "revoked_at": "2026-09-21T17:06:02Z"]),
        ])
        let revoked = try await SurfacesAPI(sender: server.sender).revoke(pairingID: Self.pairing)
        #expect(!revoked.isActive && server.requests.map(\.path).allSatisfy { $0.hasPrefix("/v1/surfaces/pairings/") })
    }

    @Test func theExpiryIsTheServersNotAConstant() throws {
        let wire = try WireJSON.decoder().decode(PairingCode.Wire.self,
                                                 from: JSONSerialization.data(withJSONObject: Self.codeAnswer))
        let code = PairingCode(wire, surfaceID: Self.surface)
        let expiry = try #require(code.expiresAt.date)
        #expect(SurfaceWords.expiry(of: code, now: expiry.addingTimeInterval(-570)) == "expires in 9 min 30 s")
        #expect(SurfaceWords.expiry(of: code, now: expiry) == "expired" && code.hasExpired(at: expiry))
    }
}
