import Foundation
import Glibc
import VeetConsole
import VeetTransport

// veetd: its arguments, then serveDaemon (DaemonMain.swift). The rules live in
// VeetStore (protocol, store), VeetAccount (alerts) and VeetChat (runs, approvals).

// Before anything else, while this is the only thread (StopSignals).
StopSignals.block()
// Two malloc arenas, set while no other thread allocates (HeapUpkeep.swift).
HeapUpkeep.limitArenas()

let arguments = Array(CommandLine.arguments.dropFirst())
/// Version, build and commit as `veet --version` prints them (the BuildStamp plugin).
let stamped = "\(VeetTransportVersion.current) (build \(BuildStamp.build), commit \(BuildStamp.commit))"
if arguments == ["--man-page"] {
    // veetd(8), from the same spec as --help (`make install` writes it).
    Output.standardOutput.write(ManPage(
        root: DaemonSettings.spec, section: 8, version: stamped, date: ManPage.date(),
        extraSections: [("Files", ["$XDG_RUNTIME_DIR/veet/veetd.sock: the socket the CLI and TUI talk to.",
                                   "$XDG_STATE_HOME/veet/veetd.log: the log.",
                                   "~/.config/systemd/user/veetd.service: the user unit `make install` puts in place."])],
        seeAlso: ["veet(1)", "veet-tui(1)", "systemctl(1)"]).text)
    exit(0)
}
let settings: DaemonSettings
do {
    switch try CommandLineParser(root: DaemonSettings.spec).parse(arguments) {
    case .help(let path):
        Output.standardOutput.write(HelpFormatter(root: DaemonSettings.spec).help(for: path) ?? "")
        exit(0)
    case .run(let command):
        if command.flag(DaemonSettings.versionFlag) {
            print("veetd \(stamped)")
            exit(0)
        }
        settings = try DaemonSettings(command)
    }
} catch let error as UsageError {
    Output.standardError.writeLine(error.report(programName: "veetd"))
    exit(ExitCode.usage.rawValue)
} catch {
    Output.standardError.writeLine("veetd: \(error)")
    exit(ExitCode.usage.rawValue)
}

// The daemon runs on the concurrency pool; the main thread only parks. Not an async
// main: that would drain the main queue with dispatch_main, which waits in
// sigsuspend with an empty mask, and a SIGTERM landing there would kill the
// daemon by its default action instead of reaching StopSignals.
Task.detached { await serveDaemon(settings) }
StopSignals.parkMainThread()
