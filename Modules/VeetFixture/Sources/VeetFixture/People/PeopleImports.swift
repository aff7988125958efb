import Foundation

/// History imports (docs/wire/people.md §10). A job reads its scope's records at a cent
/// each: `known_records` is 20 per chat and 200 per mail account (at most
/// `max_records`). Every read of an active job advances it: `queued` ⇒
/// `running` (half read) ⇒ `completed`, or `budget_paused` where the spending
/// cap runs out, or `failed` (`error_code` `mailbox_unavailable`) for an
/// account named `broken`. Three past jobs are seeded: completed, paused, failed.
final class ImportJobRecord {
    let id: String
    var revision = 1
    var state = "preview"
    var scope: JSON
    let auditSessionID: String
    var recordsRead = 0
    var spentCents = 0
    var errorCode: String?

    init(id: String, scope: JSON, auditSessionID: String) {
        self.id = id
        self.scope = scope
        self.auditSessionID = auditSessionID
    }

    var knownRecords: Int {
        let chats = (scope["session_ids"]?.arrayValue?.count ?? 0) * 20
        let mail = (scope["account_ids"]?.arrayValue?.count ?? 0) * 200
        return min(chats + mail, Int(scope["max_records"]?.intValue ?? 0))
    }

    var capCents: Int {
        let text = scope["max_cost_usd"]?.stringValue ?? "0"
        return Int(((Decimal(string: text) ?? 0) * 100 as NSDecimalNumber).doubleValue.rounded(.down))
    }

    /// One step of progress, as a poll sees it.
    func advance() {
        switch state {
        case "queued":
            state = "running"
            read(upTo: knownRecords / 2)
        case "running":
            if scope["account_ids"]?.arrayValue?.contains(.string("broken")) == true {
                state = "failed"
                errorCode = "mailbox_unavailable"
            } else {
                read(upTo: knownRecords)
                if state == "running" { state = "completed" }
            }
        default: return
        }
        revision += 1
    }

    private func read(upTo target: Int) {
        let affordable = capCents - spentCents
        let wanted = max(0, target - recordsRead)
        let taken = min(wanted, affordable)
        recordsRead += taken
        spentCents += taken
        if taken < wanted { state = "budget_paused" }
    }

    func view() -> JSON {
        let active = state == "queued" || state == "running"
        return [
            "id": .string(id), "audit_session_id": .string(auditSessionID), "revision": .int(revision),
            "state": .string(state), "scope": scope, "records_read": .int(recordsRead), "mailbox_records_read": 0,
            "mailbox_read_complete": .bool(state == "completed"), "records_processed": .int(recordsRead),
            "records_excluded": .int(scope["excluded_source_ids"]?.arrayValue?.count ?? 0), "failures": 0,
            "spent_usd": .string(String(format: "%d.%02d", spentCents / 100, spentCents % 100)),
            "reserved_usd": active ? "1.00" : "0.00",
            "source_read_complete": .bool(state == "completed"), "analysis_complete": .bool(state == "completed"),
            "known_records": .int(knownRecords), "remaining_records": .int(max(0, knownRecords - recordsRead)),
            "coverage": "Reads retained mail and the chosen chats in the date range; attachments are not read.",
            "error_code": .string(errorCode), "run_id": nil,
        ]
    }
}

extension PeopleState {
    func seedImports() {
        guard imports.isEmpty else { return }
        let audit = "00000000-0000-4000-8000-0000000001a0"
        for (state, cost, account) in [("completed", "5.00", "default"), ("budget_paused", "0.50", "default"),
                                       ("failed", "5.00", "broken")] {
            let job = ImportJobRecord(id: Identifier.make(), scope: [
                "session_ids": [], "account_ids": [.string(account)], "email_source": "retained",
                "since": "2026-01-01T00:00:00.000Z", "until": "2026-09-01T00:00:00.000Z", "person_ids": [],
                "excluded_source_ids": [], "max_records": 2000, "max_cost_usd": .string(cost),
            ], auditSessionID: audit)
            job.state = "queued"
            while job.state == "queued" || job.state == "running" { job.advance() }
            precondition(job.state == state, "seeded import \(state) ended \(job.state)")
            imports[job.id] = job
            importOrder.append(job.id)
        }
    }
}

