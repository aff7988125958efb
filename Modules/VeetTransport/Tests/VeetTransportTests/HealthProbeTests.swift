import Foundation
import Testing
@testable import VeetTransport
import VeetTestSupport

/// The health probes and a family's read answer, read by Transport once (what `veet doctor` shows
/// switches on these, never on a status).
@Suite struct HealthProbeTests {
    static func server(_ statuses: [String: Int]) throws -> HTTPTestServer {
        try HTTPTestServer { request, _, connection in
            let path = request.target.split(separator: "?").first.map(String.init) ?? request.target
            connection.respond(status: statuses[path] ?? 404, body: "{}")
        }
    }

    static func client(_ server: HTTPTestServer) throws -> HTTPClient {
        HTTPClient(settings: try ConnectionSettings(serverAddress: server.baseURL, token: "t"))
    }

    @Test func aLiveAndReadyServerIsSaidSoAndANotReadyOneTooFromItsProbes() async throws {
        let ready = try Self.server(["/health/live": 200, "/health/ready": 200])
        defer { ready.stop() }
        #expect(try await Self.client(ready).health() == .live(ready: true))
        let notReady = try Self.server(["/health/live": 200, "/health/ready": 503])
        defer { notReady.stop() }
        #expect(try await Self.client(notReady).health() == .live(ready: false))
    }

    @Test func aLiveProbeThatIsNotAnsweredMeansNoAPIWithTheStatusToShow() async throws {
        let other = try Self.server([:])
        defer { other.stop() }
        #expect(try await Self.client(other).health() == .noAPI(liveStatus: 404))
    }

    @Test func nobodyListeningThrows() async throws {
        let gone = try Self.server([:])
        let client = try Self.client(gone)
        gone.stop()
        await #expect(throws: TransportError.self) { try await client.health() }
        #expect(await client.familyAnswer(.get("/v1/memories")) == .noAnswer)
    }

    @Test(arguments: [(200, FamilyAnswer.offered), (401, .signInRefused), (403, .lacksScope), (404, .notOffered),
                      (405, .notOffered), (500, .answered(500)), (400, .answered(400))])
    func aFamilysAnswerSaysWhetherItIsOfferedAndWhyNot(status: Int, expected: FamilyAnswer) async throws {
        let server = try Self.server(["/v1/memories": status])
        defer { server.stop() }
        #expect(try await Self.client(server).familyAnswer(.get("/v1/memories")) == expected)
    }

    @Test func aStatusHeardAloneMeansWhatTheWholeAnswerWould() {
        #expect(ServerRefusal(status: 404) == .notFound)
        #expect(ServerRefusal(status: 409, reason: "active_run_exists") == .runInProgress)
        #expect(ServerRefusal(status: 409) == .changedElsewhere)
        #expect(ServerRefusal(status: 503) == .serverFailed)
    }
}
