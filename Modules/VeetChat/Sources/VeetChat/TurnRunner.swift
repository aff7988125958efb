import Foundation
import VeetTransport
import VeetWire

/// What a frontend supplies to a turn: where to show progress, and how to
/// ask the owner when the run needs them. The runner holds the rules; the
/// frontend only reads input and renders.
public protocol TurnInteraction: Sendable {
    /// A change to show (text, tools, status...), with the run as it stands after it. Called in stream order.
    func show(_ change: RunChange, in run: RunProgressView) async
    /// A connection notice (reconnecting, heartbeat) for a status line.
    func streamNotice(_ output: RunStreamOutput) async
    /// The owner's decision on an approval the run waits for.
    func decide(_ approval: ApprovalView) async -> ApprovalAnswer
    /// The owner's answer to the run's question; nil leaves the run waiting.
    func answer(_ question: PendingQuestion) async -> String?
    /// Every frame, with the turn's transcript once it applied it, before its
    /// changes are shown (for the device's cache: `transcript.cacheEntries(for:)`,
    /// or the tool rows to print). Read it here; keeping a copy makes every later
    /// frame copy the transcript (the whole of it is in `TurnResult.transcript`).
    func received(_ frame: RunEventFrame, in transcript: Transcript) async
    /// The message met another run of the conversation (`409 active_run_exists`;
    /// `status` as the server last said, nil when it could not be read): it was
    /// not sent and is not kept for later (no second message is queued:
    /// docs/chat.md, Meeting another run), so `unsent` hands it back now, before that run is followed
    /// (the frontend puts it where the owner can send it again; the turn's
    /// result carries it too, `TurnResult.unsentMessage`).
    func followingActiveRun(runID: String, status: RunStatus?, unsent: UnsentMessage) async
    /// The owner's decision is on its way to the server: the card shows which
    /// one ("Approving…") and takes no other press until one of the next two.
    func approvalSending(_ approvalID: String, answer: ApprovalAnswer) async
    /// The server recorded a decision (this one, or another device's first),
    /// or the approval ended otherwise (expired, its run moved on): the card
    /// closes; `notice` says what happened when it was not this one. When it
    /// came while the owner was still being asked, the task of `decide` is
    /// cancelled first and whatever it returns is ignored.
    func approvalSettled(_ approvalID: String, notice: String?) async
    /// The decision did not reach the server or was refused while the run
    /// still waits: the approval stays pending and `decide` is asked again.
    func approvalNotTaken(_ approvalID: String, reason: String) async
    /// The run as read right after an approval settled (a completed or failed
    /// outcome is shown instead of a stale wait, even before the stream says so).
    func runReadAfterDecision(_ run: RunView, approvalID: String) async
    /// Whether `decide` may be asked while the stream is read (and be cancelled
    /// when the approval settles elsewhere). A frontend whose prompt blocks on
    /// a terminal read that cannot be taken back says false: the runner then
    /// waits for its answer before reading on, as a line-mode chat must.
    var followsStreamWhileAsking: Bool { get }
}

extension TurnInteraction {
    public func received(_ frame: RunEventFrame, in transcript: Transcript) async {}
    public func followingActiveRun(runID: String, status: RunStatus?, unsent: UnsentMessage) async {}
    public func runReadAfterDecision(_ run: RunView, approvalID: String) async {}
    public var followsStreamWhileAsking: Bool { true }
    public func approvalSending(_ approvalID: String, answer: ApprovalAnswer) async {}
    public func approvalSettled(_ approvalID: String, notice: String?) async {}
    public func approvalNotTaken(_ approvalID: String, reason: String) async {}
}

/// The owner's answer to an approval.
public enum ApprovalAnswer: Sendable, Hashable {
    case approveOnce
    /// Allow every action of this task within the server's offer (browser.act);
    /// only when the approval carries a task grant offer and the owner confirmed it.
    case approveForTask
    case deny(reason: String?)
    /// Leave it pending (no one to ask); the turn stops following the run.
    case leavePending
}

