import Foundation
import VeetConsole
import VeetMemory
import VeetTransport

/// What Memory needs from its owner, for "Needs you" (the TUI's sidebar and
/// `veet needs-you`): the memories flagged for review, newest first, one page.
public struct MemoryNeedsYou: NeedsYouSource {
    /// The feature's name on its items: the shell opens them on the Memory screen.
    public static let feature = "memory"
    let api: MemoryAPI

    public init(api: MemoryAPI) {
        self.api = api
    }

    public var feature: String { Self.feature }

    /// One read of the review queue (20 at most); a server without Memory contributes nothing.
    public func read() async -> NeedsYouReport { await read(limit: 20) }

    public func read(limit: Int) async -> NeedsYouReport {
        do {
            return .items(try await api.list(.needsReview, limit: limit).items.filter(\.flaggedForReview).map(Self.item))
        } catch {
            return ServerRefusal.meansNotOffered(error) ? .notOffered : .unread("\(error)")
        }
    }

    static func item(_ record: MemoryRecord) -> NeedsYouItem {
        NeedsYouItem(feature: feature, kind: "review", id: record.id, need: "Needs review",
                     subject: ServerText.line(record.statement), tag: "review", date: record.updatedAt.date,
                     command: "veet memory show \(record.id)")
    }
}
