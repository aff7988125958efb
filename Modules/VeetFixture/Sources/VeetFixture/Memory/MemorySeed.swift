import Foundation

/// The seeded memory: 64 beliefs of every type and status (every fourth one
/// learned from email, and so flagged for review), synthesis operations in
/// every state, and a dreaming journal with one run of each outcome.
extension MemoryState {
    static let seedCount = 64
    static let types = ["fact", "preference", "relationship", "user_model_attr", "procedure_pointer"]
    static let statements = [
        "Prefers morning meetings", "Drinks coffee without sugar", "Works from Lisbon on Fridays",
        "Is learning Portuguese", "Keeps a running budget in a spreadsheet", "Likes window seats on flights",
        "Reviews the week on Sunday evenings", "Plays the cello", "Avoids meetings after 17:00",
        "Is allergic to peanuts", "Books trains rather than short flights", "Writes notes in Markdown",
    ]
    static let people = ["person:0198d6a2-1111-4000-8000-000000000001:Ana Ribeiro",
                         "person:0198d6a2-1111-4000-8000-000000000002:Tomás"]
    static let sessions = (1...4).map { id("5e551000", $0) }

    func seedIfNeeded(now: Instant) {
        guard !seeded else { return }
        seeded = true
        let start = now.adding(seconds: -Double(Self.seedCount) * 3600)
        for i in 0..<Self.seedCount {
            let status: String
            switch i % 8 {
            case 5: status = i % 16 == 5 ? "candidate" : "provisional"
            case 6: status = i % 16 == 6 ? "superseded" : "expired"
            case 7: status = "retired"
            default: status = "active"
            }
            let fromEmail = i % 4 == 1
            let at = start.adding(seconds: Double(i) * 3600)
            let type = Self.types[i % Self.types.count]
            let base = Self.statements[i % Self.statements.count]
            let belief = Belief(
                id: Self.id("be11ef00", i + 1),
                subject: type == "relationship" ? Self.people[i % 2] : "owner",
                statement: i < Self.statements.count ? base : "\(base) (\(i / Self.statements.count + 1))",
                type: type, status: status, derivation: fromEmail ? "email" : "direct",
                sensitivity: Self.sensitivities[i % Self.sensitivities.count],
                confidence: 0.5 + Double(i % 5) / 10, corroboration: i % 3, flagged: fromEmail || i % 10 == 3,
                sessionID: Self.sessions[i % Self.sessions.count], eventIDs: [i * 2 + 1, i * 2 + 4],
                supersededBy: status == "superseded" ? Self.id("be11ef00", i) : nil,
                validTo: status == "retired" || status == "expired" ? at.adding(seconds: 60) : nil,
                createdAt: at, updatedAt: at, position: takePosition())
            beliefs[belief.id] = belief
        }
        seedOperations(start: start)
        nextRunAt = now.adding(seconds: 6 * 3600)
        let outcomes: [(String, String, Int, Int, String?)] = [
            ("proposed", "reviewed", 2, 1, "0.04"), ("no_change", "no_work_available", 0, 1, "0.01"),
            ("blocked", "deferred", 0, 0, nil), ("failed", "timeout", 0, 2, "0.02"),
            ("interrupted", "lease_lost", 0, 1, "0.01"), ("running", "running", 0, 0, nil),
        ]
        for (index, entry) in outcomes.enumerated() {
            let began = start.adding(seconds: Double(index) * 86_400 / 4)
            runs.append(Run(id: Self.id("d4ea3000", index + 1), startedAt: began,
                            finishedAt: entry.0 == "running" ? nil : began.adding(seconds: 90), outcome: entry.0,
                            reason: entry.1, proposals: entry.2, providerCalls: entry.3, chargedUSD: entry.4))
        }
        runs.reverse()  // newest first
    }

    private func seedOperations(start: Instant) {
        let b = { (n: Int) in Self.id("be11ef00", n) }
        let plan: [(kind: String, state: String, reason: String, statement: String?, sources: [String])] = [
            ("merge", "committed", "equivalent", "Prefers mornings for meetings", [b(1), b(13)]),
            ("merge", "committed", "equivalent", "Drinks black coffee", [b(2)]),
            ("summary", "committed", "summarized", "Travels by train in Europe", [b(11), b(23), b(35)]),
            ("hypothesis", "proposed", "inferred", "May be planning a move to Lisbon", [b(3), b(4)]),
            ("merge", "proposed", "equivalent", "Plays the cello on weekends", [b(8), b(20)]),
            ("conflict", "proposed", "conflict_flagged", "Meeting hours disagree", [b(1), b(9)]),
            ("merge", "rejected", "owner_rejection", "Likes aisle seats", [b(6), b(18)]),
            ("summary", "stale", "source_changed", "Keeps budgets", [b(5), b(17)]),
            ("merge", "invalidated", "source_changed", "Writes in Markdown", [b(12), b(24)]),
            ("merge", "undone", "owner_undo", "Reviews the week", [b(7), b(19)]),
        ]
        for (index, entry) in plan.enumerated() {
            let at = start.adding(seconds: Double(index) * 1800)
            var op = Operation(id: Self.id("0be7a000", index + 1), kind: entry.kind, state: entry.state,
                               reason: entry.reason, statement: entry.statement,
                               memoryID: Self.id("5a3a0000", index + 1), sourceIDs: entry.sources, createdAt: at)
            if ["committed", "invalidated", "undone"].contains(entry.state) { op.committedAt = at.adding(seconds: 5) }
            if entry.state == "invalidated" { op.invalidatedAt = at.adding(seconds: 600) }
            if entry.state == "undone" { op.undoneAt = at.adding(seconds: 600); op.revision = 2 }
            operations[op.id] = op
            operationOrder.append(op.id)
        }
    }
}
