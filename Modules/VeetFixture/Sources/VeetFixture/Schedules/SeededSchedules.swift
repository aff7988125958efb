import Foundation

/// Seeded history holds scheduled sessions naming three schedules; the
/// schedule routes show those schedules too, so a seeded server lists the
/// schedules its Scheduled groups come from.
extension SchedulesState {
    static let seededCadences: [JSON] = [
        ["kind": "DAILY", "local_time": "07:00:00", "timezone": "Europe/Paris"],
        ["kind": "WEEKLY", "local_time": "18:00:00", "weekdays": [7], "timezone": "Europe/Paris"],
        ["kind": "WEEKLY", "local_time": "16:00:00", "weekdays": [5], "timezone": "Europe/Paris"],
    ]

    /// Adds the schedules seeded sessions name, once per seeding.
    func adoptSeededSchedules(from state: StoreState) {
        guard adoptedSeedCount != state.seededCount else { return }
        adoptedSeedCount = state.seededCount
        var named = Set<Int>()
        for session in state.sessions.values {
            if case .scheduled(let schedule)? = session.seed?.kind { named.insert(schedule) }
            if named.count == SeedVocabulary.schedules.count { break }
        }
        for index in named.sorted() {
            let id = SeedRecipe.scheduleID(index)
            guard schedules[id] == nil else { continue }
            let seeded = SeedVocabulary.schedules[index]
            let definition: JSON = [
                "title": .string(seeded.title), "instruction": .string(seeded.instruction), "agent_id": "general",
                "agent_version": .string(state.identity.agentVersion), "policy_profile": "default",
                "requested_scopes": [], "limits": [
                    "max_steps": 20, "max_model_calls": 20, "max_tool_calls": 40, "max_cost": "0.50",
                ],
                "run_timeout_seconds": 900, "cadence": Self.seededCadences[index % Self.seededCadences.count],
                "misfire_grace_seconds": 3600, "max_consecutive_failures": 3,
            ]
            let oldest = state.sessionOrder.oldest?.instant ?? state.now()
            let schedule = Schedule(id: id, definition: definition, now: oldest.adding(seconds: -86_400))
            schedules[id] = schedule
            plan(schedule, after: state.now())
            order.insert(id, at: 0)
        }
    }
}
