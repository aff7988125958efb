import Foundation

/// The owner's call records (docs/wire/calls.md §3), seeded on first use. Calls are
/// never placed through the API; a test adds or finishes them through the controls.
final class CallsState {
    struct Call {
        var id: String
        var requestID: String?
        var counterparty: String
        var direction: String
        var status: String
        var createdAt: Instant
        var durationMinutes: Double
        var summary: String
        var summaryComplete: Bool
        var transcript: String
        var transcriptComplete: Bool
        var erased = false
        /// A confirmed stop: the next reconciliation reports the call over.
        var stopRequested = false
    }

    static let line = "+14155550123"
    static let account = "veetbot-main"
    static let retentionDays = 30.0
    static let summaryLimit = 4096
    static let transcriptLimit = 16384
    static let terminal: Set<String> = ["completed", "voicemail", "no_answer", "busy", "failed"]

    var calls: [String: Call] = [:]
    private var seeded = false

    /// Fixed ids so tests and the documentation can name them.
    enum Seed {
        static let outbound = "5f0c2a9e-8d41-4b7a-9e36-2c1d7f4a8b90"
        static let inbound = "1b7e4c2d-3f90-4a6b-8c15-9d2e0f3a4b57"
        static let active = "7a3d9c21-0b5e-4f68-8d17-2e4a6c8b0d13"
        static let voicemail = "9c4e2f10-7a3b-4d5e-8f61-0a2b4c6d8e9f"
        static let expired = "3e9a0b12-6c47-4d8e-a2f1-7b5c9d0e1f23"
    }

    func seedIfNeeded(now: Instant) {
        guard !seeded else { return }
        seeded = true
        let hour = 3600.0
        add(Call(id: Seed.outbound, requestID: "0198e4b1-7a20-7c11-9d3e-41f5a6b7c8d9", counterparty: "+14155550187",
                 direction: "outbound", status: "completed", createdAt: now.adding(seconds: -2 * hour),
                 durationMinutes: 2.4, summary: "The shop confirmed the laptop is ready for pickup after 3 pm.",
                 summaryComplete: true,
                 transcript: "Agent: Hi, this is Willow, Sam's assistant. Is the laptop ready?\nShop: Yes, it's ready. Come after 3 pm.",
                 transcriptComplete: true))
        add(Call(id: Seed.inbound, requestID: nil, counterparty: "+12125550164", direction: "inbound",
                 status: "completed", createdAt: now.adding(seconds: -26 * hour), durationMinutes: 1.1,
                 summary: "Caller said she is from the dentist's office and asked for a callback about rescheduling.",
                 summaryComplete: true,
                 transcript: "Caller: Hello, this is the dentist's office calling about Thursday's appointment...",
                 transcriptComplete: false))
        add(Call(id: Seed.active, requestID: "0198e4c0-1111-7c11-9d3e-41f5a6b7c8d9", counterparty: "+14155550142",
                 direction: "outbound", status: "active", createdAt: now.adding(seconds: -60), durationMinutes: 0,
                 summary: "", summaryComplete: false, transcript: "", transcriptComplete: false))
        add(Call(id: Seed.voicemail, requestID: nil, counterparty: "+13105550199", direction: "inbound",
                 status: "voicemail", createdAt: now.adding(seconds: -50 * hour), durationMinutes: 0.4,
                 summary: "", summaryComplete: false, transcript: "", transcriptComplete: true))
        // Past the 30-day window: listed and read in the erased form only.
        add(Call(id: Seed.expired, requestID: nil, counterparty: "+14155550100", direction: "inbound",
                 status: "completed", createdAt: now.adding(seconds: -40 * 24 * hour), durationMinutes: 3,
                 summary: "Old call.", summaryComplete: true, transcript: "Old.", transcriptComplete: true))
    }

    func add(_ call: Call) {
        var call = call
        call.summary = Self.cut(call.summary, bytes: Self.summaryLimit, complete: &call.summaryComplete)
        call.transcript = Self.cut(call.transcript, bytes: Self.transcriptLimit, complete: &call.transcriptComplete)
        calls[call.id] = call
    }

    /// Cut at a character boundary within `bytes` UTF-8 bytes; a cut text is not complete.
    static func cut(_ text: String, bytes: Int, complete: inout Bool) -> String {
        guard text.utf8.count > bytes else { return text }
        var kept = ""
        var used = 0
        for character in text {
            let size = character.utf8.count
            guard used + size <= bytes else { break }
            kept.append(character)
            used += size
        }
        complete = false
        return kept
    }

    /// The server's reconciliation with the provider: a confirmed stop ends an active call
    /// (its record changes only now, never in the stop's answer). Returns the calls it ended.
    func reconcile() -> [String] {
        var ended: [String] = []
        for (id, call) in calls where call.stopRequested && call.status == "active" {
            calls[id]?.status = "completed"
            calls[id]?.stopRequested = false
            ended.append(id)
        }
        return ended.sorted()
    }

    /// Erased, or past the retention window.
    func isErased(_ call: Call, now: Instant) -> Bool {
        call.erased || call.createdAt.adding(seconds: Self.retentionDays * 86_400) < now
    }

    static func erasedForm(_ id: String) -> JSON {
        ["call_id": .string(id), "erased": true, "provider_deleted": false]
    }

    /// The stored record itself (docs/wire/calls.md §3.1), or the erased form; the list leaves out `transcript` only.
    func view(_ call: Call, now: Instant, withTranscript: Bool) -> JSON {
        if isErased(call, now: now) { return Self.erasedForm(call.id) }
        var members: [(String, JSON)] = [
            ("provider_call_id", .string(call.id)), ("request_id", .string(call.requestID)),
            ("number", .string(Self.line)), ("counterparty", .string(call.counterparty)),
            ("direction", .string(call.direction)), ("status", .string(call.status)),
            ("created_at", .string(call.createdAt.offset)), ("duration_minutes", .double(call.durationMinutes)),
            ("summary", .string(call.summary)), ("summary_complete", .bool(call.summaryComplete)),
        ]
        if withTranscript { members.append(("transcript", .string(call.transcript))) }
        members += [
            ("transcript_complete", .bool(call.transcriptComplete)), ("call_id", .string(call.id)),
            ("trust", "EXTERNAL_UNTRUSTED"), ("account_id", .string(Self.account)), ("source", "bland"),
            ("caller_identity_verified", false),
        ]
        return .object(members.map { JSON.Member(key: $0.0, value: $0.1) })
    }
}
