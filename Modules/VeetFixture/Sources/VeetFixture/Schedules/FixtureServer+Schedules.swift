import Foundation

extension FixtureServer {
    /// Fires a schedule now as the server's scheduler would: records a
    /// MATERIALIZED occurrence, creates its own session whose metadata
    /// carries `schedule_id`, `schedule_revision`, `schedule_occurrence_id`
    /// and `nominal_fire_at`, titled with the schedule's title, and starts a
    /// run whose first user message is the instruction (a bare string, with
    /// `run.queued` at priority 10 naming the schedule, as recorded). The
    /// scripted agent plays it like any run, so its transcript can be read.
    /// Returns the session id, or nil for an unknown or inactive schedule.
    @discardableResult
    public func fireSchedule(_ scheduleID: String) -> String? {
        fireScheduleStartingRun(scheduleID)?.sessionID
    }

    /// `fireSchedule` returning the run too.
    @discardableResult
    public func fireScheduleStartingRun(_ scheduleID: String) -> (sessionID: String, runID: String)? {
        fire(scheduleID, nominal: nil, planAfter: nil)
    }

    /// One firing; `nominal` is the planned instant (now when fired by hand),
    /// `planAfter` where the next firing is planned from (now by default).
    private func fire(_ scheduleID: String, nominal: Instant?, planAfter: Instant?) -> (sessionID: String, runID: String)? {
        let agent = AgentRunner(store: store, gate: gate,
                                pacing: AgentPacing(stepDelay: options.stepDelay,
                                                    slowReplyDuration: options.slowReplyDuration))
        return store.transaction { state -> (String, String)? in
            guard let schedule = state.schedules.schedules[scheduleID.lowercased()], schedule.state == "ACTIVE"
            else { return nil }
            let now = state.now()
            let nominalFireAt = nominal ?? now
            let occurrenceID = Identifier.make()
            let metadata: JSON = [
                "schedule_id": .string(schedule.id), "schedule_revision": .int(Int64(schedule.revision)),
                "schedule_occurrence_id": .string(occurrenceID), "nominal_fire_at": .string(nominalFireAt.offset),
            ]
            guard let created = try? state.createSession(agentID: "general", metadata: metadata),
                  let sessionID = created["id"]?.stringValue, let session = state.sessions[sessionID] else { return nil }
            session.title = schedule.definition["title"]?.stringValue
            let instruction = schedule.definition["instruction"]?.stringValue ?? ""
            let run = RunRecord(id: Identifier.make(), sessionID: sessionID, scenario: Scenario.choose(for: instruction),
                                prompt: instruction, createdAt: now)
            state.runs[run.id] = run
            session.runIDs.append(run.id)
            session.activeRunID = run.id
            session.lastRunID = run.id
            let sequence = state.append("user.message.created", ["content": .string(instruction)], to: run)
            session.transcript.append(TranscriptItem(
                sequence: sequence, role: "user", content: [["type": "text", "text": .string(instruction)]]))
            _ = state.append("run.queued", [
                "authority_version": "1", "priority": 10, "schedule_id": .string(schedule.id),
                "schedule_occurrence_id": .string(occurrenceID), "schedule_revision": .int(Int64(schedule.revision)),
            ], to: run)
            state.checkpoint(run, trigger: "seed", full: true)
            state.schedules.occurrences.append(SchedulesState.Occurrence(
                id: occurrenceID, scheduleID: schedule.id, revision: schedule.revision, nominalFireAt: nominalFireAt,
                sessionID: sessionID, runID: run.id, createdAt: now))
            if schedule.definition["cadence"]?["kind"]?.stringValue == "ONCE" { schedule.state = "COMPLETED" }
            state.schedules.plan(schedule, after: planAfter.map { max($0, now) } ?? now)
            agent.start(runID: run.id)
            return (sessionID, run.id)
        }
    }

    /// The scheduler's clock, driven by the caller: fires every ACTIVE
    /// schedule whose planned firing is at or before `date` (once each, even
    /// if several firings were missed, as a misfire collapses to one), then
    /// plans the next. Returns the new sessions, oldest schedule first.
    @discardableResult
    public func fireDueSchedules(asOf date: Date = Date()) -> [String] {
        let due = Instant(microseconds: Int64((date.timeIntervalSince1970 * 1_000_000).rounded()))
        let planned: [(id: String, at: Instant)] = store.transaction { state in
            state.schedules.order.compactMap { id in
                guard let schedule = state.schedules.schedules[id], schedule.state == "ACTIVE",
                      let at = schedule.plannedFire, !(due < at) else { return nil }
                return (id, at)
            }
        }
        return planned.compactMap { fire($0.id, nominal: $0.at, planAfter: due)?.sessionID }
    }

    /// The ids of a schedule's occurrences, newest first.
    public func occurrenceIDs(ofSchedule scheduleID: String) -> [String] {
        store.transaction { state in
            state.schedules.occurrences.filter { $0.scheduleID == scheduleID.lowercased() }.reversed().map(\.id)
        }
    }
}
