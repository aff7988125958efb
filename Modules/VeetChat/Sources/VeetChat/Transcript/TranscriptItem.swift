import Foundation
import VeetTransport
import VeetWire

/// One thing the conversation shows, in transcript order. Frontends render
/// `Transcript.entries` (items with adjacent tool calls bundled) or `items`.
public struct TranscriptItem: Sendable, Hashable, Identifiable {
    /// Stable for the item's life, also when an optimistic or streaming item becomes durable.
    public let id: String
    /// Where the item sits: durable items by event sequence, live ones after them.
    public internal(set) var position: TranscriptPosition
    /// The run the item belongs to (nil for restored transcript items and optimistic messages).
    public internal(set) var runID: String?
    public internal(set) var kind: Kind

    public enum Kind: Sendable, Hashable {
        case user(UserMessage)
        case assistant(AssistantMessage)
        case tool(ToolActivity)
        case approval(ApprovalCard)
        case question(QuestionCard)
        case outcome(RunOutcome)
    }

    public var user: UserMessage? { if case .user(let m) = kind { m } else { nil } }
    public var assistant: AssistantMessage? { if case .assistant(let m) = kind { m } else { nil } }
    public var tool: ToolActivity? { if case .tool(let t) = kind { t } else { nil } }
    public var approval: ApprovalCard? { if case .approval(let a) = kind { a } else { nil } }
    public var question: QuestionCard? { if case .question(let q) = kind { q } else { nil } }
    public var outcome: RunOutcome? { if case .outcome(let o) = kind { o } else { nil } }

    /// Artifacts and files the item refers to (attachments, exported files).
    public var files: [FileReference] { user?.files ?? assistant?.files ?? [] }
}

/// Durable items are ordered by the event sequence that created them (and
/// by their index inside that event); live items follow in arrival order.
public enum TranscriptPosition: Sendable, Hashable, Comparable {
    case durable(sequence: Int64, index: Int)
    case live(Int)

    public static func < (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case let (.durable(a, i), .durable(b, j)): (a, i) < (b, j)
        case (.durable, .live): true
        case (.live, .durable): false
        case let (.live(a), .live(b)): a < b
        }
    }

    public var sequence: Int64? { if case .durable(let s, _) = self { s } else { nil } }
    public var isLive: Bool { sequence == nil }
}

/// A file or image a message carries (an artifact id; bytes are read separately).
public struct FileReference: Sendable, Hashable {
    public var artifactID: String
    public var mediaType: String
    public var filename: String?
    public var isImage: Bool

    public init(artifactID: String, mediaType: String, filename: String?, isImage: Bool) {
        self.artifactID = artifactID
        self.mediaType = mediaType
        self.filename = filename
        self.isImage = isImage
    }

    static func all(in content: [ContentBlock]) -> [FileReference] {
        content.compactMap { block in
            switch block {
            case .file(let id, let type, let name): FileReference(artifactID: id, mediaType: type, filename: name, isImage: false)
            case .image(let id, let type, _, let name): FileReference(artifactID: id, mediaType: type, filename: name, isImage: true)
            default: nil
            }
        }
    }
}

/// The owner's message.
public struct UserMessage: Sendable, Hashable {
    public var text: String
    public var files: [FileReference]
    /// Set when the message answers a question.
    public var questionID: String?
    /// Shown before the server accepted it; replaced in place by `user.message.created`.
    public var isOptimistic: Bool
    /// The idempotency key of the submission (optimistic messages only).
    public var clientKey: String?

    public init(text: String, files: [FileReference] = [], questionID: String? = nil,
                isOptimistic: Bool = false, clientKey: String? = nil) {
        self.text = text
        self.files = files
        self.questionID = questionID
        self.isOptimistic = isOptimistic
        self.clientKey = clientKey
    }
}

/// The agent's message.
public struct AssistantMessage: Sendable, Hashable {
    public enum Phase: String, Sendable, Hashable {
        /// Deltas are arriving; a best-effort preview.
        case streaming
        /// Text the model wrote before calling tools (saved with the model response).
        case interim
        /// The saved answer.
        case final
        /// Streamed, then the run ended without saving it (the server keeps no copy).
        case interrupted
    }