/// How a turn ended, for output and exit codes.
public struct TurnResult: Sendable, Hashable {
    public var sessionID: String
    public var runID: String
    public var status: RunStatus
    /// The saved answer, or what was streamed when nothing was saved.
    public var text: String
    public var failure: RunFailureView?
    public var cancelReason: RunCancelReason?
    /// The turn's transcript as the one reducer left it (what a frontend showed of the run).
    public var transcript: Transcript
    /// The run still waits for an approval or an answer that no one gave.
    public var isWaitingForOwner: Bool { status.isWaiting }
    /// The message this turn was to send, handed back unsent: it met another
    /// run (`active_run_exists`), so the turn followed that run instead, and
    /// the message is no longer in the outbox. The frontend puts it back where
    /// the owner can send it again (the composer) and says so; nil when sent.
    public var unsentMessage: UnsentMessage?
}

/// Sends a message and follows its run to the end: submit through the outbox
/// with one idempotency key (TurnRunner+Outbox.swift), attach to an active run
/// instead of sending a second message, stream with resume, and ask the owner
/// for approvals (the stream still read) and questions.
public struct TurnRunner: Sendable {
    public let api: ChatAPI

    public init(api: ChatAPI) {
        self.api = api
    }

    /// Follows an existing run from `lastEventID` (nil: from its first event).
    /// The stream is read the whole time, an approval docked too (docs/chat.md, Transcript):
    /// the owner is asked beside it (`TurnRunner+Approvals.swift`), so a
    /// decision made on another device closes the dock the moment it is known.
    public func follow(runID: String, sessionID: String, after lastEventID: Int64? = nil,
                       seen: Set<Int64> = [], interaction: some TurnInteraction) async throws -> TurnResult {
        var turn = FollowedTurn(runner: self, runID: runID, sessionID: sessionID, interaction: interaction)
        return try await turn.run(after: lastEventID, seen: seen)
    }

    /// A decision that failed to send this often in a row ends the turn with the error (a
    /// frontend that answers by itself, such as `--approve-all`, must not loop forever).
    static let failuresBeforeGivingUp = 3

    /// Task permission refused this often in a row: leave the approval pending rather than ask forever.
    static let refusalsBeforeLeavingPending = 3

    /// Returns false when the owner gave no answer.
    func handleQuestion(_ question: PendingQuestion, runID: String,
                                interaction: some TurnInteraction) async throws -> Bool {
        guard let text = await interaction.answer(question), !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        else { return false }
        _ = try await api.answer(runID: runID, questionID: question.questionID, text: text)
        return true
    }

    /// The turn as the transcript left it; `runRead`, the run as read after a
    /// decision, stands in when the stream ended before showing its end.
    func result(_ transcript: Transcript, runID: String, sessionID: String, runRead: RunView? = nil) -> TurnResult {
        let run = transcript.run(runID)
        var result = TurnResult(sessionID: sessionID, runID: runID, status: run.status, text: run.answerText,
                                failure: run.failure, cancelReason: run.cancelReason, transcript: transcript)
        if let runRead, runRead.status.isTerminal, !run.status.isTerminal {
            result.status = runRead.status
            result.failure = runRead.failure ?? result.failure
        }
        return result
    }
}

/// A message handed back unsent (`TurnResult.unsentMessage`).
public struct UnsentMessage: Sendable, Hashable {
    public var content: [ContentBlock]
    /// The run that was active in the conversation, which the turn followed instead.
    public var activeRunID: String

    public init(content: [ContentBlock], activeRunID: String) {
        self.content = content
        self.activeRunID = activeRunID
    }

    /// Its text blocks, as typed (files are not in it: they were uploaded and stay so).
    public var text: String {
        content.compactMap { if case .text(let text) = $0 { text } else { nil } }.joined(separator: "\n")
    }

    /// What the owner reads about it, without a full stop (an app says where the text went).
    public static let reason = "Not sent: another reply was already running in this conversation, so that one was followed instead"
}
