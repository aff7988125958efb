import Foundation
import Testing
import VeetFixture
import VeetTransport
@testable import VeetSurfaces

/// The library against the reference server.
@Suite struct SurfacesFixtureTests {
    static let token = "surfaces-test-token"
    static let ids = FixtureServer.seededSurfaceIDs

    static func start(surfaces: Bool = true) throws -> (FixtureServer, SurfacesAPI, HTTPClient) {
        var options = FixtureOptions.testing
        options.surfaces = surfaces
        let server = FixtureServer(token: token, options: options)
        let url = try server.start()
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: token),
                                writeTimeout: 2)
        return (server, SurfacesAPI(sender: .live(client: client), retry: .never), client)
    }

    @Test func pairRevokeAndDelete() async throws {
        let (server, api, _) = try Self.start()
        defer { server.stop() }
        let surfaces = try await api.list()
        #expect(surfaces.map(\.platform) == [.whatsapp, .telegram])
        #expect(try await api.pairings(surfaceID: Self.ids.whatsapp).isEmpty)

        let code = try await api.mintCode(surfaceID: Self.ids.whatsapp, try PairingRequest(label: "Sam's phone"))
        #expect(code.grantedScopes == PairingRequest.chatScopes && code.label == "Sam's phone" && code.maxAttempts == 5)
        #expect(!code.hasExpired(at: Date()))
        #expect(!server.sendPairMessage(surfaceID: Self.ids.whatsapp, code: "wrong-code1", senderID: "4915550100"))
        #expect(server.sendPairMessage(surfaceID: Self.ids.whatsapp, code: code.secret.reveal(), senderID: "4915550100",
                                       senderLabel: "Sam"))
        #expect(!server.sendPairMessage(surfaceID: Self.ids.whatsapp, code: code.secret.reveal(), senderID: "1"))  // used
        let paired = try await api.pairings(surfaceID: Self.ids.whatsapp)
        #expect(paired.map(\.senderID) == ["4915550100"] && paired[0].isActive)
        #expect(try await api.read(surfaceID: Self.ids.whatsapp).routesToAChat)

        let pairing = paired[0].id
        let refused = await #expect(throws: SurfacesError.self) { try await api.delete(pairingID: pairing) }
        guard case .pairingActive? = refused else { throw Unexpected(refused) }
        let revoked = try await api.revoke(pairingID: pairing)
        let repeated = try await api.revoke(pairingID: pairing)
        #expect(!revoked.isActive && repeated == revoked)  // a repeat answers the pairing unchanged
        let surface = try await api.read(surfaceID: Self.ids.whatsapp)
        #expect(!surface.routesToAChat)
        try await api.delete(pairingID: pairing)
        #expect(try await api.pairings(surfaceID: Self.ids.whatsapp).isEmpty)
        let gone = await #expect(throws: SurfacesError.self) { try await api.delete(pairingID: pairing) }
        guard case .pairingNotFound? = gone else { throw Unexpected(gone) }
    }

    @Test func theServersRefusalsReadAsTheFeaturesErrors() async throws {
        let (server, api, client) = try Self.start()
        defer { server.stop() }
        let ceiling = await #expect(throws: SurfacesError.self) {
            _ = try await api.mintCode(surfaceID: Self.ids.telegram, try PairingRequest(grantedScopes: ["admin.everything"]))
        }
        guard case .scopeCeiling? = ceiling else { throw Unexpected(ceiling) }
        let key = IdempotencyKey()
        _ = try await api.mintCode(surfaceID: Self.ids.telegram, try PairingRequest(), idempotencyKey: key)
        let again = await #expect(throws: SurfacesError.self) {
            _ = try await api.mintCode(surfaceID: Self.ids.telegram, try PairingRequest(), idempotencyKey: key)
        }
        guard case .codeAlreadyIssued? = again else { throw Unexpected(again) }
        let missing = await #expect(throws: SurfacesError.self) {
            _ = try await api.pairings(surfaceID: "00000000-0000-4000-8000-000000000000")
        }
        guard case .surfaceNotFound? = missing else { throw Unexpected(missing) }
        // No route reads one pairing, and none lives under /v1/pairings.
        #expect(try await client.send(.get("/v1/surfaces/pairings/\(Self.ids.activePairing)")).status == 400)
        #expect(try await client.send(.post("/v1/pairings/\(Self.ids.activePairing)/revoke")).status == 404)
        let answer = try await client.send(.get("/v1/surfaces"))
        #expect(answer.header("cache-control") == "private, no-store")
    }

    /// The one line a settings card shows: the surfaces and their active pairings (a revoked one is not counted),
    /// or the family's absence, which offers nothing to open.
    @Test func theGlanceCountsActivePairingsOrSaysTheFamilyIsMissing() async throws {
        let (server, api, _) = try Self.start()
        defer { server.stop() }
        #expect(await SurfacesGlance.read(api) == SurfacesGlance(offered: true, line: "2 surfaces: 1 paired sender."))
        let (bare, missing, _) = try Self.start(surfaces: false)
        defer { bare.stop() }
        #expect(await SurfacesGlance.read(missing) == SurfacesGlance(offered: false, line: SurfaceWords.notOffered))
        let one = try JSONDecoder().decode(Surface.self, from: Data(#"{"id": "s1", "name": "Veetbot on Telegram"}"#.utf8))
        #expect(SurfacesGlance.of([one], activePairings: [:]).line == "Veetbot on Telegram: no paired senders.")
        #expect(SurfacesGlance.of([], activePairings: [:]).line == SurfaceWords.noneConfigured)
    }

    @Test func aServerWithoutSurfacesSaysSo() async throws {
        let (server, api, _) = try Self.start(surfaces: false)
        defer { server.stop() }
        #expect(try await api.isOffered() == false)
        let error = await #expect(throws: SurfacesError.self) { _ = try await api.pairings(surfaceID: Self.ids.telegram) }
        #expect(error?.description == SurfaceWords.notOffered)
        let revoke = await #expect(throws: SurfacesError.self) { _ = try await api.revoke(pairingID: Self.ids.activePairing) }
        #expect(revoke?.description == SurfaceWords.notOffered)
    }
}

struct Unexpected: Error {
    var value: String
    init(_ value: Any?) { self.value = String(describing: value) }
}
