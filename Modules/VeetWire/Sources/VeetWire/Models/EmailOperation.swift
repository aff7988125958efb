import VeetTransport

/// What every asynchronous email command answers (archive, spam, unsubscribe,
/// a draft's generation), and what `GET /v1/email/operations/{id}` reads back.
/// The run status is not the outcome: a completed run does not by itself mean
/// the mailbox changed, so the affected thread, draft or row is read after.
/// Email and Subscriptions both poll it, so it lives here once.
public struct EmailOperation: Codable, Sendable, Hashable, Identifiable {
    public var operationID: String
    public var runID: String?
    /// The run status of `runID`; unknown values are not terminal.
    public var status: RunStatus
    /// The same key (or an equal operation in flight) answered with the stored one.
    public var replayed: Bool

    public var id: String { operationID }

    public init(operationID: String, runID: String? = nil, status: RunStatus = .queued, replayed: Bool = false) {
        self.operationID = operationID
        self.runID = runID
        self.status = status
        self.replayed = replayed
    }

    enum CodingKeys: String, CodingKey {
        case status, replayed
        case operationID = "operation_id", runID = "run_id"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        operationID = try c.decode(String.self, forKey: .operationID)
        runID = try c.decodeIfPresent(String.self, forKey: .runID)
        status = try c.decodeIfPresent(RunStatus.self, forKey: .status) ?? .unknown("")
        replayed = try c.decodeIfPresent(Bool.self, forKey: .replayed) ?? false
    }
}
