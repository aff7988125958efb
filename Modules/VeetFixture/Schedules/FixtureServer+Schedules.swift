import Foundation

extension FixtureServer {
    /// Fires a schedule now as the server's scheduler would: records a
    /// MATERIALIZED occurrence and creates its own session whose metadata
    /// carries `schedule_id`, `schedule_revision`, `schedule_occurrence_id`
    /// and `nominal_fire_at`, titled with the schedule's title, with the
    /// instruction as first user message (no run is started). Returns the
    /// session id, or nil for an unknown or inactive schedule.
    @discardableResult
    public func fireSchedule(_ scheduleID: String) -> String? {
        store.transaction { state in
            guard let schedule = state.schedules.schedules[scheduleID], schedule.state == "ACTIVE" else { return nil }
            let now = state.now()
            let occurrenceID = Identifier.make()
            let metadata: JSON = [
                "schedule_id": .string(schedule.id), "schedule_revision": .int(Int64(schedule.revision)),
                "schedule_occurrence_id": .string(occurrenceID), "nominal_fire_at": .string(now.offset),
            ]
            guard let created = try? state.createSession(agentID: "general", metadata: metadata),
                  let sessionID = created["id"]?.stringValue, let session = state.sessions[sessionID] else { return nil }
            session.title = schedule.definition["title"]?.stringValue
            if let instruction = schedule.definition["instruction"]?.stringValue {
                session.transcript.append(TranscriptItem(
                    sequence: state.takeSequence(in: session), role: "user", content: [["type": "text", "text": .string(instruction)]]))
            }
            state.schedules.occurrences.append(SchedulesState.Occurrence(
                id: occurrenceID, scheduleID: schedule.id, revision: schedule.revision, nominalFireAt: now,
                sessionID: sessionID, createdAt: now))
            if schedule.definition["cadence"]?["kind"]?.stringValue == "ONCE" { schedule.state = "COMPLETED" }
            return sessionID
        }
    }
}
