import Foundation
import VeetStore
import VeetTransport
import VeetWire

/// Which conversations need their owner ("Needs you"): one with a pending
/// approval, or whose active run (as the index has it) is a run seen waiting
/// for an answer. Decided on the index and one read, never a read per run.
public enum NeedsYou {
    public static func sessions(in index: [CachedSession], pendingApprovals: [ApprovalView],
                                questions: QuestionWaits) -> Set<String> {
        let approving = Set(pendingApprovals.filter { $0.status == .pending }.map { $0.sessionID.lowercased() })
        var needing: Set<String> = []
        for session in index {
            if approving.contains(session.id.lowercased()) {
                needing.insert(session.id)
            } else if let active = session.activeRunID, let asked = questions.waitingRun(inSession: session.id),
                      active.caseInsensitiveCompare(asked) == .orderedSame {
                needing.insert(session.id)
            }
        }
        return needing
    }
}

/// What the one read behind "Needs you" found.
public enum PendingApprovalsRead: Sendable, Hashable {
    /// The account's pending approvals, newest first (up to `NeedsYouReader.limit`).
    case available([ApprovalView])
    /// Not read this time: keep the last list (hide nothing, mark nothing new).
    /// `notOffered`: the server has no account-wide list (it asks for a run or
    /// a conversation), which is nothing to alarm the owner about.
    case unavailable(reason: String, notOffered: Bool)

    /// The list to show now: this read's, or the last one when it failed.
    public func approvals(keeping last: [ApprovalView]) -> [ApprovalView] {
        if case .available(let list) = self { return list }
        return last
    }
}

/// The one read behind "Needs you": the newest pending approvals of the
/// account (`ChatAPI.pendingApprovals(limit:)`, newest first).
public struct NeedsYouReader: Sendable {
    /// More pending approvals than this is not a sidebar's problem.
    public static let limit = 200

    let api: ChatAPI

    /// The read is retried on 429/5xx and lost answers.
    public init(sender: HTTPRequestSender, retry: RetryPolicy = .standard) {
        api = ChatAPI(sender: sender, retry: retry)
    }

    public func pendingApprovals() async throws -> [ApprovalView] {
        try await api.pendingApprovals(limit: Self.limit)
    }

    /// The read, typed: a failure says why instead of looking like "nothing pending".
    public func read() async -> PendingApprovalsRead {
        do {
            return .available(try await pendingApprovals())
        } catch let answer as APIError where [400, 404, 405].contains(answer.status) {
            return .unavailable(reason: answer.summary, notOffered: true)
        } catch {
            return .unavailable(reason: String(describing: error), notOffered: false)
        }
    }

    /// The conversations of `index` that need their owner.
    public func sessions(in index: [CachedSession], questions: QuestionWaits) async throws -> Set<String> {
        NeedsYou.sessions(in: index, pendingApprovals: try await pendingApprovals(), questions: questions)
    }
}
