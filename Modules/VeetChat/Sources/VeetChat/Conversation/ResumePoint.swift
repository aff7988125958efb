import Foundation
import VeetWire

/// Where following a run picks up after what a frontend already shows: the
/// frames of messages in the transcript are skipped; when the frontend's own
/// transcript showed this run, the stream resumes after its last sequence and
/// skips what it applied (and only the messages up to there).
public struct ResumePoint: Sendable, Hashable {
    /// Resume the stream after this sequence (nil: from the run's first event).
    public let after: Int64?
    /// Persisted sequences not to deliver again.
    public let seen: Set<Int64>

    public init(runID: String, messages: [SessionMessageView], shown: Transcript?) {
        guard let shown, shown.latestRunID == runID else {
            after = nil
            seen = Set(messages.map(\.sequence))
            return
        }
        // What the frontend applied is the truth; a message saved after its last
        // sequence was never printed, so its frame must still come.
        after = shown.lastSequence
        let upTo = shown.lastSequence ?? Int64.min
        seen = shown.seenSequences.union(messages.lazy.map(\.sequence).filter { $0 <= upTo })
    }
}
