import Foundation
import VeetConsole
import VeetEmail
import VeetTransport

/// What Email needs from its owner, for "Needs you" (the TUI's sidebar and
/// `veet needs-you`): replies whose send outcome is unknown ("Check send
/// status") first, then the important threads that need a reply. One page of
/// the important list, and at most `draftReads` drafts read to learn their status.
public struct EmailNeedsYou: NeedsYouSource {
    /// The feature's name on its items: the shell opens them in Email mode, on the thread.
    public static let feature = "email"
    let api: EmailAPI

    public init(api: EmailAPI) {
        self.api = api
    }

    public var feature: String { Self.feature }

    /// One read (25 threads, 5 drafts at most); a server without Email contributes nothing.
    public func read() async -> NeedsYouReport { await read(limit: 25, draftReads: 5) }

    public func read(limit: Int, draftReads: Int) async -> NeedsYouReport {
        let threads: [EmailThreadSummary]
        do {
            threads = try await api.threads(ThreadQuery(view: .priority), limit: limit).items
        } catch {
            return ServerRefusal.meansNotOffered(error) ? .notOffered : .unread("\(error)")
        }
        var unknown: [NeedsYouItem] = []
        for thread in threads.filter(\.hasDraftToCheck).prefix(draftReads) {
            // A draft that cannot be read now says nothing either way.
            guard let draftID = thread.draftID, let draft = try? await api.draft(id: draftID), draft.sendOutcomeUnknown else { continue }
            unknown.append(Self.item(thread, kind: "send_status", need: "Check send status", tag: "check"))
        }
        let replies = threads.filter(\.awaitsOwnersReply).map { Self.item($0, kind: "needs_reply", need: "Needs a reply", tag: "reply") }
        return .items(unknown + replies)
    }

    static func item(_ thread: EmailThreadSummary, kind: String, need: String, tag: String) -> NeedsYouItem {
        let subject = ServerText.line(thread.subject)
        return NeedsYouItem(feature: feature, kind: kind, id: thread.id, need: need,
                            subject: subject.isEmpty ? "(no subject)" : subject, tag: tag, date: thread.updatedAt?.date,
                            command: "veet email show \(thread.id)")
    }
}
