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

    /// Notes what a change of run `runID` in `sessionID` means for its owner,
    /// by the transcript's own rule (`RunChange.attention`): a question starts
    /// a wait; the run resuming or ending ends it. Starting or being claimed is
    /// not moving on, so it ends nothing (no second reducer of event types).
    public mutating func apply(_ change: RunChange, runID: String, sessionID: String) {
        for attention in change.attention {
            switch attention {
            case .questionAsked:
                runs[sessionID] = runID
            case .runMovedOn:
                if runs[sessionID] == runID { runs[sessionID] = nil }
            case .approvalPending, .approvalSettled, .runFailed:
                break
            }
        }
    }

    /// The run of `sessionID` waiting for an answer, if one was seen.
    public func waitingRun(inSession sessionID: String) -> String? { runs[sessionID] }
}
