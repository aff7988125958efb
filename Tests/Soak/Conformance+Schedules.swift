import Foundation
import VeetChat
import VeetSchedules
import VeetTransport
import VeetWire

/// Schedules (docs/wire/schedules.md), through `SchedulesAPI`. Two schedules are made
/// (paging needs two), set to fire twelve hours from now and cancelled at the
/// end: the contract has no delete, so two `CANCELLED` records stay behind.
/// Occurrences come only from firing, so their paging is checked on the
/// in-process fixture (which can be asked to fire); any server gets the page shape.
extension Conformance {
    mutating func checkSchedules() async {
        guard let chat = try? target.api(), let client = try? SoakTarget.client(target.url, token: target.token) else { return }
        let recorder = StatusRecorder()
        let api = SchedulesAPI(sender: recorder.sender(client), retry: .never)
        let fixture = target.fixture
        var definition: ScheduleDefinition?
        var first: ScheduleRecord?
        var second: ScheduleRecord?
        var revision = 1
        var sessions: [String] = []

        await check("GET /v1/schedules (page)", .schedules, probe: true) {
            _ = try await api.list(limit: 50)
            return nil
        }
        await check("POST /v1/schedules (201; same key and body: 200, same schedule)", .schedules) {
            let session = try await chat.createSession()  // the resolved agent id and version to schedule
            try? await chat.deleteSession(id: session.id)
            let made = Self.definition(title: Self.uniqueName("Conformance schedule"), agent: session)
            definition = made
            let key = IdempotencyKey()
            let created = try await api.create(made, idempotencyKey: key)
            first = created
            guard recorder.lastStatus == 201 else { return "status \(recorder.lastStatus), expected 201" }
            let again = try await api.create(made, idempotencyKey: key)
            return Self.first(recorder.lastStatus == 200 ? nil : "replay status \(recorder.lastStatus), expected 200",
                              again.id == created.id ? nil : "the replay made \(again.id), expected \(created.id)",
                              created.schedule.state == .active ? nil : "state \(created.schedule.state.rawValue), expected ACTIVE",
                              created.revision.definition.title == made.title ? nil : "title \(created.revision.definition.title)")
        }
        await check("POST /v1/schedules (same key, other body → 409)", .schedules) {
            guard var other = definition else { throw NotChecked("the create failed") }
            let key = IdempotencyKey()
            second = try await api.create(other, idempotencyKey: key)
            other.title += " changed"
            return await Self.expectError(409, nil) { _ = try await api.create(other, idempotencyKey: key) }
        }
        await check("POST /v1/schedules (max_steps 0 → 400 malformed_request, a shape error)", .schedules) {
            guard var invalid = definition else { throw NotChecked("the create failed") }
            invalid.limits.maxSteps = 0
            do {
                _ = try await api.create(invalid, idempotencyKey: IdempotencyKey())
                return "answered success, expected 400"
            } catch let error as ScheduleDefinitionRefused {
                return error.underlying.code == .malformedRequest ? nil : "code \(error.underlying.code.rawValue)"
            } catch let error as ScheduleValidationError {
                return "422 \(error.reason), expected 400 malformed_request (schedules.md §1)"
            }
        }
        await check("POST /v1/schedules (a ONCE in the past → 422 schedule.no_future_occurrence)", .schedules) {
            guard var invalid = definition else { throw NotChecked("the create failed") }
            invalid.cadence = .once(at: "2020-01-01T00:00:00Z")
            do {
                _ = try await api.create(invalid, idempotencyKey: IdempotencyKey())
                return "answered success, expected 422"
            } catch let error as ScheduleValidationError {
                guard error.underlying.code.rawValue == "schedule_validation_error" else { return "code \(error.underlying.code.rawValue)" }
                return error.reason == "schedule.no_future_occurrence" ? nil : "details.reason \(error.reason)"
            }
        }
        await check("GET /v1/schedules (paged: limit, cursor)", .schedules) {
            guard first != nil, second != nil else { throw NotChecked("fewer than two schedules were made") }
            let page = try await api.list(limit: 1)
            guard page.items.count == 1 else { return "limit=1 gave \(page.items.count) items" }
            guard let cursor = page.nextCursor else { return "no next_cursor with two schedules" }
            let next = try await api.list(limit: 1, cursor: cursor)
            return next.items.first?.id == page.items.first?.id ? "the cursor repeated the first page" : nil
        }
        await check("GET /v1/schedules?cursor=garbled → 400", .schedules) {
            await Self.expectError(400, .malformedRequest) { _ = try await api.list(limit: 1, cursor: "%%%garbled") }
        }
        await check("GET /v1/schedules/{id}", .schedules) {
            guard let first else { throw NotChecked("the create failed") }
            let read = try await api.read(id: first.id)
            return Self.first(read.id == first.id ? nil : "asked \(first.id), got \(read.id)",
                              read.schedule.currentRevision == 1 ? nil : "current_revision \(read.schedule.currentRevision), expected 1")
        }
        await check("PATCH /v1/schedules/{id} (revision + 1)", .schedules) {
            guard let first, var changed = definition else { throw NotChecked("the create failed") }
            changed.instruction += " Keep it short."
            let edited = try await api.edit(id: first.id, expectedRevision: 1, definition: changed)
            revision = edited.schedule.currentRevision
            return Self.first(revision == 2 ? nil : "current_revision \(revision), expected 2",
                              edited.revision.revision == 2 ? nil : "revision.revision \(edited.revision.revision), expected 2")
        }
        await check("PATCH /v1/schedules/{id} (stale expected_revision → 409, nothing changes)", .schedules) {
            guard let first, let definition else { throw NotChecked("the create failed") }
            if let mismatch = await Self.expectError(409, nil, { _ = try await api.edit(id: first.id, expectedRevision: 1, definition: definition) }) {
                return mismatch
            }
            let now = try await api.read(id: first.id).schedule.currentRevision
            return now == revision ? nil : "current_revision \(now) after a refused edit, expected \(revision)"
        }
        await check("POST /v1/schedules/{id}/pause (PAUSED, user; again: 200)", .schedules) {
            guard let first else { throw NotChecked("the create failed") }
            let paused = try await api.pause(id: first.id, expectedRevision: revision)
            let again = try await api.pause(id: first.id, expectedRevision: paused.schedule.currentRevision)
            revision = again.schedule.currentRevision
            return Self.first(paused.schedule.state == .paused ? nil : "state \(paused.schedule.state.rawValue), expected PAUSED",
                              paused.schedule.pauseReason == "user" ? nil : "pause_reason \(paused.schedule.pauseReason ?? "null")",
                              paused.schedule.nextFireAt == nil ? nil : "next_fire_at set while paused",
                              again.schedule.state == .paused ? nil : "the repeat left \(again.schedule.state.rawValue)")
        }
        await check("POST /v1/schedules/{id}/resume (ACTIVE)", .schedules) {
            guard let first else { throw NotChecked("the create failed") }
            let resumed = try await api.resume(id: first.id, expectedRevision: revision)
            revision = resumed.schedule.currentRevision
            return resumed.schedule.state == .active ? nil : "state \(resumed.schedule.state.rawValue), expected ACTIVE"
        }
        await check("GET /v1/schedules/{id}/occurrences (page)", .schedules) {
            guard let first else { throw NotChecked("the create failed") }
            _ = try await api.occurrences(id: first.id, limit: 50)
            return nil
        }
        await check("GET /v1/schedules/{id}/occurrences (paged: limit, cursor)", .schedules) {
            guard let fixture else { throw NotChecked("only the fixture can be asked to fire a schedule") }
            guard let first else { throw NotChecked("the create failed") }
            for _ in 0..<2 {
                guard let fired = fixture.fireScheduleStartingRun(first.id) else { return "the fixture did not fire it" }
                sessions.append(fired.sessionID)
                _ = try await Self.frames(chat, runID: fired.runID)
            }
            let page = try await api.occurrences(id: first.id, limit: 1)
            guard page.items.count == 1, let cursor = page.nextCursor else {
                return "limit=1 over two occurrences gave \(page.items.count) items, next_cursor \(page.nextCursor ?? "null")"
            }
            let next = try await api.occurrences(id: first.id, limit: 1, cursor: cursor)
            guard let later = next.items.first, later.id != page.items[0].id else { return "the cursor did not reach the second occurrence" }
            return later.nominalFireAt <= page.items[0].nominalFireAt ? nil : "not newest first"
        }
        await check("DELETE /v1/schedules/{id}?expected_revision (CANCELLED; again: 200)", .schedules) {
            guard let first else { throw NotChecked("the create failed") }
            let cancelled = try await api.cancel(id: first.id, expectedRevision: revision)
            let again = try await api.cancel(id: first.id, expectedRevision: cancelled.schedule.currentRevision)
            revision = again.schedule.currentRevision
            return Self.first(cancelled.schedule.state == .cancelled ? nil : "state \(cancelled.schedule.state.rawValue), expected CANCELLED",
                              again.schedule.state == .cancelled ? nil : "the repeat left \(again.schedule.state.rawValue)")
        }
        await check("PATCH /v1/schedules/{cancelled} → 409 (final state)", .schedules) {
            guard let first, let definition else { throw NotChecked("the create failed") }
            return await Self.expectError(409, nil) { _ = try await api.edit(id: first.id, expectedRevision: revision, definition: definition) }
        }
        await check("GET /v1/schedules/{unknown} → 404", .schedules) {
            await Self.expectError(404, .notFound) { _ = try await api.read(id: Self.unknownID) }
        }
        if let second, let current = try? await api.read(id: second.id), current.schedule.state != .cancelled {
            _ = try? await api.cancel(id: second.id, expectedRevision: current.schedule.currentRevision)
        }
        for id in sessions { try? await chat.deleteSession(id: id) }
    }

    /// A daily schedule due twelve hours from now (UTC), so it cannot fire while checked.
    static func definition(title: String, agent: SessionView) -> ScheduleDefinition {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let hour = (utc.component(.hour, from: Date()) + 12) % 24
        return ScheduleDefinition(title: title, instruction: "Say hello (a veet-soak conformance check).",
                                  agentID: agent.agentID, agentVersion: agent.agentVersion,
                                  cadence: .daily(at: String(format: "%02d:00:00", hour), timezone: "UTC"))
    }
}
