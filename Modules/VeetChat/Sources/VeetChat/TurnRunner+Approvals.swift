import Foundation
import VeetTransport
import VeetWire

/// What reaches a followed turn, in one order: the run's stream, and the
/// answers of the requests and prompts the turn started beside it.
enum TurnInput: Sendable {
    case stream(RunStreamOutput)
    case streamEnded((any Error)?)
    /// `GET /v1/approvals/{id}` of the docked approval, read because the run moved on without a resolution.
    case approvalRead(String, Result<ApprovalView, any Error>)
    /// The owner's answer to prompt number `prompt` of the docked approval.
    case decided(String, prompt: Int, ApprovalAnswer)
    case resolved(String, Result<ApprovalView, any Error>)
    /// The run read after approval `String` settled (nil: the read failed).
    case runRead(String, RunView?)
}

/// One followed run: the stream is pumped into `inputs` by a task of its own,
/// so an approval can be asked beside it; every rule about the docked
/// approval is `ApprovalWatch`'s, applied here in input order.
struct FollowedTurn<Interaction: TurnInteraction> {
    let runner: TurnRunner
    let runID: String
    let sessionID: String
    let interaction: Interaction

    private struct Dock {
        var watch: ApprovalWatch
        var view: ApprovalView?
        var prompt = 0
        var refusals = 0
        var failures = 0
    }

    private var transcript: Transcript
    private var dock: Dock?
    /// Approvals the run asked for while another was docked, asked next.
    private var queued: [String] = []
    private var runRead: RunView?
    private var runReadsPending = 0
    private var tasks: [Task<Void, Never>] = []
    /// The task asking the owner about the docked approval (cancelled when it settles elsewhere).
    private var asking: Task<Void, Never>?
    private let inputs: AsyncStream<TurnInput>
    private let feed: AsyncStream<TurnInput>.Continuation

    init(runner: TurnRunner, runID: String, sessionID: String, interaction: Interaction) {
        self.runner = runner
        self.runID = runID
        self.sessionID = sessionID
        self.interaction = interaction
        transcript = Transcript(followingRun: runID)
        (inputs, feed) = AsyncStream.makeStream(of: TurnInput.self)
    }

    private var api: ChatAPI { runner.api }

    mutating func run(after lastEventID: Int64?, seen: Set<Int64>) async throws -> TurnResult {
        let events = api.events(runID: runID, after: lastEventID, seen: seen)
        let feed = self.feed
        tasks.append(Task {
            do {
                for try await output in events.events() { feed.yield(.stream(output)) }
                feed.yield(.streamEnded(nil))
            } catch {
                feed.yield(.streamEnded(error))
            }
        })
        defer {
            for task in tasks { task.cancel() }
            asking?.cancel()
            feed.finish()
        }
        var streamEnded = false
        for await input in inputs {
            switch input {
            case .stream(.frame(let frame)):
                if try await !apply(frame) { return finished() }
            case .stream(let notice):
                await interaction.streamNotice(notice)
            case .streamEnded(let error):
                if let error { throw error }
                streamEnded = true
            case .approvalRead(let id, let read):
                guard dock?.watch.approvalID == id, let view = try? read.get() else { continue }
                if try await !rechecked(view) { return finished() }
            case .decided(let id, let prompt, let answer):
                guard let current = dock, current.watch.approvalID == id, current.prompt == prompt,
                      current.watch.stage == .asking else { continue }
                if try await !decided(answer) { return finished() }
            case .resolved(let id, let answer):
                guard dock?.watch.approvalID == id else { continue }
                if try await !resolved(answer) { return finished() }
            case .runRead(let approvalID, let run):
                runReadsPending -= 1
                guard let run else { continue }
                runRead = run
                await interaction.runReadAfterDecision(run, approvalID: approvalID)
            }
            // The stream has shown the run's end, no decision is still on its way, the run was read.
            if streamEnded, dock == nil, runReadsPending == 0 { break }
        }
        try Task.checkCancellation()
        return finished()
    }

    private func finished() -> TurnResult {
        runner.result(transcript, runID: runID, sessionID: sessionID, runRead: runRead)
    }

    // MARK: The stream

    /// Returns false when the turn stops following (a question left unanswered).
    private mutating func apply(_ frame: RunEventFrame) async throws -> Bool {
        let changes = transcript.applyReportingChanges(frame)
        await interaction.received(frame, in: transcript)
        let run = transcript.run(runID)
        for change in changes {
            await interaction.show(change, in: run)
            switch change {
            case .approvalNeeded(let approvalID):
                if dock == nil {
                    if try await !startDock(approvalID) { return false }
                } else if !queued.contains(approvalID) {
                    queued.append(approvalID)
                }
            case .questionAsked(let question):
                if try await !runner.handleQuestion(question, runID: runID, interaction: interaction) { return false }
            default:
                break
            }
            guard let watch = dock?.watch else { continue }
            switch watch.verdict(for: change) {
            case .keep: break
            case .settledElsewhere(let notice): if try await !settle(notice: notice) { return false }
            case .readApproval: recheck(watch.approvalID)
            }
        }
        return true
    }

    // MARK: The docked approval

    /// Docks an approval: read at once (the stream waits for this one read, so
    /// an approval already settled in a replayed history is never asked), then
    /// the owner is asked beside the stream. Returns false when the turn stops
    /// following (the owner left it pending).
    private mutating func startDock(_ approvalID: String) async throws -> Bool {
        dock = Dock(watch: ApprovalWatch(approvalID: approvalID))
        return try await ask(try await api.approval(id: approvalID))
    }

