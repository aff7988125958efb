import Foundation
import VeetChat
import VeetConsole
import VeetCurses
import VeetDaemonProtocol
import VeetStore
import VeetTokens
import VeetTransport

// veet-tui: the full-screen chat. It resolves the connection the way the
// `veet` CLI does (VEET_URL/VEET_TOKEN first, else the current saved
// connection; `--connection NAME` picks another), opens the same local store
// slice, then hands the terminal to the chat screen.

// `--log` is VEET_LOG=debug for this process (DiagnosticLog.swift), set before anything reads the environment.
if CommandLine.arguments.dropFirst().contains("--" + TUICommandLine.log.spec.long) { setenv("VEET_LOG", "debug", 1) }
let environment = ProcessInfo.processInfo.environment
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--" + TUICommandLine.version.spec.long) {
    print(TUIBuild.line)
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
// One spec drives parsing, --help and veet-tui(1); a bad id or value stops here, before the terminal is taken.
let launch: TUICommandLine.Launch
do {
    if case .help = try CommandLineParser(root: TUICommandLine.spec).parse(arguments) {
        print(TUICommandLine.help, terminator: "")
        exit(0)
    }
    launch = try TUICommandLine.launch(arguments)
} catch let error as UsageError {
    FileHandle.standardError.write(Data((error.report(programName: "veet-tui") + "\n").utf8))
    exit(ExitCode.usage.rawValue)
} catch {
    FileHandle.standardError.write(Data("veet-tui: \(error)\nRun 'veet-tui --help' for usage.\n".utf8))
    exit(ExitCode.usage.rawValue)
}
let connectionName = launch.connection

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("veet-tui: \(message)\n".utf8))
    exit(1)
}

let registry = ConnectionRegistry(paths: VeetPaths(environment: environment))
// No saved connection and no VEET_URL: the first-run form, not an exit (ConnectionSwitcher.swift).
var resolved: ResolvedConnection?
do {
    resolved = try registry.resolve(named: connectionName, environment: environment)
} catch ConnectionResolutionError.notConnected where connectionName == nil {
    resolved = nil
} catch {
    fail(CommandHints.message(for: error))
}

let preference = environment["VEET_APPEARANCE"].flatMap(AppearancePreference.init(rawValue:)) ?? .auto
// Asked once, before ncurses owns the terminal, when nothing forces the look ("follow the terminal" uses it later).
let background = environment["VEET_APPEARANCE"] == nil && !launch.firstFrameExit
    ? TerminalBackgroundQuery.run(environment: environment) : nil
let appearance = AppearanceResolver.resolve(preference, environment: environment) { background }.appearance
let options = TerminalSession.Options(capability: ColorCapability.detect(environment: environment), appearance: appearance)
let terminal: TerminalSession
do {
    terminal = try TerminalSession(options: options, environment: environment)
} catch {
    fail("cannot take over the terminal (\(error))")
}
if resolved == nil {
    resolved = FirstRun.run(terminal: terminal, registry: registry)
    if resolved == nil {
        terminal.stop()
        print("Nothing was saved. `veet connect URL` or veet-tui connects this computer later.")
        exit(0)
    }
}
let opened: (backend: Backend, label: String)
do {
    opened = try ConnectionOpener.open(resolved!, registry: registry, environment: environment)
} catch {
    terminal.stop()
    fail(CommandHints.message(for: error))
}
let screen = ChatScreen(terminal: terminal, backend: opened.backend, connectionLabel: opened.label, environment: environment)
screen.connection = ActiveConnection(resolved: resolved!, registry: registry)
screen.terminalBackground = background
screen.exitAfterFirstFrame = launch.firstFrameExit
screen.deepLink = launch.deepLink
screen.run()
