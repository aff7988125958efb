import Foundation

/// What `FixtureServer.seedSessions(count:messagesPerSession:)` added; every list newest first.
public struct SeedReport: Sendable, Equatable {
    /// Every seeded session.
    public var sessionIDs: [String]
    /// People audit (`metadata.purpose == "people-management"`) and import
    /// (`"people-import"`) sessions: not conversations; clients skip them.
    public var peopleSessionIDs: [String]
    /// Sessions made by a schedule (`metadata.schedule_id` and friends).
    public var scheduledSessionIDs: [String]
    /// Chat sessions whose first run called `web.search` (query and answer in its events).
    public var webSearchSessionIDs: [String]
}

extension FixtureServer {
    /// Adds `count` finished sessions older than every existing one, with varied titles
    /// and user/assistant transcripts over a fixed vocabulary (travel, budgets, recipes,
    /// code reviews, planning, taxes, gardening, fitness). `messagesPerSession` is rounded
    /// up to whole question/answer turns; each turn is one completed run whose events
    /// replay like a live run's. Contents depend only on the seed position, so two
    /// servers seeded alike hold the same words (ids and times aside: times follow the clock).
    /// About 1 in 200 sessions is a People audit session, 1 in 200 a People import session,
    /// 1 in 40 a scheduled session; 1 in 5 chat sessions searched the web.
    @discardableResult
    public func seedSessions(count: Int, messagesPerSession: Int = 4) -> SeedReport {
        let outcome = store.transaction { $0.seedSessions(count: count, messagesPerSession: messagesPerSession) }
        return SeedReport(
            sessionIDs: outcome.sessionIDs, peopleSessionIDs: outcome.peopleSessionIDs,
            scheduledSessionIDs: outcome.scheduledSessionIDs, webSearchSessionIDs: outcome.webSearchSessionIDs)
    }

    /// Live sessions (seeded ones included).
    public var sessionCount: Int { store.transaction { $0.sessionOrder.count } }

    /// Gives a session new activity: its `updated_at` becomes now and it moves to the top
    /// of the list. False for an unknown or deleted session.
    @discardableResult
    public func touchSession(_ sessionID: String) -> Bool {
        store.transaction { $0.touchSession(sessionID.lowercased()) }
    }

    /// Sessions the `touchSessionsDuringPaging` fault has moved so far, in order.
    public var churnedSessionIDs: [String] { store.transaction { $0.churnedSessionIDs } }

    /// Transcript text of a session (every text block, in order), for search assertions.
    public func transcriptText(ofSession sessionID: String) -> [String] {
        store.transaction { state in
            guard let session = state.sessions[sessionID.lowercased()] else { return [] }
            return state.transcriptItems(of: session).flatMap { item in
                (item.content.arrayValue ?? []).compactMap { $0["text"]?.stringValue }
            }
        }
    }
}
