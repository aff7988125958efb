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

/// The one read behind "Needs you": the newest pending approvals of the
/// account, one page (`GET /v1/approvals?status=pending&limit=…`).
public struct NeedsYouReader: Sendable {
    /// The server's largest page (sessions-runs.md §5.1); more pending approvals than this is not a sidebar's problem.
    public static let pageLimit = 200

    let send: HTTPRequestSender

    /// The read is retried on 429/5xx and lost answers.
    public init(sender: HTTPRequestSender, retry: RetryPolicy = .standard) {
        send = sender.retrying(retry, .reads)
    }

    public func pendingApprovals() async throws -> [ApprovalView] {
        let request = HTTPRequest.page("/v1/approvals", query: [URLQueryItem(name: "status", value: "pending")],
                                       limit: Self.pageLimit, cursor: nil)
        let page: Page<ApprovalView> = try await send.decode(request)
        return page.items
    }

    /// The conversations of `index` that need their owner.
    public func sessions(in index: [CachedSession], questions: QuestionWaits) async throws -> Set<String> {
        NeedsYou.sessions(in: index, pendingApprovals: try await pendingApprovals(), questions: questions)
    }
}
