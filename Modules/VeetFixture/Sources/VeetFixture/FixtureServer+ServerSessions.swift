import Foundation

/// What `FixtureServer.addServerSessions(reviews:)` made, newest first.
public struct ServerSessionsReport: Sendable, Equatable {
    /// "Skill background review" sessions (`metadata.run_kind`), each with a run stuck `QUEUED`.
    public var reviewSessionIDs: [String]
    /// Their stuck runs (the sessions' `active_run_id`), in the same order.
    public var reviewRunIDs: [String]
    /// One People audit (`purpose: people-management`) and one People import
    /// (`purpose: people-import`) session.
    public var peopleSessionIDs: [String]
}

extension FixtureServer {
    /// The `run_kind` a background review carries on the real server.
    public static let backgroundReviewRunKind = "skill_background_review"

    /// Adds sessions the server runs for itself, as a real server accumulates
    /// them: `reviews` "Skill background review" sessions whose metadata has
    /// `run_kind`, each with a run that never started (`QUEUED`, so
    /// `active_run_id` stays set, the stuck runs a real server shows), then a
    /// People audit and a People import session. All have new activity, so they
    /// lead the session list; none is a conversation of the owner's.
    @discardableResult
    public func addServerSessions(reviews: Int = 1) -> ServerSessionsReport {
        store.transaction { $0.addServerSessions(reviews: reviews) }
    }
}

extension StoreState {
    func addServerSessions(reviews: Int) -> ServerSessionsReport {
        var report = ServerSessionsReport(reviewSessionIDs: [], reviewRunIDs: [], peopleSessionIDs: [])
        for _ in 0..<max(0, reviews) {
            let metadata: JSON = ["run_kind": .string(FixtureServer.backgroundReviewRunKind)]
            guard let created = try? createSession(agentID: "general", metadata: metadata),
                  let sessionID = created["id"]?.stringValue, let session = sessions[sessionID] else { continue }
            session.title = "Skill background review"
            let run = RunRecord(id: Identifier.make(), sessionID: sessionID, scenario: .markdown,
                                prompt: "", createdAt: now())
            runs[run.id] = run
            session.runIDs.append(run.id)
            session.activeRunID = run.id
            session.lastRunID = run.id
            _ = append("run.queued", ["priority": 0], to: run)
            report.reviewSessionIDs.insert(sessionID, at: 0)
            report.reviewRunIDs.insert(run.id, at: 0)
        }
        for purpose in ["people-management", "people-import"] {
            guard let created = try? createSession(agentID: "general", metadata: ["purpose": .string(purpose)]),
                  let sessionID = created["id"]?.stringValue else { continue }
            if purpose == "people-import" { sessions[sessionID]?.title = "People history import" }
            report.peopleSessionIDs.insert(sessionID, at: 0)
        }
        return report
    }
}