extension PeopleHandlers {
    static let scopeKeys: Set<String> = ["session_ids", "account_ids", "email_source", "since", "until", "person_ids",
                                         "excluded_source_ids", "max_records", "max_cost_usd"]

    func importsRead(_ rest: [String]) throws -> JSON {
        people.seedImports()
        if rest.isEmpty {
            let ids = people.importOrder.reversed().filter { people.imports[$0]?.state != "preview" }
            let slice = try page(Array(ids))
            return ["items": .array(slice.ids.compactMap { people.imports[$0]?.view() }), "next_cursor": slice.next]
        }
        guard rest.count == 1, let job = people.imports[try Validation.uuid(rest[0])] else {
            throw APIFailure.notFound("import")
        }
        job.advance()
        return job.view()
    }

    func importsWrite(_ rest: [String]) throws -> JSON {
        people.seedImports()
        if rest.count == 2, rest[1] == "cancel" {
            guard let job = people.imports[try Validation.uuid(rest[0])] else { throw APIFailure.notFound("import") }
            let f = try Validation.closedObject(try Validation.jsonBody(body), allowed: ["expected_revision"])
            guard let revision = f["expected_revision"]?.intValue, revision >= 1 else { throw APIFailure.malformed() }
            guard Int(revision) == job.revision else { throw APIFailure.conflict("The import changed meanwhile.") }
            guard ["queued", "running", "budget_paused", "preview"].contains(job.state) else {
                throw APIFailure.conflict("The import has ended.")
            }
            job.state = "cancelled"
            job.revision += 1
            return job.view()
        }
        guard rest.isEmpty else { throw APIFailure.unknownRoute }
        let f = try Validation.closedObject(try Validation.jsonBody(body), allowed: [
            "phase", "session_id", "scope", "operation_id", "expected_revision",
        ])
        guard let session = f["session_id"]?.stringValue.flatMap(Identifier.canonical), let scope = f["scope"] else {
            throw APIFailure.malformed()
        }
        let checked = try checkScope(scope)
        switch f["phase"]?.stringValue {
        case "preview"?:
            guard f["operation_id"] == nil, f["expected_revision"] == nil else { throw APIFailure.malformed() }
            let job = ImportJobRecord(id: Identifier.make(), scope: checked, auditSessionID: session)
            people.imports[job.id] = job
            people.importOrder.append(job.id)
            return job.view()
        case let phase? where phase == "apply" || phase == "resume":
            guard let id = f["operation_id"]?.stringValue.flatMap(Identifier.canonical), let job = people.imports[id],
                  let revision = f["expected_revision"]?.intValue else { throw APIFailure.malformed() }
            guard Int(revision) == job.revision else { throw APIFailure.conflict("The import changed meanwhile.") }
            let allowed = phase == "apply" ? ["preview"] : ["budget_paused", "failed", "cancelled"]
            guard allowed.contains(job.state) else { throw APIFailure.conflict("The import cannot be \(phase)d now.") }
            if phase == "resume" {
                job.scope = job.scope.setting("max_cost_usd", checked["max_cost_usd"] ?? "0")
                job.errorCode = nil
                if job.scope["account_ids"]?.arrayValue?.contains(.string("broken")) == true {
                    job.scope = job.scope.setting("account_ids", ["default"])
                }
            }
            job.state = "queued"
            job.revision += 1
            return job.view()
        default:
            throw APIFailure.malformed()
        }
    }

    private func checkScope(_ scope: JSON) throws -> JSON {
        let s = try Validation.closedObject(scope, allowed: Self.scopeKeys)
        let sessions = s["session_ids"]?.arrayValue ?? [], accounts = s["account_ids"]?.arrayValue ?? []
        guard !(sessions.isEmpty && accounts.isEmpty), sessions.count <= 100, accounts.count <= 10,
              (s["person_ids"]?.arrayValue?.count ?? 0) <= 3,
              let since = s["since"]?.stringValue.flatMap(Instant.init(parsing:)),
              let until = s["until"]?.stringValue.flatMap(Instant.init(parsing:)), since < until,
              let records = s["max_records"]?.intValue, (1...10_000).contains(records),
              let costText = s["max_cost_usd"]?.stringValue, let cost = Decimal(string: costText), cost > 0, cost <= 100
        else { throw APIFailure.malformed() }
        if s["email_source"]?.stringValue == "mailbox" && accounts.isEmpty { throw APIFailure.malformed() }
        return scope
    }
}
