import Foundation
import Testing
import VeetFixture
import VeetTransport
@testable import VeetCalls

/// The library against the reference server.
@Suite struct CallsFixtureTests {
    static let token = "calls-test-token"
    static let ids = FixtureServer.seededCallIDs

    static func start(calls: Bool = true) throws -> (FixtureServer, CallsAPI, HTTPClient) {
        var options = FixtureOptions.testing
        options.calls = calls
        let server = FixtureServer(token: token, options: options)
        let url = try server.start()
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: token),
                                writeTimeout: 2)
        return (server, CallsAPI(sender: .live(client: client), retry: .never), client)
    }

    @Test func listsReadsStopsAndErases() async throws {
        let (server, api, _) = try Self.start()
        defer { server.stop() }
        let calls = try await api.listAll()
        #expect(calls.count == 5)
        #expect(calls.first?.id == Self.ids.active)  // newest first
        #expect(calls.last?.id == Self.ids.expired && calls.last?.erased == true)  // past 30 days: erased form

        let inbound = try await api.read(id: Self.ids.inbound)
        #expect(inbound.transcriptState == .truncated && inbound.direction == .inbound && inbound.requestID == nil)
        let voicemail = try await api.read(id: Self.ids.voicemail)
        #expect(voicemail.summaryState == .notYet && voicemail.status?.words == "Voicemail")

        let refused = await #expect(throws: CallsError.self) { _ = try await api.delete(id: Self.ids.active) }
        guard case .stillInProgress(let id, _)? = refused else { throw Unexpected(refused) }
        #expect(id == Self.ids.active)
        #expect(try await api.stop(id: Self.ids.active).termination == .confirmed)
        #expect(try await api.read(id: Self.ids.active).status == .completed)  // the next reconciliation

        let erased = try await api.delete(id: Self.ids.outbound)
        #expect(erased.erased && erased.providerDeleted == false)
        #expect(try await api.delete(id: Self.ids.outbound) == erased)  // a repeat answers the same
        #expect(try await api.read(id: Self.ids.outbound).summary == nil)
        #expect(server.callStatus(Self.ids.outbound) == "erased")
    }

    /// docs/wire/calls.md §9: a call first stored with a terminal status raises one `call_finished`
    /// naming only the call, whether a stop ended it (seen at the next inbox read) or the provider did.
    @Test func aFinishedCallRaisesOneNotificationNamingIt() async throws {
        let (server, api, client) = try Self.start()
        defer { server.stop() }
        func callNotifications() async throws -> [[String: Any]] {
            let answer = try await client.send(.get("/v1/notifications", query: [URLQueryItem(name: "limit", value: "50")]))
            let page = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
            return (page["items"] as? [[String: Any]] ?? []).compactMap { $0["notification"] as? [String: Any] }
                .filter { $0["kind"] as? String == "call_finished" }
        }
        #expect(try await callNotifications().isEmpty, "the seeded calls ended before")
        _ = try await api.stop(id: Self.ids.active)
        let stopped = try await callNotifications()
        #expect(stopped.count == 1)
        let payload = try #require(stopped.first?["payload"] as? [String: Any])
        #expect(payload["call_id"] as? String == Self.ids.active && payload["title"] as? String == "New call result")
        #expect(!(payload["session_id"] is String) && !(payload["status"] is String))
        let added = server.addCall(status: "active", direction: "inbound")
        server.finishCall(added, status: "no_answer")
        server.finishCall(added, status: "busy")  // a terminal status is set once: no second result
        _ = try await api.read(id: Self.ids.active)
        let both = try await callNotifications()
        #expect(both.compactMap { ($0["payload"] as? [String: Any])?["call_id"] as? String } == [added, Self.ids.active])
    }

    @Test func unknownIdsAreNotFoundAndAnswersAreNeverStored() async throws {
        let (server, api, client) = try Self.start()
        defer { server.stop() }
        let unknown = "00000000-0000-4000-8000-000000000000"
        await #expect(throws: CallsError.self) { _ = try await api.read(id: unknown) }
        do { _ = try await api.read(id: unknown) } catch let error as CallsError {
            #expect(error == .notFound(id: unknown, try #require(error.answer)))
        }
        let answer = try await client.send(.get("/v1/calls/\(Self.ids.inbound)"))
        #expect(answer.header("cache-control") == "private, no-store")
        let refused = try await client.send(.get("/v1/calls/\(unknown)"))
        #expect(refused.status == 404 && refused.header("cache-control") == "private, no-store")
        #expect(try await client.send(.get("/v1/calls", query: [URLQueryItem(name: "limit", value: "26")])).status == 400)
    }

    @Test func aServerWithoutCallsSaysSoOnEveryRoute() async throws {
        let (server, api, _) = try Self.start(calls: false)
        defer { server.stop() }
        #expect(try await api.isOffered() == false)
        for attempt: @Sendable () async throws -> Void in [
            { _ = try await api.list() }, { _ = try await api.read(id: Self.ids.inbound) },
            { _ = try await api.stop(id: Self.ids.inbound) }, { _ = try await api.delete(id: Self.ids.inbound) },
        ] {
            do {
                try await attempt()
                Issue.record("a server without calls must refuse")
            } catch let error as CallsError {
                #expect(error.description == CallWords.notOffered)
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func pagesFollowTheIdCursor() async throws {
        let (server, api, _) = try Self.start()
        defer { server.stop() }
        let first = try await api.list(limit: 2)
        #expect(first.calls.count == 2 && first.nextCursor == first.calls.last?.id)
        let second = try await api.list(limit: 2, cursor: first.nextCursor)
        #expect(second.calls.map(\.id).allSatisfy { $0 > first.calls[1].id })
    }
}

struct Unexpected: Error {
    var value: String
    init(_ value: Any?) { self.value = String(describing: value) }
}
