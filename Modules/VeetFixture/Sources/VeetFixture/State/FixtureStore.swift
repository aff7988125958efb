import Foundation

/// The fixture's whole world, reachable only inside `transaction`.
final class FixtureStore: @unchecked Sendable {  // `state` is only reached while `lock` is held
    private let lock = NSLock()
    private let state: StoreState

    init(identity: AgentIdentity) {
        state = StoreState(identity: identity)
    }

    func transaction<T>(_ body: (StoreState) throws -> T) rethrows -> T {
        try lock.withLock { try body(state) }
    }
}

/// Who the one configured agent is.
struct AgentIdentity: Sendable {
    var agentID = "8ad3e17d-449f-5ec8-a807-4e14f2b3a716"
    var agentVersion = "1.0.0+h7bf76793d589"
    var workerID = "vm:\(ProcessInfo.processInfo.processIdentifier)"
    var principalID = "local-user"
}

/// Plain data plus event bookkeeping. Not thread-safe: use through `FixtureStore.transaction`.
final class StoreState {
    let identity: AgentIdentity
    var sessions: [String: SessionRecord] = [:]
    var deletedSessionIDs: Set<String> = []
    var runs: [String: RunRecord] = [:]
    var approvals: [String: ApprovalRecord] = [:]
    var artifacts: [String: ArtifactRecord] = [:]
    /// Message-submission keys, scoped to the one principal (not per session).
    var idempotencyKeys: [String: IdempotencyEntry] = [:]
    /// Sessions in list order; every change of a session's `updatedAt` goes through `setUpdatedAt`.
    var sessionOrder = SessionOrder()
    /// How many sessions `seedSessions` has made so far (the next seed index).
    var seededCount = 0
    /// Sessions moved by the paging churn fault, in order.
    var churnedSessionIDs: [String] = []
    /// Uploads by idempotency key (scoped to the one principal).
    var uploadKeys: [String: UploadEntry] = [:]
    /// Browser profiles, ceremonies, grants and task permissions (WebsiteAccess/).
    let websiteAccess = WebsiteAccessState()
    /// Folders, proposals and which folder each session is in (Folders/).
    let folders = FoldersState()
    /// Schedules, their occurrences and create keys (Schedules/).
    let schedules = SchedulesState()
    /// Beliefs, synthesis operations and the dreaming journal (Memory/), seeded on first use.
    let memory = MemoryState()
    /// Devices and the notification inbox (Account/).
    let account = AccountState()
    /// The People directory, its operations and write keys (People/).
    let people = PeopleState()
    /// The mailboxes, drafts, feedback and email operations (Email/), seeded on first use.
    let email = EmailState()
    /// Model settings, the persona, its history and nominations (Settings/).
    let settings = SettingsState()
    /// The subscription census, its operations and command keys (Subscriptions/).
    let subscriptions = SubscriptionsState()
    /// Call records (Calls/).
    let calls = CallsState()
    /// Messaging surfaces and pairings (Surfaces/).
    let surfaces = SurfacesState()
    /// Task permissions are offered ([newer]); false on the snapshot profile.
    var offersTaskPermissions = true
    private var lastInstant = Instant(microseconds: 0)

    init(identity: AgentIdentity) {
        self.identity = identity
    }

    /// Wall-clock time, strictly increasing so keyset order never ties by accident.
    func now() -> Instant {
        let current = Instant.now()
        lastInstant = current > lastInstant ? current : Instant(microseconds: lastInstant.microseconds + 1)
        return lastInstant
    }

    // MARK: Lookup

    func session(_ id: String) -> SessionRecord? { sessions[id] }

    /// A run by id; a seeded session's run is rebuilt from its recipe on first use.
    func run(_ id: String) -> RunRecord? { runs[id] ?? materializeSeededRun(id) }

    func session(of run: RunRecord) -> SessionRecord? { sessions[run.sessionID] }

    // MARK: Events

    /// Takes the next session sequence number (used directly for hidden events).
    func takeSequence(in session: SessionRecord) -> Int64 {
        if session.nextSequence == 0, let recipe = session.seed {
            // A seeded session learns its next number from its regenerated log.
            session.nextSequence = SeedLog(recipe: recipe, workerID: identity.workerID).lastSequence + 1
        }
        let sequence = session.nextSequence
        session.nextSequence += 1
        setUpdatedAt(session, now())
        return sequence
    }

    /// Appends a persisted event of `run` and hands it to its open streams.
    @discardableResult
    func append(_ type: String, _ payload: JSON, to run: RunRecord, isTerminal: Bool = false) -> Int64 {
        guard let session = session(of: run) else { return 0 }
        let sequence = takeSequence(in: session)
        run.updatedAt = session.updatedAt
        let event = StoredEvent.persisted(
            sequence: sequence, type: type, payload: payload, runID: run.id, isTerminal: isTerminal)
        run.events.append(event)
        for subscriber in run.subscribers {
            subscriber.push(.init(text: event.frame, sequence: sequence, isTerminal: isTerminal))
        }
        if isTerminal {
            // A live stream ends with the terminal event; later events are seen only on replay.
            run.subscribers.forEach { $0.markEnded() }
            run.subscribers.removeAll()
        }
        return sequence
    }

