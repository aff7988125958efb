import Foundation
import VeetChat
import VeetConsole
import VeetEmail
import VeetEmailCommands
import VeetMemory
import VeetMemoryCommands
import VeetPeople
import VeetPeopleCommands
import VeetSubscriptions
import VeetSubscriptionsCommands
import VeetTransport
import VeetWire

/// `veet needs-you`: what every feature needs from the owner, in one list. The chat's
/// approvals and questions first, then each feature's own report (its command face's
/// `…NeedsYou`), in the same order as the TUI's sidebar, printed by VeetConsole's
/// `NeedsYouBoard.report`. A feature the server does not offer contributes nothing; one
/// that could not be read is named on stderr (exit 1).
struct NeedsYouCommand {
    let context: CLIContext

    static let spec = CommandSpec(
        name: "needs-you",
        summary: "Everything waiting for you: approvals, questions, mail to answer, memories and people to review.",
        discussion: """
            One list across the features: pending approvals and questions of your conversations, \
            mail that needs a reply or whose send status should be checked, memories flagged for \
            review, people to review, and unsubscribes whose outcome is unknown. Each line names \
            the command that shows it. A feature the server does not offer adds nothing; one that \
            cannot be read now is named on stderr and the exit status is 1.
            """,
        examples: [CommandExample("veet needs-you"), CommandExample("veet needs-you --json | jq '.items[].command'")])

    /// The features after the chat, as the TUI's sidebar orders them.
    static func sources(_ sender: HTTPRequestSender) -> [any NeedsYouSource] {
        [EmailNeedsYou(api: EmailAPI(sender: sender)), SubscriptionsNeedsYou(api: SubscriptionsAPI(sender: sender)),
         MemoryNeedsYou(api: MemoryAPI(sender: sender)), PeopleNeedsYou(api: PeopleAPI(sender: sender))]
    }

    static let chat = "chat"
    /// At most this many running conversations are asked whether they wait for an answer.
    static let questionReads = 5

    func run() async throws -> ExitCode {
        let sender = HTTPRequestSender.live(client: try context.client())
        var board = NeedsYouBoard()
        board.take(await Self.chatItems(sender), from: Self.chat)
        let sources = Self.sources(sender)
        for (feature, report) in await NeedsYouBoard.read(sources) { board.take(report, from: feature) }
        return try board.report(order: [Self.chat] + sources.map(\.feature), console: context.console)
    }

    /// The chat's: the account's pending approvals (the read behind the TUI's "Needs you"), then the
    /// newest running conversations whose run waits for an answer.
    static func chatItems(_ sender: HTTPRequestSender) async -> NeedsYouReport {
        var items: [NeedsYouItem] = []
        switch await NeedsYouReader(sender: sender).read() {
        case .available(let approvals):
            items = approvals.filter { $0.status == .pending }.map { approval in
                NeedsYouItem(feature: chat, kind: "approval", id: approval.id, need: "Needs your approval",
                             subject: "\(approval.toolName ?? "a tool"): \(ServerText.line(approval.actionSummary))", tag: "approve",
                             date: approval.createdAt.date, command: "veet approvals show \(approval.id)")
            }
        case .unavailable(let reason, let notOffered):
            if !notOffered { return .unread(reason) }
        }
        let api = ChatAPI(sender: sender)
        guard let sessions = try? await api.ownersSessions(limit: 50, pageSize: 50) else { return .items(items) }
        for session in sessions.filter({ $0.activeRunID != nil }).prefix(questionReads) {
            guard let runID = session.activeRunID, let run = try? await api.run(id: runID), run.status == .waitingForUser else { continue }
            items.append(NeedsYouItem(feature: chat, kind: "question", id: session.id, need: "Needs your answer",
                                      subject: ServerText.line(session.title ?? "New conversation"), tag: "answer",
                                      date: session.updatedAt.date, command: "veet chat --session \(session.id)"))
        }
        return .items(items)
    }
}
