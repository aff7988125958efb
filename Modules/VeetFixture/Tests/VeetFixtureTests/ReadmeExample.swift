import Foundation
import VeetFixture

/// Starts a reference server on a free loopback port; the caller stops it.
func startReferenceServer(token: String, folders: Bool = true) throws -> (FixtureServer, URL) {
    var options = FixtureOptions.testing
    options.folders = folders
    let server = FixtureServer(token: token, options: options)
    let url = try server.start()
    return (server, url)
}

// The README's example, run.
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

@Suite struct ReadmeExampleTests {
    @Test func theExampleServesItsProbe() async throws {
        let (server, url) = try startReferenceServer(token: "readme-token")
        defer { server.stop() }
        let (_, response) = try await URLSession.shared.data(from: url.appendingPathComponent("health/live"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
    }
}