    /// The run moved on without saying how the approval ended: read it beside the stream.
    private mutating func recheck(_ approvalID: String) {
        let api = self.api, feed = self.feed
        tasks.append(Task {
            do {
                feed.yield(.approvalRead(approvalID, .success(try await api.approval(id: approvalID))))
            } catch {
                feed.yield(.approvalRead(approvalID, .failure(error)))
            }
        })
    }

    /// Returns false when the turn stops following.
    private mutating func rechecked(_ view: ApprovalView) async throws -> Bool {
        guard let current = dock, case .settledElsewhere(let notice) = current.watch.verdict(after: view) else { return true }
        return try await settle(notice: notice)
    }

    /// Returns false when the turn stops following (the owner left it pending).
    private mutating func ask(_ view: ApprovalView) async throws -> Bool {
        guard var current = dock else { return true }
        guard view.status == .pending else {
            // Settled before it could be asked (the stream shows how): on to the next.
            return try await finishDock(readRun: false)
        }
        current.view = view
        current.prompt += 1
        dock = current
        let prompt = current.prompt, interaction = self.interaction, feed = self.feed, id = view.id
        guard interaction.followsStreamWhileAsking else {
            // A prompt that cannot be taken back: the stream waits for its answer.
            return try await decided(await interaction.decide(view))
        }
        asking = Task { feed.yield(.decided(id, prompt: prompt, await interaction.decide(view))) }
        return true
    }

    /// Returns false when the owner left the approval pending.
    private mutating func decided(_ answer: ApprovalAnswer) async throws -> Bool {
        guard var current = dock, let view = current.view else { return true }
        let decision: ApprovalDecision
        var reason: String?
        var grant: TaskGrantEcho?
        switch answer {
        case .approveOnce: decision = .approveOnce
        case .approveForTask:
            guard let offer = view.taskGrantOffer else { return false }
            decision = .approveForTask
            grant = TaskGrantEcho(offer: offer)
        case .deny(let why): decision = .deny; reason = why
        case .leavePending: return false
        }
        current.watch.sending(answer)
        dock = current
        await interaction.approvalSending(view.id, answer: answer)
        let api = self.api, feed = self.feed, id = view.id
        tasks.append(Task {
            do {
                let stored = try await api.resolve(approvalID: id, decision: decision, reason: reason, taskGrant: grant)
                feed.yield(.resolved(id, .success(stored)))
            } catch {
                feed.yield(.resolved(id, .failure(error)))
            }
        })
        return true
    }

    /// The server's answer to the owner's decision. Returns false when the
    /// approval stays pending after repeated refusals (the turn stops following).
    private mutating func resolved(_ answer: Result<ApprovalView, any Error>) async throws -> Bool {
        guard var current = dock else { return true }
        let approvalID = current.watch.approvalID
        switch answer {
        case .success:
            await interaction.approvalSettled(approvalID, notice: nil)
            return try await finishDock(readRun: true)
        case .failure(let error as APIError) where error.status == 409 || error.status == 404:
            let notice = ApprovalService.notice(for: error)
            await interaction.show(.problem(notice.description), in: transcript.run(runID))
            switch notice {
            case .taskPermissionUnavailable, .taskPermissionOfferChanged:
                // Refused, not settled: the run still waits, so the owner chooses again
                // (approve once or deny) with the approval as it stands now.
                await interaction.approvalNotTaken(approvalID, reason: notice.description)
                guard current.refusals < TurnRunner.refusalsBeforeLeavingPending else {
                    await interaction.show(.problem("The approval is still pending; decide it later."),
                                           in: transcript.run(runID))
                    return false
                }
                current.refusals += 1
                return try await askAgain(current)
            default:
                // Settled elsewhere (another device), expired or cancelled: the stream shows what happened.
                await interaction.approvalSettled(approvalID, notice: notice.description)
                return try await finishDock(readRun: true)
            }
        case .failure(let error) where !(error is CancellationError) && current.failures < TurnRunner.failuresBeforeGivingUp:
            // Not sent, or refused for another reason: nothing was decided, so the
            // card stays actionable with the reason and the owner presses again.
            let why = (error as? APIError).map { ApprovalService.notice(for: $0).description } ?? "\(error)"
            await interaction.approvalNotTaken(approvalID, reason: why)
            current.failures += 1
            return try await askAgain(current)
        case .failure(let error):
            throw error
        }
    }

    /// Asks the owner again, with the approval read anew.
    private mutating func askAgain(_ current: Dock) async throws -> Bool {
        var again = current
        again.watch.notTaken()
        again.view = nil
        dock = again
        return try await ask(try await api.approval(id: again.watch.approvalID))
    }

    /// The approval ended while the owner was still being asked: the prompt is withdrawn.
    private mutating func settle(notice: String) async throws -> Bool {
        guard let current = dock else { return true }
        await interaction.approvalSettled(current.watch.approvalID, notice: notice)
        return try await finishDock(readRun: true)
    }

    /// Closes the dock (its prompt, if still asked, is cancelled and its
    /// answer ignored), reads the run once when a decision settled it, and
    /// docks the next approval the run asked for.
    private mutating func finishDock(readRun: Bool) async throws -> Bool {
        let approvalID = dock?.watch.approvalID ?? ""
        dock = nil
        asking?.cancel()
        asking = nil
        if readRun {
            let api = self.api, feed = self.feed, runID = self.runID
            runReadsPending += 1
            tasks.append(Task { feed.yield(.runRead(approvalID, try? await api.run(id: runID))) })
        }
        guard !queued.isEmpty else { return true }
        return try await startDock(queued.removeFirst())
    }
}
