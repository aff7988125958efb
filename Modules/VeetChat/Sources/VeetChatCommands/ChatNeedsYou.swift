import Foundation
import VeetChat
import VeetConsole
import VeetTransport

/// Chat's "Needs you" read, as its command face reports it: the account's pending approvals (the
/// read behind the TUI's "Needs you"), then the newest running conversations whose run waits for
/// an answer. A server without approvals still has its questions read.
public struct ChatNeedsYou: NeedsYouSource {
    /// The feature's name on its items.
    public static let feature = "chat"
    /// At most this many running conversations are asked whether they wait for an answer.
    public static let questionReads = 5
    let sender: HTTPRequestSender

    public init(sender: HTTPRequestSender) {
        self.sender = sender
    }

    public var feature: String { Self.feature }

    public func read() async -> NeedsYouReport {
        var items: [NeedsYouItem] = []
        switch await NeedsYouReader(sender: sender).read() {
        case .available(let approvals):
            items = approvals.filter { $0.status == .pending }.map { approval in
                NeedsYouItem(feature: Self.feature, kind: "approval", id: approval.id, need: "Needs your approval",
                             subject: "\(approval.toolName ?? "a tool"): \(ServerText.line(approval.actionSummary))", tag: "approve",
                             date: approval.createdAt.date, command: "veet approvals show \(approval.id)")
            }
        case .unavailable(let reason, let notOffered):
            if !notOffered { return .unread(reason) }
        }
        let api = ChatAPI(sender: sender)
        guard let sessions = try? await api.ownersSessions(limit: 50, pageSize: 50) else { return .items(items) }
        for session in sessions.filter({ $0.activeRunID != nil }).prefix(Self.questionReads) {
            guard let runID = session.activeRunID, let run = try? await api.run(id: runID), run.status == .waitingForUser else { continue }
            items.append(NeedsYouItem(feature: Self.feature, kind: "question", id: session.id, need: "Needs your answer",
                                      subject: ServerText.line(session.title ?? "New conversation"), tag: "answer",
                                      date: session.updatedAt.date, command: "veet chat --session \(session.id)"))
        }
        return .items(items)
    }
}
