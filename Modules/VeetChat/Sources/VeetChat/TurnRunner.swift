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
    /// The message waits for another run of the conversation to end first
    /// (`status` as the server last said, nil when it could not be read); the
    /// runner follows that run next, then delivers the message.
    func waitingForEarlierRun(runID: String, status: RunStatus?) async
    /// The owner's decision is on its way to the server: the card shows which
    /// one ("Approving…") and takes no other press until one of the next two.
    func approvalSending(_ approvalID: String, answer: ApprovalAnswer) async
    /// The server recorded a decision (this one, or another device's first):
    /// the card can close; `notice` says what happened when it was not this one.
    func approvalSettled(_ approvalID: String, notice: String?) async
    /// The decision did not reach the server or was refused while the run
    /// still waits: the approval stays pending and `decide` is asked again.
    func approvalNotTaken(_ approvalID: String, reason: String) async
}

extension TurnInteraction {
    public func received(_ frame: RunEventFrame, in transcript: Transcript) async {}
    public func waitingForEarlierRun(runID: String, status: RunStatus?) async {}
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
}

/// Sends a message and follows its run to the end: submit through the outbox
/// with one idempotency key (TurnRunner+Outbox.swift), attach to an active run
/// instead of failing, stream with resume, and stop for approvals and
/// questions to ask the owner.
public struct TurnRunner: Sendable {
    public let api: ChatAPI

    public init(api: ChatAPI) {
        self.api = api
    }

    /// Follows an existing run from `lastEventID` (nil: from its first event).
    public func follow(runID: String, sessionID: String, after lastEventID: Int64? = nil,
                       seen: Set<Int64> = [], interaction: some TurnInteraction) async throws -> TurnResult {
        // The one reducer: progress lines and the result are read off this transcript.
        var transcript = Transcript(followingRun: runID)
        for try await output in api.events(runID: runID, after: lastEventID, seen: seen).events() {
            guard case .frame(let frame) = output else {
                await interaction.streamNotice(output)
                continue
            }
            let changes = transcript.applyReportingChanges(frame)
            await interaction.received(frame, in: transcript)
            let run = transcript.run(runID)
            for change in changes {
                await interaction.show(change, in: run)
                switch change {
                case .approvalNeeded(let approvalID):
                    if try await !handleApproval(approvalID, run: transcript.run(runID), interaction: interaction) {
                        return result(transcript, runID: runID, sessionID: sessionID)
                    }
                case .questionAsked(let question):
                    if try await !handleQuestion(question, runID: runID, interaction: interaction) {
                        return result(transcript, runID: runID, sessionID: sessionID)
                    }
                default:
                    break
                }
            }
        }
        return result(transcript, runID: runID, sessionID: sessionID)
    }

    /// Returns false when the owner left the approval pending (or it stays pending after a refusal).
    private func handleApproval(_ approvalID: String, run: RunProgressView, refusals: Int = 0, failures: Int = 0,
                                interaction: some TurnInteraction) async throws -> Bool {
        let approval = try await api.approval(id: approvalID)
        guard approval.status == .pending else { return true }
        let decision: ApprovalDecision
        var reason: String?
        var grant: TaskGrantEcho?
        let answer = await interaction.decide(approval)
        switch answer {
        case .approveOnce: decision = .approveOnce
        case .approveForTask:
            guard let offer = approval.taskGrantOffer else { return false }
            decision = .approveForTask
            grant = TaskGrantEcho(offer: offer)
        case .deny(let why): decision = .deny; reason = why
        case .leavePending: return false
        }
        await interaction.approvalSending(approvalID, answer: answer)
        do {
            _ = try await api.resolve(approvalID: approvalID, decision: decision, reason: reason, taskGrant: grant)
        } catch let error as APIError where error.status == 409 || error.status == 404 {
            let notice = ApprovalService.notice(for: error)
            await interaction.show(.problem(notice.description), in: run)
            switch notice {
            case .taskPermissionUnavailable, .taskPermissionOfferChanged:
                // Refused, not settled: the run still waits, so the owner chooses again
                // (approve once or deny) with the approval as it stands now.
                await interaction.approvalNotTaken(approvalID, reason: notice.description)
                guard refusals < Self.refusalsBeforeLeavingPending else {
                    await interaction.show(.problem("The approval is still pending; decide it later."), in: run)
                    return false
                }
                return try await handleApproval(approvalID, run: run, refusals: refusals + 1, failures: failures,
                                                interaction: interaction)
            default:
                // Settled elsewhere (another device), expired or cancelled: the stream shows what happened.
                await interaction.approvalSettled(approvalID, notice: notice.description)
                return true
            }
        } catch where !(error is CancellationError) && failures < Self.failuresBeforeGivingUp {
            // Not sent, or refused for another reason: nothing was decided, so the
            // card stays actionable with the reason and the owner presses again.
            let why = (error as? APIError).map { ApprovalService.notice(for: $0).description } ?? "\(error)"
            await interaction.approvalNotTaken(approvalID, reason: why)
            return try await handleApproval(approvalID, run: run, refusals: refusals, failures: failures + 1,
                                            interaction: interaction)
        }
        await interaction.approvalSettled(approvalID, notice: nil)
        return true
    }

    /// A decision that failed to send this often in a row ends the turn with the error (a
    /// frontend that answers by itself, such as `--approve-all`, must not loop forever).
    static let failuresBeforeGivingUp = 3

    /// Task permission refused this often in a row: leave the approval pending rather than ask forever.
    static let refusalsBeforeLeavingPending = 3

    /// Returns false when the owner gave no answer.
    private func handleQuestion(_ question: PendingQuestion, runID: String,
                                interaction: some TurnInteraction) async throws -> Bool {
        guard let text = await interaction.answer(question), !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        else { return false }
        _ = try await api.answer(runID: runID, questionID: question.questionID, text: text)
        return true
    }

    private func result(_ transcript: Transcript, runID: String, sessionID: String) -> TurnResult {
        let run = transcript.run(runID)
        return TurnResult(sessionID: sessionID, runID: runID, status: run.status, text: run.answerText,
                          failure: run.failure, cancelReason: run.cancelReason, transcript: transcript)
    }
}
