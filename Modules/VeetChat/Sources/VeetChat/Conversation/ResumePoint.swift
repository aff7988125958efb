import Foundation
import VeetWire

/// Where following a run picks up after what a frontend already shows: the
/// frames of messages in the transcript are skipped, and when the frontend's
/// own transcript showed this run, everything it applied is skipped too and
/// the stream resumes after its last sequence.
public struct ResumePoint: Sendable, Hashable {
    /// Resume the stream after this sequence (nil: from the run's first event).
    public let after: Int64?
    /// Persisted sequences not to deliver again.
    public let seen: Set<Int64>

    public init(runID: String, messages: [SessionMessageView], shown: Transcript?) {
        var seen = Set(messages.map(\.sequence))
        var after: Int64?
        if let shown, shown.latestRunID == runID {
            seen.formUnion(shown.seenSequences)
            after = shown.lastSequence
        }
        self.after = after
        self.seen = seen
    }
}
