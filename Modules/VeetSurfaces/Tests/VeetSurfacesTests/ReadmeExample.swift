import Foundation
import VeetSurfaces
import VeetTransport

/// Mints a pairing code for the first surface and returns what the owner reads: the
/// instruction with the code, and its expiry. The code is returned, never stored or logged.
func pairingInstruction(on client: HTTPClient, now: Date = Date()) async throws -> String {
    let surfaces = SurfacesAPI(sender: .live(client: client))
    guard try await surfaces.isOffered() else { return SurfaceWords.notOffered }
    guard let surface = try await surfaces.list().first else { return SurfaceWords.noneConfigured }
    let code = try await surfaces.mintCode(surfaceID: surface.id, try PairingRequest(label: "my phone"))
    return "\(code.instruction) (\(SurfaceWords.expiry(of: code, now: now)))"
}

// The README's example, run.
import Testing
import VeetFixture

@Suite struct ReadmeExampleTests {
    @Test func theExampleMintsACode() async throws {
        let (server, _, client) = try SurfacesFixtureTests.start()
        defer { server.stop() }
        let text = try await pairingInstruction(on: client)
        #expect(text.hasPrefix("Send /pair ") && text.contains("(expires in "))
        let (off, _, offClient) = try SurfacesFixtureTests.start(surfaces: false)
        defer { off.stop() }
        #expect(try await pairingInstruction(on: offClient) == SurfaceWords.notOffered)
    }
}
