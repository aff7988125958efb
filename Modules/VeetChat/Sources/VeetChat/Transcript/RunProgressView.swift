import Foundation
import VeetTransport
import VeetWire

/// One run as its transcript shows it: what `TurnRunner` and the CLI's
/// progress lines read. A snapshot taken from `Transcript.run(_:)`; it reduces nothing.
public struct RunProgressView: Sendable, Hashable {
    public let runID: String
    public var status: RunStatus
    /// "Needs your approval", "Needs your answer", "Working..." while active; nil once ended.
    public var statusLine: String?
    /// The saved answer, else the run's latest assistant text (preview, plan or interrupted text).
    public var answerText: String
    /// Approvals the run waits for and nobody decided yet.
    public var pendingApprovalIDs: [String]
    public var pendingQuestion: PendingQuestion?
    public var failure: RunFailureView?
    public var cancelReason: RunCancelReason?
}

extension Transcript {
    /// The run with this id as the transcript has reduced it (queued and empty before its first frame).
    public func run(_ runID: String) -> RunProgressView {
        let track = runs[runID] ?? RunTrack()
        let answerID = track.finalAnswerItemID ?? track.latestAnswerItemID
        return RunProgressView(runID: runID, status: track.status, statusLine: statusLine(ofRun: runID),
                       answerText: answerID.flatMap { item(id: $0)?.assistant?.text } ?? "",
                       pendingApprovalIDs: track.pendingApprovalIDs,
                       pendingQuestion: pendingQuestion(ofRun: runID).map {
                           PendingQuestion(questionID: $0.questionID, text: $0.text)
                       },
                       failure: track.failure, cancelReason: track.cancelReason)
    }
}
