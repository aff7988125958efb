/// The last changes to a transcript's items, each with a mark a view can
/// keep: asked later what changed after its mark, the log answers with the
/// lowest item index touched since (items before it are as they were), so a
/// view of 10,000 items re-checks only the streaming one. A mark it no longer
/// holds (too old, or from another transcript) answers nil: check them all.
///
/// Not part of the transcript's value: two logs are always equal, so
/// transcripts with the same items stay equal however they were built.
public struct TranscriptChangeLog: Sendable, Hashable {
    /// Identity only: a fresh object per change, unique while anyone keeps it.
    public final class Mark: Sendable {}

    private struct Change: Sendable {
        var mark: Mark
        var index: Int
    }

    private var changes: [Change] = []
    private static let kept = 64

    public init() {}

    /// The mark of the latest change (nil before the first).
    public var latest: Mark? { changes.last?.mark }

    /// The lowest index changed after `mark`, `Int.max` when nothing was;
    /// nil when the log does not know the mark.
    public func firstChange(after mark: Mark?) -> Int? {
        guard let mark else { return nil }
        guard let position = changes.lastIndex(where: { $0.mark === mark }) else { return nil }
        return changes[(position + 1)...].map(\.index).min() ?? Int.max
    }

    /// An insertion, removal or edit at `index` (later indexes may have moved).
    mutating func note(_ index: Int) {
        changes.append(Change(mark: Mark(), index: index))
        if changes.count > 2 * Self.kept { changes.removeFirst(changes.count - Self.kept) }
    }

    public static func == (_: Self, _: Self) -> Bool { true }
    public func hash(into _: inout Hasher) {}
}
