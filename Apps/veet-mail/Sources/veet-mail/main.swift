// veet-mail: the inbox, a thread, the reply with Review & Send, and the unsubscribe
// tool (S), full screen: Email's and Subscriptions' own screens on VeetCurses' shell.
import Foundation
import VeetCurses
import VeetEmail
import VeetEmailScreens
import VeetStore
import VeetSubscriptions
import VeetSubscriptionsScreens
import VeetTokens
import VeetTransport

let usage = """
    usage: veet-mail        your mail, full screen (Ctrl-C leaves)
    The server and token are veet's current connection (or VEET_URL and VEET_TOKEN).
    Keys: ↑↓ choose, Enter read, r reply, s Review & Send, a approve once, e archive,
    h handled, / search, S subscriptions (Esc back).
    """

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("veet-mail: \(message)\n".utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--help" || arguments.first == "-h" { print(usage); exit(0) }
guard arguments.isEmpty else { fail("unknown arguments\n\(usage)", status: 2) }
let connection: ResolvedConnection
do { connection = try ConnectionRegistry(paths: VeetPaths()).resolve() } catch { fail("\(error)") }
let sender = HTTPRequestSender.live(client: HTTPClient(settings: connection.settings))
let label = connection.name ?? connection.settings.serverURL.url.host ?? "veet"

/// The accounts' flags as Subscriptions takes them, read from Email's accounts (the two meet only here).
func flags(_ accounts: [EmailAccount]) -> AccountFlags {
    AccountFlags(accounts.map {
        SubscriptionAccountCapabilities(accountID: $0.id, unsubscribeSupported: $0.unsubscribeSupported,
                                        spamSupported: $0.spamSupported)
    })
}

let environment = ProcessInfo.processInfo.environment
let preference = environment["VEET_APPEARANCE"].flatMap(AppearancePreference.init(rawValue:)) ?? .auto
let appearance = AppearanceResolver.resolve(preference, environment: environment) { nil }.appearance
let terminal: TerminalSession
do {
    terminal = try TerminalSession(options: .init(capability: ColorCapability.detect(environment: environment),
                                                  appearance: appearance), environment: environment)
} catch {
    fail("cannot take over the terminal (\(error))")
}

let email = EmailAPI(sender: sender)
let shell = ScreenShell(terminal: terminal)
let size = shell.size
shell.push(EmailScreen(connection: label, width: size.width, height: size.height),
           work: EmailScreenWork(api: email, refresher: EmailRefresher(api: email)))
shell.tell(EmailScreenResult.shown(width: size.width, height: size.height))
shell.run { route, shell in
    // Email asks for Subscriptions by route; help and $EDITOR are veet-tui's, not offered here.
    guard let route = route as? EmailScreenRoute else { return }
    switch route {
    case .openSubscriptions(let accounts):
        let size = shell.size
        shell.push(SubscriptionsScreen(flags: flags(accounts), accounts: accounts.map { .init(id: $0.id, label: $0.label) },
                                       connection: label, width: size.width, height: size.height),
                   work: SubscriptionsScreenWork(api: SubscriptionsAPI(sender: sender)))
    case .help, .unsubscribe: break
    case .editExternally: shell.tell(EmailScreenResult.message("veet-mail edits the reply here (r)."))
    case .viewInPeople: shell.tell(EmailScreenResult.message("People opens in veet-tui; veet-mail has only Email."))
    case .openChat: shell.tell(EmailScreenResult.message("The discussion is open: read it in veet-tui or `veet chat`."))
    }
}
terminal.stop()
