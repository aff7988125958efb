import Foundation
import Testing
import VeetAccount
import VeetTestSupport
import VeetTransport

/// The API's own rules on canned answers: paths, limits, cursors, retries.
@Suite struct AccountAPITests {
    private static func page(_ ids: [String], next: String? = nil, notifications: Bool = false) -> HTTPResponse {
        let items: [[String: Any]] = ids.map { notifications ? ["notification": ["id": $0, "kind": "test"]] : ["id": $0] }
        return .json(["items": items, "next_cursor": next.map { $0 as Any } ?? NSNull()])
    }

    @Test func everyDeviceIsReadFollowingCursors() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/devices") { request in
            request.queryValue("cursor") == nil ? Self.page(["d2"], next: "older") : Self.page(["d1"])
        }
        #expect(try await AccountAPI(sender: server.sender).allDevices().map(\.id) == ["d2", "d1"])
        #expect(server.requests.map { $0.queryValue("cursor") } == [nil, "older"])
        #expect(server.requests.allSatisfy { $0.queryValue("limit") == "200" })
    }

    @Test func aRepeatedDeviceCursorIsAnInvalidAnswer() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/devices", Self.page(["d1"], next: "same"))
        await #expect(throws: InvalidResponseError.self) { _ = try await AccountAPI(sender: server.sender).allDevices() }
        #expect(server.requests.count == 2)
    }

    @Test func limitsAreKeptBetweenOneAndTwoHundred() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/devices", Self.page([]))
        server.on("GET", "/v1/notifications", Self.page([], notifications: true))
        let api = AccountAPI(sender: server.sender)
        _ = try await api.devices(limit: 5000)
        _ = try await api.notifications(limit: 0)
        _ = try await api.notifications()
        #expect(server.requests.map { $0.queryValue("limit") } == ["200", "1", nil])
    }

    /// Each page asks only for what is still missing, and the walk stops at the limit.
    @Test func theLatestNotificationsAskForWhatIsMissing() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/notifications") { request in
            switch request.queryValue("cursor") {
            case nil: Self.page(["n5", "n4"], next: "c2", notifications: true)
            case "c2": Self.page(["n3", "n2"], next: "c3", notifications: true)
            default: Self.page(["n1"], notifications: true)
            }
        }
        let items = try #require(try await NotificationInbox(api: AccountAPI(sender: server.sender)).latest(3).value)
        #expect(items.map(\.id) == ["n5", "n4", "n3"])
        #expect(server.requests.map { $0.queryValue("limit") } == ["3", "1"])
    }

    @Test func anIDGoesInThePathAsOneEscapedSegment() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/devices/*/revoke", .json(["id": "d/1?x", "status": "revoked"]))
        server.on("DELETE", "/v1/devices/*", .empty())
        let api = AccountAPI(sender: server.sender)
        _ = try await api.revoke(deviceID: "d/1?x")
        try await api.delete(deviceID: "d/1?x")
        #expect(server.requests.map(\.path) == ["/v1/devices/d%2F1%3Fx/revoke", "/v1/devices/d%2F1%3Fx"])
    }

    @Test func aRegistrationRetriesWithItsKeyAndARevokeGoesOnce() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/devices", sequence: [.apiError(503, "unavailable"), .json(["id": "d1"], status: 201)])
        server.on("POST", "/v1/devices/d1/revoke", .apiError(503, "unavailable"))
        let api = AccountAPI(sender: server.sender)
        let key = try #require(IdempotencyKey(rawValue: "register-1"))
        _ = try await api.register(body: try DeviceRegistration(clientDeviceID: "c", name: "n").wireBody(), idempotencyKey: key)
        await #expect(throws: APIError.self) { _ = try await api.revoke(deviceID: "d1") }
        #expect(server.requests("POST", "/v1/devices").map { $0.header("Idempotency-Key") } == ["register-1", "register-1"])
        #expect(server.requests("POST", "/v1/devices/d1/revoke").count == 1)
    }
}

/// The schedule facts of an alert: a bounded, early-stopping walk, not `Page.all`,
/// over the contract's shapes (docs/wire/schedules.md §4 record, §6 occurrences).
@Suite struct ScheduleFactsLookupTests {
    static func record(title: String, revision: Int) -> [String: Any] {
        ["schedule": ["id": "sc", "state": "ACTIVE", "pause_reason": NSNull(), "current_revision": revision,
                      "next_fire_at": NSNull(), "consecutive_failures": 0],
         "revision": ["schedule_id": "sc", "revision": revision, "title": title,
                      "instruction": "Summarize my calendar.", "cadence": ["kind": "DAILY", "local_time": "08:00:00",
                                                                           "timezone": "America/New_York"]]]
    }

    static func occurrence(_ id: String, revision: Int, at time: String = "2026-09-20T12:00:00Z") -> [String: Any] {
        ["id": id, "schedule_id": "sc", "schedule_revision": revision, "nominal_fire_at": time,
         "disposition": "MATERIALIZED", "session_id": "s", "run_id": "r", "reason_code": NSNull()]
    }

    private func occurrences(_ server: ScriptedServer, pages: Int, currentRevision: Int = 2) {
        server.on("GET", "/v1/schedules/*", .json(Self.record(title: "Morning briefing", revision: currentRevision)))
        server.on("GET", "/v1/schedules/*/occurrences") { request in
            let index = Int(request.queryValue("cursor") ?? "0") ?? 0
            let next: Any = index + 1 < pages ? String(index + 1) : NSNull()
            return .json(["items": [Self.occurrence("o-\(index)", revision: currentRevision)], "next_cursor": next])
        }
    }

    @Test func theWalkStopsAtTheOccurrenceItLooksFor() async throws {
        let server = ScriptedServer()
        occurrences(server, pages: 9)
        let facts = await ScheduleFactsLookup(sender: server.sender).facts(scheduleID: "s/c", occurrenceID: "o-1")
        #expect(facts?.occurrenceTime != nil && facts?.title == "Morning briefing")
        #expect(server.requests.map(\.path) == ["/v1/schedules/s%2Fc", "/v1/schedules/s%2Fc/occurrences",
                                                "/v1/schedules/s%2Fc/occurrences"])
    }

    @Test func atMostFivePagesAreRead() async throws {
        let server = ScriptedServer()
        occurrences(server, pages: 9, currentRevision: 1)
        let facts = await ScheduleFactsLookup(sender: server.sender).facts(scheduleID: "sc", occurrenceID: "o-7")
        // Never revised: the one revision there is ran, even though the occurrence was not reached.
        #expect(facts?.title == "Morning briefing" && facts?.occurrenceTime == nil)
        #expect(server.requests("GET", "/v1/schedules/*/occurrences").count == 5)
    }

    /// An occurrence of an older revision is not named after the current one.
    @Test func aRenamedSchedulesOldRunIsNotGivenTheNewTitle() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/schedules/sc", .json(Self.record(title: "Evening digest", revision: 3)))
        server.on("GET", "/v1/schedules/sc/occurrences", .json(["items": [
            Self.occurrence("o-new", revision: 3, at: "2026-09-21T12:00:00Z"), Self.occurrence("o-old", revision: 2),
        ], "next_cursor": NSNull()]))
        let lookup = ScheduleFactsLookup(sender: server.sender)
        let old = await lookup.facts(scheduleID: "sc", occurrenceID: "o-old")
        #expect(old == ScheduleFacts(title: nil, occurrenceTime: Date(timeIntervalSince1970: 1_789_905_600)))
        #expect(await lookup.facts(scheduleID: "sc", occurrenceID: "o-new")?.title == "Evening digest")
        // Revised, occurrence not found: the revision that ran is unknown, so is its title.
        #expect(await lookup.facts(scheduleID: "sc", occurrenceID: "o-gone") == ScheduleFacts(title: nil, occurrenceTime: nil))
    }

    /// Against the reference server: its record and occurrences are the contract's.
    @Test func theFixturesScheduleNamesTheAlert() async throws {
        let (server, client) = try AccountFixture.start()
        defer { server.stop() }
        _ = server.seedSessions(count: 30)
        let listed = try await client.send(.get("/v1/schedules"))
        let page = try #require(try JSONSerialization.jsonObject(with: listed.body) as? [String: Any])
        let first = try #require((page["items"] as? [[String: Any]])?.first)
        let scheduleID = try #require(first["id"] as? String), title = try #require(first["title"] as? String)
        _ = try #require(server.fireSchedule(scheduleID))
        let occurrenceID = try #require(server.occurrenceIDs(ofSchedule: scheduleID).first)
        let facts = await ScheduleFactsLookup(sender: .live(client: client)).facts(scheduleID: scheduleID, occurrenceID: occurrenceID)
        #expect(facts?.title == title && facts?.occurrenceTime != nil)
    }
}
