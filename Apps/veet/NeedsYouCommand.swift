import Foundation
import VeetChatCommands
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

/// `veet needs-you`: what every feature needs from the owner, in one list: each feature's
/// own report (its command face's `…NeedsYou`, the chat's approvals and questions first),
/// read side by side, in the same order as the TUI's sidebar, printed by VeetConsole's
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

    /// The features, as the TUI's sidebar orders them.
    static func sources(_ sender: HTTPRequestSender) -> [any NeedsYouSource] {
        [ChatNeedsYou(sender: sender), EmailNeedsYou(api: EmailAPI(sender: sender)),
         SubscriptionsNeedsYou(api: SubscriptionsAPI(sender: sender)), MemoryNeedsYou(api: MemoryAPI(sender: sender)),
         PeopleNeedsYou(api: PeopleAPI(sender: sender))]
    }

    func run() async throws -> ExitCode {
        let sources = Self.sources(.live(client: try context.client()))
        var board = NeedsYouBoard()
        for (feature, report) in await NeedsYouBoard.read(sources) { board.take(report, from: feature) }
        return try board.report(order: sources.map(\.feature), console: context.console)
    }
}
