import Foundation
import Testing
import VeetFixture

/// `seedSessions`: many finished sessions with searchable words, in list order.
@Suite struct SeedingTests {
    /// `(updated_at, id)` of every item is strictly decreasing.
    static func expectListOrder(_ items: [[String: Any]]) {
        let keys = items.map { ($0["updated_at"] as? String ?? "", $0["id"] as? String ?? "") }
        for (newer, older) in zip(keys, keys.dropFirst()) {
            #expect(newer.0 > older.0 || (newer.0 == older.0 && newer.1 > older.1), "\(newer) before \(older)")
        }
    }

    @Test func aHundredThousandSessionsPageInOrderAndEachAppearsOnce() throws {
        var options = FixtureOptions.testing
        options.seedSessions = 100_000
        options.seedMessagesPerSession = 2
        let harness = try Harness(options: options)
        #expect(harness.server.sessionCount == 100_000)
        let walk = try harness.walkSessions(limit: 200)
        #expect(walk.ids.count == 100_000)
        #expect(Set(walk.ids).count == 100_000)
        #expect(Set(walk.cursors).count == walk.cursors.count)
        #expect(walk.ids == harness.server.sessionIDs())
        Self.expectListOrder(walk.items)
    }

    @Test func seededTranscriptsAreSearchableConversations() throws {
        let harness = try Harness()
        let report = harness.server.seedSessions(count: 60, messagesPerSession: 4)
        #expect(report.sessionIDs.count == 60)
        let chats = Set(report.sessionIDs).subtracting(report.peopleSessionIDs).subtracting(report.scheduledSessionIDs)
        let titles = try harness.walkSessions(limit: 50).items.compactMap { $0["title"] as? String }
        #expect(Set(titles).count > 30, "titles vary")
        var allText = ""
        for id in chats {
            let items = try harness.request("GET", "/v1/sessions/\(id)/messages").object["items"] as? [[String: Any]] ?? []
            #expect(items.map { $0["role"] as? String } == ["user", "assistant", "user", "assistant"])
            let sequences = items.compactMap { $0["sequence"] as? Int }
            #expect(sequences == sequences.sorted() && sequences.first ?? 0 > 1)
            let text = harness.server.transcriptText(ofSession: id).joined(separator: " ").lowercased()
            let words = Set(text.split { !$0.isLetter }.filter { $0.count >= 4 })
            #expect(words.count >= 12, "\(text)")
            allText += text + " "
        }
        // The topics show up across the seeded sessions.
        let stems = ["itinerary", "budget", "recipe", "review", "plan", "tax", "water", "training"]
        #expect(stems.filter { allText.contains($0) }.count >= 6)
    }

    @Test func twoServersSeededAlikeHoldTheSameWords() throws {
        let first = try Harness()
        let second = try Harness()
        let a = first.server.seedSessions(count: 25)
        let b = second.server.seedSessions(count: 25)
        #expect(a == b)
        for id in a.sessionIDs {
            #expect(first.server.transcriptText(ofSession: id) == second.server.transcriptText(ofSession: id))
        }
    }

    @Test func seededRunsReplayLikeLiveRunsAndMatchTheTranscript() throws {
        let harness = try Harness()
        let report = harness.server.seedSessions(count: 12, messagesPerSession: 2)
        let searched = try #require(report.webSearchSessionIDs.first)
        let session = try harness.request("GET", "/v1/sessions/\(searched)").object
        let runID = try #require(session["last_run_id"] as? String)
        let run = try harness.request("GET", "/v1/runs/\(runID)").object
        #expect(run["status"] as? String == "COMPLETED")
        #expect(run["tool_call_count"] as? Int == 1)
        let frames = try harness.streamToEnd(runID)
        #expect(frames.last?.event == "memory.formation.requested")
        StreamChecks.expectWellFormed(Array(frames.dropLast()), runID: runID, terminal: "run.completed")
        let search = try #require(frames.first { $0.event == "tool.call.completed" })
        #expect(search.object["name"] as? String == "web.search")
        let result = StreamChecks.outcome(search)
        let query = try #require(result["query"] as? String)
        #expect(!query.isEmpty && !(result["answer"] as? String ?? "").isEmpty)
        let transcript = try harness.request("GET", "/v1/sessions/\(searched)/messages").object["items"] as? [[String: Any]] ?? []
        let messageIDs = frames.filter { $0.event == "user.message.created" || $0.event == "assistant.message.completed" }
            .compactMap(\.id)
        #expect(messageIDs == transcript.compactMap { $0["sequence"] as? Int })
    }

