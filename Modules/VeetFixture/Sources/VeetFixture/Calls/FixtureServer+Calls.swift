import Foundation

/// Controls for tests: calls arrive and end as the provider reports them.
extension FixtureServer {
    /// The seeded call ids: a completed outbound call, an inbound one with a truncated transcript,
    /// one still in progress, a voicemail whose texts are not there yet, one past the retention window.
    public static let seededCallIDs = (outbound: CallsState.Seed.outbound, inbound: CallsState.Seed.inbound,
                                       active: CallsState.Seed.active, voicemail: CallsState.Seed.voicemail,
                                       expired: CallsState.Seed.expired)

    /// Adds a call the provider reported; returns its id. Texts longer than the server's limits are cut.
    @discardableResult
    public func addCall(status: String, direction: String = "outbound", counterparty: String = "+14155550111",
                        summary: String = "", transcript: String = "", minutesAgo: Double = 1) -> String {
        store.transaction { state in
            state.calls.seedIfNeeded(now: state.now())
            let id = Identifier.make()
            state.calls.add(CallsState.Call(
                id: id, requestID: direction == "outbound" ? Identifier.make() : nil, counterparty: counterparty,
                direction: direction, status: status, createdAt: state.now().adding(seconds: -60 * minutesAgo),
                durationMinutes: status == "active" ? 0 : 1, summary: summary, summaryComplete: true,
                transcript: transcript, transcriptComplete: true))
            return id
        }
    }

    /// The provider reports a call over (a terminal status only ever set once).
    /// Raises `call_finished` as the server does when it first stores a terminal status.
    public func finishCall(_ id: String, status: String = "completed") {
        store.transaction { state in
            state.calls.seedIfNeeded(now: state.now())
            guard let call = state.calls.calls[id], call.status == "active" else { return }
            state.calls.calls[id]?.status = status
            state.callFinished(id)
        }
    }

    /// The stored status of a call ("erased" once erased), or nil.
    public func callStatus(_ id: String) -> String? {
        store.transaction { state in
            state.calls.seedIfNeeded(now: state.now())
            return state.calls.calls[id]?.status
        }
    }
}

extension StoreState {
    /// What the server's worker does between requests, run before every call answer and every
    /// inbox read: a confirmed stop ends its call, and the call's result raises `call_finished`.
    func reconcileCalls() {
        calls.seedIfNeeded(now: now())
        for id in calls.reconcile() { callFinished(id) }
    }

    /// The notification of a call first stored with a terminal status (docs/wire/calls.md §9): it names
    /// only the call. None for a call already past the retention window.
    func callFinished(_ id: String) {
        guard let call = calls.calls[id], !calls.isErased(call, now: now()) else { return }
        appendNotification(kind: "call_finished", identifiers: ["call_id": id])
    }
}
