import Foundation

/// The reference Veetbot `/v1` server: HTTP/1.1 and SSE on 127.0.0.1, a scripted
/// agent behind every run, and switchable faults.
///
/// ```swift
/// let server = FixtureServer(token: "secret", options: .testing)
/// let baseURL = try server.start()          // http://127.0.0.1:PORT
/// defer { server.stop() }
/// ```
public final class FixtureServer: Sendable {
    public let token: String
    public let options: FixtureOptions

    let store: FixtureStore
    let gate = AgentGate()
    private let faultState = Locked(FixtureFaults())
    private let readiness = Locked(true)
    private let requestLog = Locked<[RecordedRequest]>([])
    private let boundURL = Locked<URL?>(nil)
    private let listener: HTTPListener

    public init(token: String, options: FixtureOptions = .init()) {
        self.token = token
        self.options = options
        let store = FixtureStore(identity: AgentIdentity())
        self.store = store
        store.transaction { $0.offersTaskPermissions = options.taskPermissions }
        if options.seedSessions > 0 {
            _ = store.transaction {
                $0.seedSessions(count: options.seedSessions, messagesPerSession: options.seedMessagesPerSession)
            }
        }
        if options.serverSessions > 0 {
            _ = store.transaction { $0.addServerSessions(reviews: options.serverSessions) }
        }
        gate.setHeld(options.holdRuns)
        let router = Router(
            token: token, options: options, store: store,
            agent: AgentRunner(
                store: store, gate: gate,
                pacing: AgentPacing(stepDelay: options.stepDelay, slowReplyDuration: options.slowReplyDuration)),
            faults: faultState, readiness: readiness, requestLog: requestLog)
        listener = HTTPListener(
            responder: router,
            limits: HTTPListener.Limits(
                maximumHeadBytes: options.maximumHeaderBytes, drainableBodyBytes: options.maximumBodyBytes,
                idleTimeout: options.idleConnectionTimeout))
    }

    deinit { stop() }

    /// Binds 127.0.0.1:`port` (0 picks a free port) and serves; returns `http://127.0.0.1:PORT`.
    /// A server starts once: a second call returns the URL it already has.
    @discardableResult
    public func start(port: UInt16 = 0) throws -> URL {
        if let url = boundURL.current { return url }
        let bound = try listener.start(port: port)
        let url = URL(string: "http://127.0.0.1:\(bound)")!
        boundURL.current = url
        return url
    }

    /// Closes the listener and every open connection, ends streams and stops the agent.
    public func stop() {
        gate.stop()
        store.transaction { $0.closeAllStreams() }
        listener.stop()
    }

    /// The base URL once started.
    public var baseURL: URL? { boundURL.current }

    /// Faults in force; set (or mutate) at any time.
    public var faults: FixtureFaults {
        get { faultState.current }
        set { faultState.current = newValue }
    }

    /// Changes faults atomically.
    public func updateFaults(_ change: @Sendable (inout FixtureFaults) -> Void) {
        faultState.update(change)
    }

    /// While held, new and resumed runs stay `QUEUED` (deterministic queued-state tests).
    public func holdRuns(_ held: Bool) { gate.setHeld(held) }

    /// `GET /health/ready` answers 503 `not_ready` while false.
    public var isReady: Bool {
        get { readiness.current }
        set { readiness.current = newValue }
    }

    /// Every request received so far, oldest first.
    public var recordedRequests: [RecordedRequest] { requestLog.current }

    public func clearRecordedRequests() { requestLog.current = [] }
}

// MARK: Test accessors

extension FixtureServer {
    /// Live (not deleted) session ids, newest activity first.
    public func sessionIDs() -> [String] {
        store.transaction { state in state.sessionOrder.newestFirst.map(\.id) }
    }

    public func runIDs(inSession sessionID: String) -> [String] {
        store.transaction { state in state.sessions[sessionID.lowercased()].map(state.allRunIDs) ?? [] }
    }

    public func runCount(inSession sessionID: String) -> Int { runIDs(inSession: sessionID).count }

    /// `RunStatus` raw value (`"RUNNING"`, …) or nil for an unknown run.
    public func runStatus(_ runID: String) -> String? {
        store.transaction { $0.run(runID.lowercased())?.status.rawValue }
    }

    /// Persisted event types of a run, in order (what a full replay sends).
    public func eventTypes(ofRun runID: String) -> [String] {
        store.transaction { $0.run(runID.lowercased())?.events.map(\.type) ?? [] }
    }

    /// Highest persisted sequence of a run (0 when it has none).
    public func lastSequence(ofRun runID: String) -> Int {
        store.transaction { Int($0.run(runID.lowercased())?.lastSequence ?? 0) }
    }

    /// Ids of pending approvals, optionally of one run.
    public func pendingApprovalIDs(ofRun runID: String? = nil) -> [String] {
        store.transaction { state in
            state.approvals.values
                .filter { $0.status == "PENDING" && (runID == nil || $0.runID == runID?.lowercased()) }
                .sorted { $0.createdAt < $1.createdAt }.map(\.id)
        }
    }

    /// The outstanding question of a run waiting for the user.
    public func outstandingQuestionID(ofRun runID: String) -> String? {
        store.transaction { $0.runs[runID.lowercased()]?.outstandingQuestionID }
    }

    public func artifactIDs(inSession sessionID: String) -> [String] {
        store.transaction { state in
            state.artifacts.values.filter { $0.sessionID == sessionID.lowercased() }
                .sorted { $0.createdAt < $1.createdAt }.map(\.id)
        }
    }

    /// Stores an artifact in a session (attributed to its last run, or a fresh id); nil for an unknown session.
    @discardableResult
    public func addArtifact(sessionID: String, name: String, mediaType: String, bytes: Data) -> String? {
        store.transaction { state in
            guard let session = state.sessions[sessionID.lowercased()] else { return nil }
            return state.storeArtifact(
                sessionID: session.id, runID: session.lastRunID ?? Identifier.make(), name: name,
                mediaType: mediaType, bytes: bytes
            ).id
        }
    }

    /// Marks a session `CLOSED` (as the operator tool can); new messages then get 409.
    @discardableResult
    public func closeSession(_ sessionID: String) -> Bool {
        store.transaction { state in
            guard let session = state.sessions[sessionID.lowercased()] else { return false }
            session.status = "CLOSED"
            return true
        }
    }
}