    @Test func peopleAndScheduledSessionsLookAsTheContractDescribes() throws {
        let harness = try Harness()
        let report = harness.server.seedSessions(count: 220)
        #expect(report.peopleSessionIDs.count == 4)
        #expect(report.scheduledSessionIDs.count >= 5)
        let purposes = try report.peopleSessionIDs.map { id in
            (try harness.request("GET", "/v1/sessions/\(id)").object["metadata"] as? [String: Any])?["purpose"] as? String
        }
        #expect(Set(purposes.compactMap { $0 }) == ["people-management", "people-import"])
        let scheduled = try #require(report.scheduledSessionIDs.first)
        let view = try harness.request("GET", "/v1/sessions/\(scheduled)").object
        let metadata = view["metadata"] as? [String: Any] ?? [:]
        #expect(UUID(uuidString: metadata["schedule_id"] as? String ?? "") != nil)
        #expect(metadata["schedule_revision"] as? Int == 1)
        #expect(UUID(uuidString: metadata["schedule_occurrence_id"] as? String ?? "") != nil)
        #expect((metadata["nominal_fire_at"] as? String)?.hasSuffix("+00:00") == true)
        let frames = try harness.streamToEnd(try #require(view["last_run_id"] as? String))
        #expect(frames.first?.object["content"] is String, "a scheduled run's instruction is a bare string")
        #expect(frames.first { $0.event == "run.queued" }?.object["priority"] as? Int == 10)
    }

    @Test func theServersOwnSessionsLookAsARealServerHasThem() throws {
        let harness = try Harness()
        let report = harness.server.addServerSessions(reviews: 2)
        #expect(report.reviewSessionIDs.count == 2 && report.reviewRunIDs.count == 2)
        #expect(report.peopleSessionIDs.count == 2)
        // Newest first: the People sessions were made last.
        #expect(harness.server.sessionIDs() == report.peopleSessionIDs + report.reviewSessionIDs)
        for (session, run) in zip(report.reviewSessionIDs, report.reviewRunIDs) {
            let view = try harness.request("GET", "/v1/sessions/\(session)").object
            #expect(view["title"] as? String == "Skill background review")
            #expect((view["metadata"] as? [String: Any])?["run_kind"] as? String == "skill_background_review")
            #expect(view["active_run_id"] as? String == run)
            #expect(harness.server.runStatus(run) == "QUEUED")
        }
        let purposes = try report.peopleSessionIDs.map { id in
            (try harness.request("GET", "/v1/sessions/\(id)").object["metadata"] as? [String: Any])?["purpose"] as? String
        }
        #expect(purposes == ["people-import", "people-management"])
        // The option does the same at start.
        var options = FixtureOptions.testing
        options.serverSessions = 3
        #expect(FixtureServer(token: "t", options: options).sessionIDs().count == 5)
    }

    @Test func aSeededSessionTakesNewMessagesAndCanBeDeleted() throws {
        let harness = try Harness()
        let report = harness.server.seedSessions(count: 5, messagesPerSession: 2)
        let oldest = try #require(report.sessionIDs.last)
        let before = try harness.request("GET", "/v1/sessions/\(oldest)/messages").object["items"] as? [[String: Any]] ?? []
        let run = try harness.startRun(oldest, "And one more question")
        let frames = try harness.streamToEnd(run)
        #expect(frames.first?.id ?? 0 > before.compactMap { $0["sequence"] as? Int }.max() ?? .max)
        #expect(harness.server.sessionIDs().first == oldest)
        let after = try harness.request("GET", "/v1/sessions/\(oldest)/messages").object["items"] as? [[String: Any]] ?? []
        #expect(after.count == before.count + 2)
        let seededRun = try #require(harness.server.runIDs(inSession: oldest).first)
        #expect(try harness.request("DELETE", "/v1/sessions/\(oldest)").status == 204)
        #expect(try harness.request("GET", "/v1/sessions/\(oldest)").status == 404)
        #expect(try harness.request("GET", "/v1/runs/\(seededRun)").status == 404)
        #expect(harness.server.sessionCount == 4)
    }
}
