import Foundation

/// The fixture's schedules (docs/wire/schedules.md): records with their current
/// revision, occurrences, and create idempotency keys.
final class SchedulesState {
    final class Schedule {
        let id: String
        var state = "ACTIVE"
        var pauseReason: String?
        var revision = 1
        /// The definition as last sent (request keys, validated).
        var definition: JSON
        let createdAt: Instant
        var updatedAt: Instant
        var revisionCreatedAt: Instant
        /// When the scheduler fires next: planned on every change and after each firing.
        var plannedFire: Instant?

        init(id: String, definition: JSON, now: Instant) {
            self.id = id
            self.definition = definition
            self.createdAt = now
            self.updatedAt = now
            self.revisionCreatedAt = now
        }
    }

    struct Occurrence {
        var id: String
        var scheduleID: String
        var revision: Int
        var nominalFireAt: Instant
        var sessionID: String?
        var runID: String? = nil
        var createdAt: Instant
    }

    var schedules: [String: Schedule] = [:]
    var order: [String] = []
    var occurrences: [Occurrence] = []
    var createKeys: [String: (body: String, scheduleID: String)] = [:]
    /// The seeding the seeded schedules were last adopted for.
    var adoptedSeedCount = 0

    /// The planned next firing (null unless ACTIVE).
    func nextFire(_ schedule: Schedule) -> JSON {
        guard schedule.state == "ACTIVE", let planned = schedule.plannedFire else { return nil }
        return .string(planned.zulu)
    }

    /// Plans the next firing after `instant` from the cadence's calendar;
    /// nothing is planned unless the schedule is ACTIVE.
    func plan(_ schedule: Schedule, after instant: Instant) {
        guard schedule.state == "ACTIVE", let cadence = schedule.definition["cadence"] else {
            schedule.plannedFire = nil
            return
        }
        schedule.plannedFire = ScheduleCalendar.nextFire(of: cadence, after: instant)
    }

    func listItem(_ s: Schedule) -> JSON {
        let instruction = s.definition["instruction"]?.stringValue ?? ""
        let preview = instruction.count > 200 ? String(instruction.prefix(199)) + "…" : instruction
        return [
            "id": .string(s.id), "state": .string(s.state), "pause_reason": .string(s.pauseReason),
            "current_revision": .int(Int64(s.revision)), "next_fire_at": nextFire(s),
            "title": s.definition["title"] ?? nil, "instruction_preview": .string(preview),
            "cadence": s.definition["cadence"] ?? nil,
            "created_at": .string(s.createdAt.zulu), "updated_at": .string(s.updatedAt.zulu),
        ]
    }

    func record(_ s: Schedule, principal: String) -> JSON {
        var revision: [JSON.Member] = [
            JSON.Member(key: "schedule_id", value: .string(s.id)),
            JSON.Member(key: "revision", value: .int(Int64(s.revision))),
        ]
        revision += s.definition.objectMembers ?? []
        let isOnce = s.definition["cadence"]?["kind"]?.stringValue == "ONCE"
        revision += [
            JSON.Member(key: "timezone", value: isOnce ? .null : (s.definition["cadence"]?["timezone"] ?? .null)),
            JSON.Member(key: "created_by_principal_id", value: .string(principal)),
            JSON.Member(key: "created_at", value: .string(s.revisionCreatedAt.zulu)),
        ]
        return [
            "schedule": [
                "id": .string(s.id), "tenant_id": .string(principal), "principal_id": .string(principal),
                "state": .string(s.state), "pause_reason": .string(s.pauseReason),
                "current_revision": .int(Int64(s.revision)), "next_fire_at": nextFire(s),
                "consecutive_failures": 0, "created_at": .string(s.createdAt.zulu),
                "updated_at": .string(s.updatedAt.zulu),
            ],
            "revision": .object(revision),
        ]
    }

    func view(_ o: Occurrence) -> JSON {
        [
            "id": .string(o.id), "schedule_id": .string(o.scheduleID), "schedule_revision": .int(Int64(o.revision)),
            "nominal_fire_at": .string(o.nominalFireAt.zulu), "disposition": "MATERIALIZED",
            "session_id": .string(o.sessionID), "run_id": .string(o.runID), "reason_code": nil, "authority_version": "1",
            "materialized_at": .string(o.nominalFireAt.zulu), "links_erased_at": nil,
            "created_at": .string(o.createdAt.zulu),
        ]
    }
}
