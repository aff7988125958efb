import Foundation
import VeetChat
import VeetCurses
import VeetStore
import VeetTransport
import VeetWire

/// The open conversation and the work that follows it: what a frame, a run's start, the work's end, an
/// approval or a question asked, and opening another conversation change. Work that is not the open
/// conversation's current one (`RunningWork.id`) changes nothing; the shell then answers it for it.
extension OpenConversation {
    /// Another conversation opens in place of this one (nil: a new one): its transcript, page, scroll,
    /// cursor, revealed message, files, send lines and outbox floor start over. The composer (the shell
    /// puts the kept draft in), the queue (given back before, `giveQueueBack`) and what opens over it stay.
    public mutating func open(_ sessionID: String?, revealing sequence: Int64?, outboxFloor: Int64) {
        self.sessionID = sessionID
        newConversationKey = IdempotencyKey()
        transcript = Transcript()
        page = nil
        transcriptScroll = ScrollView()
        transcriptView.rowCache = TranscriptRowCache()
        transcriptView.selectedRow = nil
        transcriptView.expandedBundleIDs = []
        transcriptView.transcriptOffsets = TranscriptOffsets()
        revealSequence = sequence
        queueCursor = nil
        attachments = []
        trayCursor = nil
        sendStates = [:]
        self.outboxFloor = outboxFloor
    }

    /// Messages still waiting for the run go back into the composer after what it holds, unsent and not lost
    /// (the conversation is left, or shows a page instead).
    public mutating func giveQueueBack() {
        if !queue.isEmpty { composer = TextInput(text: queue.giveBack(joinedAfter: composer.text)) }
    }

    /// The conversation cannot be shown: `page` instead, the work left, the queue back in the (hidden)
    /// composer, no files.
    public mutating func show(_ page: ConversationPage) {
        leaveWork()
        self.page = page
        giveQueueBack()
        attachments = []
    }

    /// New work (a send or a follow) for the open conversation; the one before is no longer listened to.
    public mutating func start(work id: Int, sessionID: String?, isDelivery: Bool) {
        work = RunningWork(id: id, sessionID: sessionID, runID: nil, isDelivery: isDelivery)
    }

    /// Stops following: no work, nothing docked (the approvals and questions stay pending on the server).
    public mutating func leaveWork() {
        work = nil
        approval = nil
        question = nil
    }

    /// The transcript as read for `sessionID`; false when another conversation is open now.
    public mutating func restore(_ messages: [SessionMessageView], of sessionID: String) -> Bool {
        guard sessionID == self.sessionID else { return false }
        transcript.restore(messages)
        return true
    }

    /// What a frame came to for the open conversation.
    public enum FrameOutcome: Sendable, Equatable {
        /// Another conversation's frame: nothing changed.
        case elsewhere
        case applied(endedTheRun: Bool)
    }

    /// A frame of `sessionID`'s run. A new conversation takes the id its work's run announced first.
    public mutating func apply(_ frame: RunEventFrame, of sessionID: String) -> FrameOutcome {
        if self.sessionID == nil, work?.sessionID == sessionID { self.sessionID = sessionID }
        guard sessionID == self.sessionID else { return .elsewhere }
        let wasActive = isRunActive
        _ = transcript.apply(frame)
        return .applied(endedTheRun: wasActive && !isRunActive)
    }

    /// The work learned its run. Nil for other work; true when this was a new conversation that has its id
    /// now (the shell moves the draft to it and reads the index).
    public mutating func runStarted(sessionID: String, runID: String, work id: Int) -> Bool? {
        guard work?.id == id else { return nil }
        work?.sessionID = sessionID
        work?.runID = runID
        guard self.sessionID == nil else { return false }
        self.sessionID = sessionID
        return true
    }

    /// The work ended: nothing is docked any more. Nil for other work; else whether it was delivering a message.
    public mutating func workEnded(_ id: Int) -> Bool? {
        guard work?.id == id else { return nil }
        let wasDelivery = work?.isDelivery == true
        leaveWork()
        return wasDelivery
    }

    /// The server made the new conversation (its first message is on its way); taken while no work knows better.
    public mutating func created(_ sessionID: String) {
        if self.sessionID == nil && work == nil { self.sessionID = sessionID }
    }

    /// An approval the current work waits on docks, its card in the transcript; asked again after a
    /// decision that was not taken, the card keeps saying why. False for other work (left pending).
    public mutating func dock(_ asked: ApprovalView, ticket: Int, work id: Int) -> Bool {
        guard work?.id == id else { return false }
        transcript.attach(asked)
        let problem = approval?.approval.id == asked.id ? approval?.problem : nil
        approval = DockedApproval(approval: asked, ticket: ticket, work: id)
        approval?.problem = problem
        return true
    }

    /// A question the current work's turn is suspended on docks over the composer. False for other work.
    public mutating func dock(_ asked: PendingQuestion, ticket: Int, work id: Int) -> Bool {
        guard work?.id == id else { return false }
        question = DockedQuestion(question: asked, ticket: ticket, work: id)
        return true
    }
}

extension OpenConversation {
    /// The outbox's entries matched to the transcript's unconfirmed messages (SendStates): the lines under
    /// them, an entry the transcript does not show joining it. Nothing is replaced when nothing changed, so a
    /// quiet frame rebuilds no line.
    public mutating func matchSendStates(_ outbox: [OutboxEntry]) {
        var matched = transcript
        let states = SendStates.match(outbox, into: &matched, sessionID: sessionID, floor: outboxFloor,
                                      delivering: work?.isDelivery == true)
        if matched.items.count != transcript.items.count { transcript = matched }
        if states != sendStates { sendStates = states }
    }

    /// The status bar's "Not sent · kept in the outbox as #N" when a message is held.
    public var heldNotice: String? { SendStates.heldNotice(sendStates) }
}