    public var text: String
    /// Exported files, after the text ("a file the agent exported arrives under its answer").
    public var files: [FileReference]
    public var phase: Phase
    /// Normally external_untrusted: model output is data, not trusted UI.
    public var trust: TrustLabel?

    public init(text: String, files: [FileReference] = [], phase: Phase, trust: TrustLabel? = nil) {
        self.text = text
        self.files = files
        self.phase = phase
        self.trust = trust
    }
}

/// An approval checkpoint: its id and where it stands. The full card
/// (action, arguments, risk) comes from `GET /v1/approvals/{id}` (`Transcript.attach`).
public struct ApprovalCard: Sendable, Hashable {
    public enum State: Sendable, Hashable {
        case pending, approvedOnce, approvedForTask, denied, expired, cancelled
        /// Policy changed after approval; the action will be denied.
        case invalidated
        /// Settled with a resolution this client does not know.
        case settled(String)
    }

    public var approvalID: String
    public var state: State
    /// The tool call that waited for it, when the stream linked them.
    public var callID: String?
    public var toolName: String?
    public var actionSummary: String?
    public var risk: ToolRisk?
    /// The server's display copy of the arguments (`ApprovalArgumentLayout` shows it); nil until read.
    public var arguments: JSONValue?
    /// Where it was decided, when this client saw it happen (nil from history).
    public var place: ApprovalDecisionPlace?

    public init(approvalID: String, state: State = .pending, callID: String? = nil) {
        self.approvalID = approvalID
        self.state = state
        self.callID = callID
    }

    public var isPending: Bool { state == .pending }
    public var isSettled: Bool { !isPending }

    /// What a settled card collapses to.
    public var decisionText: String {
        switch state {
        case .pending: "Waiting for your approval"
        case .approvedOnce: "Approved once"
        case .approvedForTask: "Allowed for this task"
        case .denied: "Denied"
        case .expired: "Expired"
        case .cancelled: "Cancelled with the run"
        case .invalidated: "Invalidated by a policy change"
        case .settled(let raw): "Settled (\(raw))"
        }
    }

    /// The decision and where it was made, when known ("Approved once · on
    /// another device"): what a call's row says of its settled approval.
    public var decisionAndPlace: String {
        switch (place, state) {
        case (.here?, .approvedOnce), (.here?, .approvedForTask), (.here?, .denied): decisionText + " · here"
        case (.elsewhere?, .approvedOnce), (.elsewhere?, .approvedForTask), (.elsewhere?, .denied):
            decisionText + " · on another device"
        default: decisionText
        }
    }

    /// The one line a settled card collapses to in a transcript: the decision,
    /// the tool, and where it was decided when known ("Approved once ·
    /// demo.external_write · on another device"); the pending line while pending.
    public var collapsedLine: String {
        guard isSettled else { return decisionText }
        guard let toolName else { return decisionAndPlace }
        let place = String(decisionAndPlace.dropFirst(decisionText.count))
        return decisionText + " · " + toolName + place
    }

    static func state(for resolution: ApprovalResolution?) -> State {
        switch resolution {
        case .approveOnce: .approvedOnce
        case .approveForTask: .approvedForTask
        case .deny: .denied
        case .expired: .expired
        case .unknown(let raw): .settled(raw)
        case nil: .settled("")
        }
    }

    static func state(for view: ApprovalView) -> State {
        switch view.status {
        case .pending: .pending
        case .approved: view.decision == .approveForTask ? .approvedForTask : .approvedOnce
        case .denied: .denied
        case .expired: .expired
        case .cancelled: .cancelled
        case .unknown(let raw): .settled(raw)
        }
    }
}

/// A clarifying question the run waits on; answered through run input with `questionID`.
public struct QuestionCard: Sendable, Hashable {
    public enum State: String, Sendable, Hashable { case pending, answered, withdrawn }

    public var questionID: String?
    /// The question as asked; nil means "ask generically".
    public var text: String?
    public var state: State
    public var answer: String?

    public init(questionID: String?, text: String?, state: State = .pending, answer: String? = nil) {
        self.questionID = questionID
        self.text = text
        self.state = state
        self.answer = answer
    }
}