    /// Sends a transient frame (no id) to the run's open streams; nothing is stored.
    func appendTransient(_ type: String, _ payload: JSON, to run: RunRecord) {
        let data = payload.setting("run_id", .string(run.id)).serialized(sortedKeys: true)
        let frame = "event: \(type)\ndata: \(data)\n\n"
        for subscriber in run.subscribers { subscriber.push(.init(text: frame, sequence: nil, isTerminal: false)) }
    }

    /// Sequence numbers used by events that no run stream shows (the recorded server's gaps).
    func skipSequences(_ count: Int, in run: RunRecord) {
        guard let session = session(of: run) else { return }
        for _ in 0..<count { _ = takeSequence(in: session) }
    }

    /// Opens a stream: backlog of persisted events after `afterSequence`, then live frames.
    func subscribe(to run: RunRecord, after afterSequence: Int64) -> StreamSubscriber {
        let backlog = run.events.filter { $0.sequence > afterSequence }.map {
            StreamSubscriber.Frame(text: $0.frame, sequence: $0.sequence, isTerminal: $0.isTerminal)
        }
        let subscriber = StreamSubscriber(
            afterSequence: afterSequence, backlog: backlog, ended: run.status.isTerminal)
        if !run.status.isTerminal { run.subscribers.append(subscriber) }
        return subscriber
    }

    func closeAllStreams() {
        for run in runs.values {
            run.subscribers.forEach { $0.close() }
            run.subscribers.removeAll()
        }
    }

    // MARK: Messages and run ends

    /// `user.message.created` plus its transcript item.
    func appendUserMessage(_ blocks: [JSON], questionID: String?, to run: RunRecord) {
        var payload: JSON = ["content": .array(blocks.map(eventPart))]
        if let questionID { payload = payload.setting("question_id", .string(questionID)) }
        let sequence = append("user.message.created", payload, to: run)
        session(of: run)?.transcript.append(TranscriptItem(sequence: sequence, role: "user", content: .array(blocks)))
    }

    /// The assistant message object used by `assistant.message.completed` and `run.completed`.
    static func assistantMessage(_ text: String, itemIndex: Int, files: [ArtifactRecord] = []) -> JSON {
        let parts: [JSON] = [["kind": "text", "text": .string(text)]] + files.map(\.filePart)
        return [
            "content": .array(parts), "item_index": .int(itemIndex), "kind": "assistant",
            "source_event_sequence": nil, "trust": "external_untrusted",
        ]
    }

    /// `assistant.message.completed` plus its transcript item; `files` are exported
    /// artifacts listed after the text ([newer]: `file` parts in the event, `file` blocks in the transcript).
    func appendAssistantMessage(_ text: String, itemIndex: Int, files: [ArtifactRecord] = [], to run: RunRecord) {
        let sequence = append(
            "assistant.message.completed",
            ["message": Self.assistantMessage(text, itemIndex: itemIndex, files: files)], to: run)
        let blocks: [JSON] = [["type": "text", "text": .string(text)]] + files.map(\.fileBlock)
        session(of: run)?.transcript.append(TranscriptItem(sequence: sequence, role: "assistant", content: .array(blocks)))
    }

    /// Writes the terminal event, releases the session, then the post-terminal memory event.
    func finish(_ run: RunRecord, as status: RunStatus, event type: String, payload: JSON) {
        run.status = status
        run.pendingApprovalID = nil
        run.outstandingQuestionID = nil
        append(type, payload, to: run, isTerminal: true)
        if let session = session(of: run), session.activeRunID == run.id { session.activeRunID = nil }
        append(
            "memory.formation.requested",
            [
                "not_before": .string(now().adding(seconds: 10).offset), "terminal_status": .string(status.rawValue),
                "trigger": "run_terminal",
            ], to: run)
    }

    /// Cancels a run that is not running (queued or waiting): only `run.cancelled` is written.
    func cancelImmediately(_ run: RunRecord) {
        if let approvalID = run.pendingApprovalID, let approval = approvals[approvalID] {
            approval.status = "CANCELLED"
            approval.resolvedAt = now()
        }
        finish(run, as: .cancelled, event: "run.cancelled", payload: ["reason": "requested"])
    }

    /// REST content block (`type`) to the event part shape (`kind`).
    static func eventPart(_ block: JSON) -> JSON {
        guard let members = block.objectMembers else { return block }
        return .object(members.map { $0.key == "type" ? JSON.Member(key: "kind", value: $0.value) : $0 })
    }
}
