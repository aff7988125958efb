import Foundation
import VeetConsole
import VeetSubscriptions
import VeetTransport

/// `veet subscriptions ...` (alias `veet subs`): the census of bulk senders and
/// a careful unsubscribe. The accounts' flags come from the account list
/// (`SubscriptionsAPI.accountFlags`); when that list is not offered no flags
/// are known, the census is still shown, and no action is offered.
public struct SubscriptionsCommands: CommandGroup {
    let api: SubscriptionsAPI

    public init(api: SubscriptionsAPI) {
        self.api = api
    }

    static let id = Argument("id", help: "The subscription id (64 hex characters, from `veet subscriptions list`).")
    static let ids = Argument("id", help: "Subscription ids (1-25).", isVariadic: true)
    static let account = ValueOption("account", valueName: "id", help: "Only this mail account.")
    static let state = ValueOption("state", valueName: "state",
                                   help: "active, kept, pending, unsubscribed, failed, still_sending or reported_spam.")
    static let cursor = ValueOption("cursor", valueName: "cursor", help: "The next page (printed under a full page).")
    static let archiveExisting = Flag("archive-existing", help: "Also archive existing mail from these senders.")
    static let yes = Flag("yes", help: "Confirm without asking (scripts).")
    static let undo = Flag("undo", help: "Stop keeping this sender.")

    public static let spec = CommandSpec(
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
                        options: [account, state, cursor].map(\.spec)),
            CommandSpec(name: "show", summary: "One sender: what it offers, its state, what you can do.", positionals: [id.spec]),
            CommandSpec(name: "unsubscribe", summary: "Unsubscribe from up to 25 senders: shows the confirmation, asks.",
                        options: [archiveExisting.spec, yes.spec], positionals: [ids.spec]),
            CommandSpec(name: "keep", summary: "Keep a sender (never suggested again); --undo stops keeping.",
                        options: [undo.spec], positionals: [id.spec]),
            CommandSpec(name: "spam", summary: "Report a sender as spam (moves its Inbox conversations to Spam).",
                        positionals: [id.spec]),
            CommandSpec(name: "not-spam", summary: "Undo a spam report (moves those conversations back).", positionals: [id.spec]),
        ])

    public func run(_ command: ParsedCommand, console: Console) async throws -> ExitCode {
        let name = console.programName
        let isWrite = !["list", "show"].contains(command.path.last ?? "")
        do {
            let flags = try await api.accountFlags()
            let run = SubscriptionsCommandRun(api: api, console: console, flags: flags ?? .unknown, flagsKnown: flags != nil)
            let id = command.argument(Self.id)
            switch command.path {
            case ["subscriptions", "list"]: return try await run.list(command)
            case ["subscriptions", "show"]: return try await run.show(id)
            case ["subscriptions", "unsubscribe"]: return try await run.unsubscribe(command)
            case ["subscriptions", "keep"]: return try await run.keep(id, undo: command.flag(Self.undo))
            case ["subscriptions", "spam"]: return try await run.spam(id, true)
            case ["subscriptions", "not-spam"]: return try await run.spam(id, false)
            default: throw CommandFailure.usage("\(name): subscriptions needs a subcommand; see `\(name) help subscriptions`")
            }
        } catch let refusal as SubscriptionSelection.Refusal {
            throw CommandFailure("\(name): \(refusal.description) Nothing was sent.", exitCode: .usage)
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            guard let meaning = SubscriptionsError.from(error, isWrite: isWrite) else { throw error }
            let cause = error as? APIError
            switch meaning {
            case .unavailable:
                throw CommandFailure("\(name): \(meaning.description)", exitCode: .notFound, kind: "not_offered", cause: cause)
            case .readDenied, .writeDenied:
                throw CommandFailure("\(name): \(meaning.description)", exitCode: .notSignedIn, cause: cause)
            case .notAnID: throw CommandFailure("\(name): \(meaning.description)", exitCode: .usage, cause: cause)
            case .notFound: throw CommandFailure("\(name): \(meaning.description)", exitCode: .notFound, cause: cause)
            default: throw CommandFailure("\(name): \(meaning.description)", exitCode: .failure, cause: cause)
            }
        }
    }
}
