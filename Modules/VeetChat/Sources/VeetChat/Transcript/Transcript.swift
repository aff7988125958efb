import Foundation
import VeetTransport
import VeetWire

/// A conversation's transcript, reduced from its durable history and its
/// runs' event frames. Pure: no I/O, so every frontend shows the same thing
/// and tests feed recordings straight in.
///
/// Rules (docs/chat.md, "Transcript"):
/// - durable items sit by event sequence, so a replayed call lands before the answer it produced;
///   live items (optimistic message, streaming text) follow in arrival order;
/// - a persisted frame whose sequence was already seen (restored or replayed) is ignored;
/// - raw reasoning never enters the state: only `isThinking` and a summary's latest heading.
public struct Transcript: Sendable, Hashable {
    /// Everything shown, in order. `entries` is the same with tool calls bundled.
    public internal(set) var items: [TranscriptItem] = []
    /// Where `items` changed lately (a view's cheap way to find the changed ones).
    public internal(set) var itemChanges = TranscriptChangeLog()
    /// Every persisted sequence applied or restored (the de-duplication set).
    public internal(set) var seenSequences: Set<Int64> = []
    /// The highest persisted sequence seen: resume a stream after it.
    public internal(set) var lastSequence: Int64?
    /// The run whose frames arrived last.
    public internal(set) var latestRunID: String?
    /// Frames whose payload could not be read, described for logs.
    public internal(set) var problems: [String] = []

    var runs: [String: RunTrack] = [:]
    var positionsByID: [String: TranscriptPosition] = [:]
    var nextLiveOrder = 0
    /// Optimistic messages not yet replaced by the server's copy, oldest first.
    var optimisticIDs: [String] = []

    public init() {}

    /// An empty transcript that follows one run: frames that name no run belong to it.
    public init(followingRun runID: String) {
        latestRunID = runID
        runs[runID] = RunTrack()
    }

    /// Seeds the transcript from the durable items of `GET /v1/sessions/{id}/messages`;
    /// then apply the latest run's stream (from its start) on top.
    public init(restoring messages: [SessionMessageView]) {
        restore(messages)
    }

    /// Adds durable transcript items not seen yet (user and assistant messages at their sequences).
    public mutating func restore(_ messages: [SessionMessageView]) {
        for message in messages where seenSequences.insert(message.sequence).inserted {
            noteSequence(message.sequence)
            let files = FileReference.all(in: message.content)
            let kind: TranscriptItem.Kind
            switch message.role {
            case .user: kind = .user(UserMessage(text: message.plainText, files: files))
            case .assistant, .unknown:
                kind = .assistant(AssistantMessage(text: message.plainText, files: files, phase: .final))
            }
            let prefix = message.role == .user ? "user" : "assistant"
            insert(TranscriptItem(id: "\(prefix):\(message.sequence)",
                                  position: .durable(sequence: message.sequence, index: 0), runID: nil, kind: kind))
        }
    }

    // MARK: Optimistic submission

    /// Shows the owner's message at once, before any network call. `clientKey` is
    /// the submission's idempotency key; the returned id stays the item's id after
    /// `user.message.created` replaces it.
    @discardableResult
    public mutating func addOptimisticUserMessage(_ content: [ContentBlock], clientKey: String) -> String {
        let id = "optimistic:\(clientKey)"
        guard positionsByID[id] == nil else { return id }
        let message = UserMessage(text: content.compactMap(\.text).joined(), files: FileReference.all(in: content),
                                  isOptimistic: true, clientKey: clientKey)
        insert(TranscriptItem(id: id, position: nextLivePosition(), runID: nil, kind: .user(message)))
        optimisticIDs.append(id)
        return id
    }

    /// The server accepted the submission and named its run: its `user.message.created` replaces the message.
    public mutating func submissionAccepted(clientKey: String, runID: String) {
        modify(id: "optimistic:\(clientKey)") { item in
            if item.user?.isOptimistic == true { item.runID = runID }
        }
    }

    /// The submission failed before the server accepted it: the message goes, the
    /// composer is the one retry surface. Returns false when there was nothing to remove
    /// (already accepted, or already replaced by the server's copy).
    @discardableResult
    public mutating func submissionFailed(clientKey: String) -> Bool {
        let id = "optimistic:\(clientKey)"
        guard let index = index(of: id), let message = items[index].user, message.isOptimistic,
              items[index].runID == nil
        else { return false }
        remove(at: index)
        optimisticIDs.removeAll { $0 == id }
        return true
    }

    // MARK: Approvals read through the API

    /// Merges an approval read from `GET /v1/approvals/{id}` (or the pending list):
    /// tool name, summary, risk and arguments. The first settled state wins: an older pending
    /// read never reopens a settled card.
    /// Records where an approval was decided (the turn knows: this client sent
    /// it, or it settled while the owner was still being asked).
    public mutating func noteDecisionPlace(_ place: ApprovalDecisionPlace, approvalID: String) {
        var linked: (callID: String, runID: String)?
        modify(id: "approval:\(approvalID)") { item in
            guard case .approval(var card) = item.kind, card.place == nil else { return }
            card.place = place
            item.kind = .approval(card)
            if let callID = card.callID, let runID = item.runID { linked = (callID, runID) }
        }
        // A card linked to its call is shown on the call's row: the call carries the place too.
        if let linked { syncApproval(id: approvalID, intoCall: linked.callID, runID: linked.runID, risk: nil) }
    }

