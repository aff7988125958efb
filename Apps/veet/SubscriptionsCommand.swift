import Foundation
import VeetConsole
import VeetSubscriptions
import VeetTransport

/// `veet subscriptions ...` (alias `veet subs`): the census of bulk senders and
/// a careful unsubscribe. The accounts' flags are read from /v1/email/accounts
/// (just `unsubscribe_supported` and `spam_supported`); when that route is
/// missing no flags are known, the census is still shown, and no action is offered.
struct SubscriptionsCommand {
    let context: CLIContext
    let api: SubscriptionsAPI
    let flags: AccountFlags
    let flagsKnown: Bool

    static let ids = PositionalSpec("id", help: "The subscription id (64 hex characters, from `veet subscriptions list`).")

    static let spec = CommandSpec(
        name: "subscriptions",
        summary: "Bulk senders in your mail: list them, unsubscribe, keep, report spam (alias: subs).",
        discussion: """
            Actions appear only on accounts whose flags offer them (unsubscribe_supported; Report spam \
            and Not spam also need spam_supported). A server without the account list shows the census \
            with no actions. An unsubscribe cannot be undone; it names each sender and what it does first.
            """,
        examples: [
            CommandExample("veet subs list --state still_sending"),
            CommandExample("veet subscriptions unsubscribe ID ID --archive-existing"),
            CommandExample("veet subscriptions keep --undo ID"),
        ],
        subcommands: [
            CommandSpec(name: "list", summary: "One page of the census, in the server's order.",
                        options: [.value("account", valueName: "id", help: "Only this mail account."),
                                  .value("state", valueName: "state",
                                         help: "active, kept, pending, unsubscribed, failed, still_sending or reported_spam."),
                                  .value("cursor", valueName: "cursor", help: "The next page (printed under a full page).")]),
            CommandSpec(name: "show", summary: "One sender: what it offers, its state, what you can do.", positionals: [ids]),
            CommandSpec(name: "unsubscribe", summary: "Unsubscribe from up to 25 senders: shows the confirmation, asks.",
                        options: [.flag("archive-existing", help: "Also archive existing mail from these senders."),
                                  .flag("yes", help: "Confirm without asking (scripts).")],
                        positionals: [PositionalSpec("id", help: "Subscription ids (1-25).", isVariadic: true)]),
            CommandSpec(name: "keep", summary: "Keep a sender (never suggested again); --undo stops keeping.",
                        options: [.flag("undo", help: "Stop keeping this sender.")], positionals: [ids]),
            CommandSpec(name: "spam", summary: "Report a sender as spam (moves its Inbox conversations to Spam).",
                        positionals: [ids]),
            CommandSpec(name: "not-spam", summary: "Undo a spam report (moves those conversations back).", positionals: [ids]),
        ])

    static func run(_ command: ParsedCommand, context: CLIContext) async throws -> ExitCode {
        let client = try context.client()
        let api = SubscriptionsAPI(sender: .live(client: client))
        let isWrite = !["list", "show"].contains(command.path.last ?? "")
        do {
            let (flags, known) = try await Self.readFlags(client)
            return try await SubscriptionsCommand(context: context, api: api, flags: flags, flagsKnown: known).dispatch(command)
        } catch let refusal as SubscriptionSelection.Refusal {
            return context.fail("veet: \(refusal.description) Nothing was sent.", .usage)
        } catch {
            if case .unavailable? = SubscriptionsError.from(error, isWrite: isWrite) {
                return try await context.notOffered("veet: \(SubscriptionsError.unavailable.description)", .notFound)
            }
            guard let meaning = SubscriptionsError.from(error, isWrite: isWrite) else { throw error }
            let code: ExitCode = switch meaning {
            case .readDenied, .writeDenied: .notSignedIn
            case .notAnID: .usage
            case .notFound: .notFound
            default: .failure
            }
            return context.fail("veet: \(meaning.description)", code, answer: error as? APIError)
        }
    }

    /// The accounts' flags; a missing account route (404/405) means none are known.
    static func readFlags(_ client: HTTPClient) async throws -> (AccountFlags, Bool) {
        do {
            let page = try await HTTPRequestSender.live(client: client).retrying(.standard, .reads)
                .send(.get("/v1/email/accounts")).decoded(as: Page<SubscriptionAccountCapabilities>.self)
            return (AccountFlags(page.items), true)
        } catch let error as APIError where [404, 405].contains(error.status) {
            return (.unknown, false)
        }
    }

    private func dispatch(_ command: ParsedCommand) async throws -> ExitCode {
        switch command.path {
        case ["subscriptions", "list"]: return try await list(command)
        case ["subscriptions", "show"]: return try await show(command.positionals[0])
        case ["subscriptions", "unsubscribe"]: return try await unsubscribe(command)
        case ["subscriptions", "keep"]: return try await keep(command.positionals[0], undo: command.flag("undo"))
        case ["subscriptions", "spam"]: return try await spam(command.positionals[0], true)
        case ["subscriptions", "not-spam"]: return try await spam(command.positionals[0], false)
        default: return context.fail("veet: subscriptions needs a subcommand; see `veet help subscriptions`", .usage)
        }
    }
}
