import Foundation

/// The fixture's devices and notification inbox (docs/wire/sessions-runs.md §7–§8),
/// held with the rest of the store state.
final class AccountState {
    final class Device {
        let id: String
        let clientDeviceID: String
        var fields: [String: JSON]
        var status = "active"
        var revokedAt: Instant?
        var pushTokenUpdatedAt: Instant?
        let createdAt: Instant
        var updatedAt: Instant

        init(id: String, clientDeviceID: String, fields: [String: JSON], now: Instant) {
            self.id = id
            self.clientDeviceID = clientDeviceID
            self.fields = fields
            self.createdAt = now
            self.updatedAt = now
            if fields["push_token"]?.stringValue != nil { pushTokenUpdatedAt = now }
        }
    }

    struct Notification {
        var id: String
        var kind: String
        var identifiers: [String: String]
        var toolName: String?
        var status: String?
        var createdAt: Instant
        var deliveries: [JSON]
        var scheduleContext: (title: String, scheduledFor: String)?
        /// `superseded` once a sync called it obsolete.
        var settled: String?
    }

    /// Finished runs the owner marked seen (`POST /v1/notifications/sync`).
    var seenRunIDs: Set<String> = []

    static let deviceKinds: Set<String> = ["mobile", "laptop", "desktop", "web", "cli", "surface"]
    static let notificationKinds: Set<String> = [
        "approval_requested", "question_asked", "run_failed", "schedule_run_finished",
        "schedule_occurrence_skipped", "ops_alert", "ops_recovered", "test", "device_invocation", "call_finished",
    ]
    /// The identifiers on the outbox record (docs/wire/sessions-runs.md §8.1).
    static let identifierKeys = ["session_id", "run_id", "approval_id", "question_id", "schedule_id", "occurrence_id"]
    /// The payload has these too (newer keys, null on every other kind).
    static let payloadIdentifierKeys = identifierKeys + ["invocation_id", "device_id", "call_id"]

    /// The identifiers a payload of each kind carries; every other one is null.
    static func identifiers(for kind: String) -> Set<String> {
        switch kind {
        case "approval_requested": ["session_id", "run_id", "approval_id"]
        case "question_asked": ["session_id", "run_id", "question_id"]
        case "run_failed": ["session_id", "run_id"]
        case "schedule_run_finished": ["session_id", "run_id", "schedule_id", "occurrence_id"]
        case "schedule_occurrence_skipped": ["schedule_id", "occurrence_id"]
        case "device_invocation": ["invocation_id", "device_id"]
        case "call_finished": ["call_id"]
        default: []
        }
    }

    /// The payload statuses each kind allows, the default first (docs/wire/sessions-runs.md §8.1); none ⇒ null.
    static func statuses(for kind: String) -> [String] {
        switch kind {
        case "approval_requested": ["WAITING_FOR_APPROVAL"]
        case "question_asked": ["WAITING_FOR_USER"]
        case "run_failed": ["FAILED"]
        case "schedule_run_finished": ["COMPLETED", "FAILED", "CANCELLED"]
        case "schedule_occurrence_skipped": ["MISSED", "SKIPPED_OVERLAP", "AUTHORIZATION_FAILED", "CONFIGURATION_FAILED"]
        case "device_invocation": ["pending"]
        default: []
        }
    }

    /// Kinds whose payload may carry `schedule_context`.
    static let scheduleKinds: Set<String> = ["schedule_run_finished", "schedule_occurrence_skipped"]

    /// Kinds whose payload may name a tool.
    static let toolKinds: Set<String> = ["approval_requested", "device_invocation"]

    static func title(for kind: String) -> String {
        switch kind {
        case "approval_requested": "Approval needed"
        case "question_asked": "The agent has a question"
        case "run_failed": "Run failed"
        case "schedule_run_finished": "Scheduled run finished"
        case "schedule_occurrence_skipped": "Scheduled run skipped"
        case "ops_alert": "Production alert"
        case "ops_recovered": "Production recovered"
        case "device_invocation": "Your device has a pending action"
        case "call_finished": "New call result"
        default: "Test notification"
        }
    }

    var devices: [String: Device] = [:]
    /// Device ids in creation order.
    var deviceOrder: [String] = []
    /// Registration keys: the body they were first used with and the device it made.
    var registrationKeys: [String: (body: String, deviceID: String)] = [:]
    /// Inbox items in creation order.
    var notifications: [Notification] = []

    func device(clientID: String) -> Device? {
        devices.values.first { $0.clientDeviceID == clientID }
    }

    func view(_ device: Device) -> JSON {
        let token = device.fields["push_token"]?.stringValue
        let fingerprint = token.map { String(SHA256.hex(Data($0.utf8)).prefix(6)) }
        func field(_ key: String) -> JSON { device.fields[key] ?? .null }
        return [
            "id": .string(device.id), "client_device_id": .string(device.clientDeviceID), "name": field("name"),
            "kind": field("kind"), "platform": field("platform"), "app_bundle_id": field("app_bundle_id"),
            "push_provider": field("push_provider"), "push_environment": field("push_environment"),
            "push_token_fingerprint": .string(fingerprint),
            "push_token_updated_at": .string(device.pushTokenUpdatedAt?.zulu), "push_token_invalidated_at": nil,
            "muted_kinds": device.fields["muted_kinds"] ?? [], "capabilities": device.fields["capabilities"] ?? [],
            "status": .string(device.status), "revoked_at": .string(device.revokedAt?.zulu),
            "last_seen_at": .string(device.updatedAt.zulu), "created_at": .string(device.createdAt.zulu),
            "updated_at": .string(device.updatedAt.zulu),
        ]
    }

    /// The given status when the kind allows it, else the kind's default.
    static func payloadStatus(_ notification: Notification) -> String? {
        let allowed = statuses(for: notification.kind)
        if let given = notification.status, allowed.contains(given) { return given }
        return allowed.first
    }

    func item(_ notification: Notification) -> JSON {
        let allowed = Self.identifiers(for: notification.kind)
        func identifier(_ key: String) -> JSON { allowed.contains(key) ? .string(notification.identifiers[key]) : .null }
        var payload: JSON = [
            "version": 1, "kind": .string(notification.kind), "title": .string(Self.title(for: notification.kind)),
            "status": .string(Self.payloadStatus(notification)),
            "tool_name": .string(Self.toolKinds.contains(notification.kind) ? notification.toolName : nil),
        ]
        for key in Self.payloadIdentifierKeys { payload = payload.setting(key, identifier(key)) }
        payload = payload.setting("notification_id", .string(notification.id))
        for key in ["signal", "severity", "reason_code", "release_id", "schedule_context"] {
            payload = payload.setting(key, .null)
        }
        if Self.scheduleKinds.contains(notification.kind), let context = notification.scheduleContext {
            payload = payload.setting("schedule_context", [
                "title": .string(context.title), "scheduled_for": .string(context.scheduledFor),
            ])
        }
        var record: JSON = ["id": .string(notification.id), "kind": .string(notification.kind)]
        for key in Self.identifierKeys { record = record.setting(key, identifier(key)) }
        record = record.setting("payload", payload)
        record = record.setting("status", .string(notification.settled ?? "dispatched"))
        record = record.setting("created_at", .string(notification.createdAt.zulu))
        record = record.setting("settled_at", .string(notification.createdAt.zulu))
        return ["notification": record, "deliveries": .array(notification.deliveries)]
    }
}