    public mutating func attach(_ view: ApprovalView) {
        let id = "approval:\(view.id)"
        if positionsByID[id] == nil {
            insert(TranscriptItem(id: id, position: nextLivePosition(), runID: view.runID,
                                  kind: .approval(ApprovalCard(approvalID: view.id))))
        }
        var callID: String?
        var isPending = false
        modify(id: id) { item in
            guard case .approval(var card) = item.kind else { return }
            card.toolName = view.toolName ?? card.toolName
            card.actionSummary = view.actionSummary.isEmpty ? card.actionSummary : view.actionSummary
            card.risk = ToolRisk(view.risk) ?? card.risk
            card.arguments = view.arguments
            if card.isPending { card.state = ApprovalCard.state(for: view) }
            isPending = card.isPending
            callID = card.callID
            item.kind = .approval(card)
        }
        var run = runs[view.runID, default: RunTrack()]
        run.pendingApprovalIDs.removeAll { $0 == view.id }
        if isPending { run.pendingApprovalIDs.append(view.id) }
        runs[view.runID] = run
        if let callID { syncApproval(id: view.id, intoCall: callID, runID: view.runID, risk: ToolRisk(view.risk)) }
    }

    // MARK: State of the latest run

    /// The latest run's status (nil before any run frame).
    public var runStatus: RunStatus? { latestRunID.flatMap { runs[$0]?.status } }

    /// The agent is reasoning; its text is never kept.
    public var isThinking: Bool { latestRunID.flatMap { runs[$0]?.isThinking } ?? false }

    /// The latest reasoning summary's heading, until the answer starts.
    public var thinkingHeading: String? { latestRunID.flatMap { runs[$0]?.thinkingHeading } }

    /// "Thinking: <heading>" (or "Thinking...") while the agent reasons.
    public var thinkingLine: String? {
        guard isThinking else { return nil }
        return thinkingHeading.map { "Thinking: \($0)" } ?? "Thinking..."
    }

    /// Approvals the latest run waits for and nobody decided yet.
    public var pendingApprovalIDs: [String] { latestRunID.flatMap { runs[$0]?.pendingApprovalIDs } ?? [] }

    /// The question the latest run waits on, if any.
    public var pendingQuestion: QuestionCard? { latestRunID.flatMap(pendingQuestion(ofRun:)) }

    /// Names only what the run needs from its owner: "Needs your approval" while
    /// an unanswered approval is pending, "Needs your answer" for a question,
    /// otherwise "Working..." while the run is active; nil once it ended.
    public var statusLine: String? { latestRunID.flatMap(statusLine(ofRun:)) }

    /// The status line of one run (the same rule as `statusLine`).
    func statusLine(ofRun runID: String) -> String? {
        guard let run = runs[runID], !run.status.isTerminal else { return nil }
        if !run.pendingApprovalIDs.isEmpty { return "Needs your approval" }
        if pendingQuestion(ofRun: runID) != nil { return "Needs your answer" }
        return "Working..."
    }

    /// The question a run waits on, if any.
    func pendingQuestion(ofRun runID: String) -> QuestionCard? {
        guard let id = runs[runID]?.questionItemID, let question = item(id: id)?.question,
              question.state == .pending else { return nil }
        return question
    }

    /// The items with adjacent terminal tool calls bundled (docs/chat.md, Tool activity: Bundles).
    public var entries: [TranscriptEntry] { ToolBundler.entries(for: items) }

    /// The item with this id.
    public func item(id: String) -> TranscriptItem? { index(of: id).map { items[$0] } }

    /// The tool calls, in transcript order.
    public var toolCalls: [ToolActivity] { items.compactMap(\.tool) }
}

/// What the reducer remembers about one run besides its items.
struct RunTrack: Sendable, Hashable {
    var status: RunStatus = .queued
    /// The lowest sequence seen for this run (restored duplicates included).
    var startSequence: Int64?
    var streamingItemID: String?
    var answerStarted = false
    var isThinking = false
    var thinkingHeading: String?
    /// The current reasoning-summary part, kept only to find its heading (bounded).
    var summaryPart = ""
    var summaryItemIndex: Int?
    var pendingApprovalIDs: [String] = []
    var questionItemID: String?
    var lastAskedQuestion: String?
    var openQuestions: [String] = []
    var finalAnswerItemID: String?
    /// The run's latest assistant message (preview, interim or saved): its answer until one is saved.
    var latestAnswerItemID: String?
    var failure: RunFailureView?
    var cancelReason: RunCancelReason?
    /// Per tool name: the latest call that failed for bad arguments, awaiting a retry.
    var awaitingCorrection: [String: String] = [:]
}
