import Foundation

extension FixtureServer {
    /// Appends an inbox item as the server's notifier would, with one delivery
    /// per active device (`delivered` with push routing, else `skipped`).
    /// `status` picks among the kind's allowed payload statuses (default: the
    /// first, e.g. `COMPLETED` for `schedule_run_finished`); a kind with none sends null.
    /// Identifiers that the kind does not carry are sent as null whatever is
    /// passed here (docs/wire/sessions-runs.md §8.1). `scheduleContext` (title, and the
    /// occurrence time as text keeping its own offset) becomes the payload's
    /// `schedule_context` on the two schedule kinds, and is null on every
    /// other. Returns the notification id.
    @discardableResult
    public func raiseNotification(kind: String, sessionID: String? = nil, runID: String? = nil,
                                  approvalID: String? = nil, questionID: String? = nil, scheduleID: String? = nil,
                                  occurrenceID: String? = nil, toolName: String? = nil, invocationID: String? = nil,
                                  deviceID: String? = nil, callID: String? = nil, status: String? = nil,
                                  scheduleContext: (title: String, scheduledFor: String)? = nil) -> String {
        store.transaction { state in
            var identifiers: [String: String] = [:]
            identifiers["session_id"] = sessionID
            identifiers["run_id"] = runID
            identifiers["approval_id"] = approvalID
            identifiers["question_id"] = questionID
            identifiers["schedule_id"] = scheduleID
            identifiers["occurrence_id"] = occurrenceID
            identifiers["invocation_id"] = invocationID
            identifiers["device_id"] = deviceID
            identifiers["call_id"] = callID
            return state.appendNotification(kind: kind, identifiers: identifiers, toolName: toolName, status: status,
                                            scheduleContext: scheduleContext)
        }
    }

    /// Registered device ids, newest first (revoked ones included).
    public func deviceIDs() -> [String] {
        store.transaction { Array($0.account.deviceOrder.reversed()) }
    }

    /// A device's `status` (`active` / `revoked`), nil when unknown or deleted.
    public func deviceStatus(_ deviceID: String) -> String? {
        store.transaction { $0.account.devices[deviceID.lowercased()]?.status }
    }
}

extension StoreState {
    /// Appends an inbox item as the server's notifier would (`FixtureServer.raiseNotification`), with one
    /// delivery per active device; returns its id. Also what the fixture's own events raise (a call's result).
    @discardableResult
    func appendNotification(kind: String, identifiers: [String: String], toolName: String? = nil, status: String? = nil,
                            scheduleContext: (title: String, scheduledFor: String)? = nil) -> String {
        let now = self.now()
        let id = Identifier.make()
        let deliveries: [JSON] = account.deviceOrder.compactMap { account.devices[$0] }
            .filter { $0.status == "active" }
            .map { device in
                let routed = device.fields["push_provider"]?.stringValue != nil
                return [
                    "id": .string(Identifier.make()), "notification_id": .string(id),
                    "device_id": .string(device.id), "attempt": 1,
                    "outcome": routed ? "delivered" : "skipped",
                    "provider_reason": routed ? nil : "no_push_routing", "provider_id": nil,
                    "attempted_at": .string(now.zulu),
                ]
            }
        account.notifications.append(AccountState.Notification(
            id: id, kind: kind, identifiers: identifiers, toolName: toolName, status: status, createdAt: now,
            deliveries: deliveries, scheduleContext: scheduleContext))
        return id
    }
}
