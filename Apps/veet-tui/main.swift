import Foundation
import VeetChat
import VeetCurses
import VeetDaemonProtocol
import VeetStore
import VeetTokens
import VeetTransport

// veet-tui: the full-screen chat. It resolves the connection the way the
// `veet` CLI does (VEET_URL/VEET_TOKEN first, else the current saved
// connection; `--connection NAME` picks another), opens the same local store
// slice, then hands the terminal to the chat screen.

let environment = ProcessInfo.processInfo.environment
var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(TUICommandLine.help, terminator: "")
    exit(0)
}
if arguments == ["--man-page"] {
    print(TUICommandLine.manPage, terminator: "")
    exit(0)
}
if arguments.contains("--bench-frames") {
    FrameBench.run(quick: arguments.contains("--quick"))
    exit(0)
}
var connectionName: String?
if let index = arguments.firstIndex(of: "--connection"), index + 1 < arguments.count {
    connectionName = arguments[index + 1]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("veet-tui: \(message)\n".utf8))
    exit(1)
}

let registry = ConnectionRegistry(paths: VeetPaths(environment: environment))
let backend: Backend
let label: String
do {
    let resolved = try registry.resolve(named: connectionName, environment: environment)
    let url = resolved.settings.serverURL.url.absoluteString
    let store = try LocalStore.open(paths: registry.paths, connection: resolved.name ?? "url:\(url)", url: url)
    let client = HTTPClient(settings: resolved.settings, clientVersion: VeetTransportVersion.current)
    backend = Backend(client: client, store: store, inbox: Inbox(), broker: PromptBroker(),
                      daemon: DaemonLink(paths: DaemonPaths(environment: environment), connection: resolved.name))
    label = resolved.name ?? (resolved.settings.serverURL.url.host ?? url)
} catch {
    fail(CommandHints.message(for: error))
}

let preference = environment["VEET_APPEARANCE"].flatMap(AppearancePreference.init(rawValue:)) ?? .auto
let appearance = AppearanceResolver.resolve(preference, environment: environment) { nil }.appearance
let options = TerminalSession.Options(capability: ColorCapability.detect(environment: environment), appearance: appearance)
let terminal: TerminalSession
do {
    terminal = try TerminalSession(options: options, environment: environment)
} catch {
    fail("cannot take over the terminal (\(error))")
}
let screen = ChatScreen(terminal: terminal, backend: backend, connectionLabel: label, environment: environment)
screen.exitAfterFirstFrame = arguments.contains("--first-frame-exit")
screen.run()
