import Foundation
import VeetStore
import VeetWire

/// Something in any conversation the owner may want to hear about while
/// looking at another window: an approval, a question, a run that finished.
struct AttentionItem: Sendable, Hashable {
    enum Kind: String, Sendable, Hashable {
        case approval, question, finished
    }

    var kind: Kind
    /// The approval's id; for a question or a finished run, the run's.
    var id: String
    var runID: String?
    var sessionID: String?

    /// One item however many sources report it (the account's approvals, a docked card, the index).
    var key: String { "\(kind.rawValue):\(id)" }

    /// The words of its notification: fixed per kind, no conversation text.
    var title: String {
        switch kind {
        case .approval: "Approval needed"
        case .question: "The agent has a question"
        case .finished: "A run finished"
        }
    }
}

/// When veet-tui raises a terminal notification (OSC 9 / 777): only while the
/// terminal has said it is not focused (focus reporting, DECSET 1004), once
/// per item, never for an item first seen while focused (it was on screen),
/// and never for one veetd already raised a desktop alert for. A plain value:
/// the screen feeds it what it knows and writes what it returns.
struct TerminalAlertRule: Sendable, Equatable {
    /// nil until the terminal reports focus; a terminal that never does gets no notifications.
    private(set) var focused: Bool?
    /// Every item already considered, raised or not.
    private var known: Set<String> = []
    /// The index's active run per conversation at the last look (nil before the first).
    private var activeRuns: [String: String]?

    mutating func focusChanged(_ isFocused: Bool) {
        focused = isFocused
    }

    /// A key or a click means the owner is here, whatever the terminal reported.
    mutating func ownerActed() {
        if focused == false { focused = true }
    }

    /// The runs that finished since the last index: a conversation whose active
    /// run is gone. The first index is the starting point and finishes nothing.
    mutating func finishedRuns(in sessions: [CachedSession]) -> [AttentionItem] {
        let now = Dictionary(sessions.compactMap { session in session.activeRunID.map { (session.id, $0) } },
                             uniquingKeysWith: { first, _ in first })
        defer { activeRuns = now }
        guard let before = activeRuns else { return [] }
        return before.compactMap { sessionID, runID in
            now[sessionID] == runID ? nil : AttentionItem(kind: .finished, id: runID, runID: runID, sessionID: sessionID)
        }.sorted { $0.key < $1.key }
    }

    /// The items to notify about now, in order, each at most once.
    /// `raisedByDaemon` says whether veetd already showed a desktop alert for one.
    mutating func toRaise(_ items: [AttentionItem], raisedByDaemon: (AttentionItem) -> Bool) -> [AttentionItem] {
        var raise: [AttentionItem] = []
        for item in items where known.insert(item.key).inserted {
            guard focused == false, !raisedByDaemon(item) else { continue }
            raise.append(item)
        }
        return raise
    }

    /// What waits on the owner in the screen's state: the account's pending
    /// approvals, the docked card, the runs waiting on an answer.
    static func waiting(approvals: [ApprovalView], docked: ApprovalView?, questionRuns: [String: String],
                        dockedQuestionRun: (runID: String, sessionID: String?)?) -> [AttentionItem] {
        var items = (approvals + (docked.map { [$0] } ?? [])).map {
            AttentionItem(kind: .approval, id: $0.id, runID: $0.runID, sessionID: $0.sessionID)
        }
        items += questionRuns.sorted { $0.key < $1.key }.map { sessionID, runID in
            AttentionItem(kind: .question, id: runID, runID: runID, sessionID: sessionID)
        }
        if let docked = dockedQuestionRun {
            items.append(AttentionItem(kind: .question, id: docked.runID, runID: docked.runID, sessionID: docked.sessionID))
        }
        return items
    }
}
