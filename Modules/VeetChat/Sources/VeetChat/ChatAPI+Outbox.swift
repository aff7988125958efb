import Foundation
import VeetStore
import VeetTransport

extension ChatAPI {
    /// The outbox's way of sending one message (the CLI, the TUI and veetd all
    /// deliver through it). A submission's `404` means the conversation is
    /// unknown, foreign or deleted, or that a file the message names is not an
    /// upload of this conversation (sessions-runs.md §3.2); the conversation's
    /// own read tells which, so the refusal the user reads names the right one.
    public var outboxSubmit: OutboxDelivery.Submit {
        let api = self
        return { sessionID, content, key in
            do {
                switch try await api.submit(sessionID: sessionID, content: content, key: key) {
                case .accepted(let result, _): return .accepted(runID: result.runID)
                case .activeRunExists(let runID, _): return .busy(runID: runID)
                }
            } catch let answer as APIError where answer.isNotFound {
                throw OutboxRefusal(answer: answer, description: await api.missingWhenSubmitting(to: sessionID, answer))
            }
        }
    }

    private func missingWhenSubmitting(to sessionID: String, _ answer: APIError) async -> String {
        let request = answer.requestID.map { " [404, request \($0)]" } ?? " [404]"
        do {
            _ = try await session(id: sessionID)
            return "a file this message names is not an upload of this conversation (or has expired)" + request
        } catch let read as APIError where read.isNotFound {
            return "no conversation with id \(sessionID) (it may have been deleted, or belong to someone else)" + request
        } catch {
            return answer.description
        }
    }
}
