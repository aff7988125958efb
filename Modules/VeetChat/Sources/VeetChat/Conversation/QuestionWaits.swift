import Foundation
import VeetWire

/// The questions this frontend saw a run ask and not yet move past, by
/// conversation. There is no list of runs waiting for an answer on the
/// server, so "Needs you" learns of a question from the streams it followed;
/// pending approvals it reads (`NeedsYouReader`).
public struct QuestionWaits: Sendable, Hashable {
    /// The waiting run of each conversation.
    public private(set) var runs: [String: String] = [:]

    public init() {}

    /// Notes what a frame of `sessionID`'s stream says: `run.waiting_for_user`
    /// starts a wait; the same run moving on (resumed, requeued, ended) ends it.
    public mutating func apply(_ frame: RunEventFrame, sessionID: String) {
        guard let runID = frame.runID else { return }
        switch frame.event {
        case .runWaitingForUser:
            runs[sessionID] = runID
        case .runQueued, .runClaimed, .runStarted, .runResumed, .runRequeued, .runWaitingForApproval,
             .runCompleted, .runFailed, .runCancelled:
            if runs[sessionID] == runID { runs[sessionID] = nil }
        default:
            break
        }
    }

    /// The run of `sessionID` waiting for an answer, if one was seen.
    public func waitingRun(inSession sessionID: String) -> String? { runs[sessionID] }
}
