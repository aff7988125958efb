import Foundation
import Testing
import VeetFixture

/// The lists the contract pages with `limit` and `cursor` (docs/wire/README.md §8,
/// docs/wire/website-access.md §1, docs/wire/schedules.md §1) page on the fixture too: standing
/// grants and task grants returned everything with `next_cursor: null`, and
/// occurrences cut the list at `limit` with no cursor (found by `make conformance`).
@Suite struct ListPagingTests {
    @Test func standingGrantsPageOldestFirstAndRefuseALimitOver200() throws {
        let h = try Harness()
        for _ in 0..<3 { h.server.addStandingGrant(profileID: Self.randomID, origins: ["https://www.example.com"]) }
        let (all, walked) = try Self.walk(h, "/v1/browser-grants")
        #expect(all.count == 3 && walked == all.map { $0["id"] as? String ?? "" })
        let created = all.map { $0["created_at"] as? String ?? "" }
        #expect(created == created.sorted())
        #expect(try h.request("GET", "/v1/browser-grants?limit=201").status == 400)
        #expect(try h.request("GET", "/v1/browser-grants?limit=1&cursor=garbled").status == 400)
    }

    @Test func taskGrantsPageNewestFirst() throws {
        let h = try Harness()
        let session = try h.createSession()
        for _ in 0..<3 {
            h.server.addTaskGrant(sessionID: session, profileID: Self.randomID, origin: "https://www.example.com",
                                  pathPrefix: "/lesson")
        }
        let (all, walked) = try Self.walk(h, "/v1/browser-task-grants?session_id=\(session)&status=all")
        #expect(all.count == 3 && walked == all.map { $0["id"] as? String ?? "" })
        let created = all.map { $0["created_at"] as? String ?? "" }
        #expect(created == created.sorted().reversed())
        #expect(try h.request("GET", "/v1/browser-task-grants?limit=201").status == 400)
    }

    @Test func occurrencesPageNewestFirstWithACursor() throws {
        let h = try Harness()
        let definition = """
            {"title":"Paging","instruction":"Say hello.","agent_id":"general","agent_version":"1",\
            "policy_profile":"default","requested_scopes":[],"limits":{"max_steps":20,"max_model_calls":20,\
            "max_tool_calls":40,"max_cost":"0.50"},"run_timeout_seconds":900,\
            "cadence":{"kind":"DAILY","local_time":"08:00:00","timezone":"UTC"},\
            "misfire_grace_seconds":3600,"max_consecutive_failures":3}
            """
        let created = try h.request("POST", "/v1/schedules", headers: [("Idempotency-Key", "paging-1")], body: definition)
        let schedule = (created.object["schedule"] as? [String: Any])?["id"] as? String ?? ""
        #expect(created.status == 201 && !schedule.isEmpty, "\(created.text)")
        for _ in 0..<3 { #expect(h.server.fireSchedule(schedule) != nil) }
        let (all, walked) = try Self.walk(h, "/v1/schedules/\(schedule)/occurrences")
        #expect(all.count == 3 && walked == all.map { $0["id"] as? String ?? "" })
        let nominal = all.map { $0["nominal_fire_at"] as? String ?? "" }
        #expect(nominal == nominal.sorted().reversed())
        #expect(try h.request("GET", "/v1/schedules/\(schedule)/occurrences?cursor=garbled").status == 400)
    }

    static var randomID: String { UUID().uuidString.lowercased() }

    /// The whole list in one page (the reference), and the ids met walking it with `limit=1`.
    static func walk(_ h: Harness, _ path: String) throws -> (all: [[String: Any]], walked: [String]) {
        let joiner = path.contains("?") ? "&" : "?"
        let whole = try h.request("GET", "\(path)\(joiner)limit=200").object
        let all = whole["items"] as? [[String: Any]] ?? []
        #expect(whole["next_cursor"] is NSNull, "a full page still has a cursor")
        var walked: [String] = []
        var cursor: String?
        for _ in 0...all.count {
            let query = "\(joiner)limit=1" + (cursor.map { "&cursor=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0)" } ?? "")
            let page = try h.request("GET", path + query).object
            let items = page["items"] as? [[String: Any]] ?? []
            #expect(items.count <= 1, "limit=1 answered \(items.count) items")
            walked += items.compactMap { $0["id"] as? String }
            cursor = page["next_cursor"] as? String
            if cursor == nil { break }
        }
        #expect(cursor == nil, "the walk did not end")
        return (all, walked)
    }
}
