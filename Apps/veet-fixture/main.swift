import Dispatch
import Foundation
import Glibc
import VeetFixture

// SIGINT and SIGTERM are blocked before anything else runs, while this is
// the only thread: every thread started later inherits the mask, so a signal
// sent at any moment (even right after the URL is printed) stays pending
// until the main thread's sigwait takes it. A handler or Dispatch source
// installed later would drop one that came first.
blockStopSignals()

func writeError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

let parsed: CommandLineOptions
do {
    parsed = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch CommandLineOptions.ParseError.help {
    print(CommandLineOptions.usage)
    exit(0)
} catch CommandLineOptions.ParseError.invalid(let message) {
    writeError("veet-fixture: \(message)\n\n\(CommandLineOptions.usage)")
    exit(2)
}

var token = parsed.token ?? ProcessInfo.processInfo.environment["VEET_FIXTURE_TOKEN"] ?? ""
if token.isEmpty {
    token = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    writeError("veet-fixture: token \(token)")
}

if let kind = parsed.hostile {
    let hostile = HostileServer(kind: kind)
    do {
        FileHandle.standardOutput.write(Data((try hostile.start(port: parsed.port).absoluteString + "\n").utf8))
    } catch {
        writeError("veet-fixture: cannot listen: \(error)")
        exit(1)
    }
    serveUntilStopSignal { hostile.stop() }
}

let server = FixtureServer(token: token, options: parsed.options)
server.faults = parsed.faults
let autoNotifications = parsed.autoNotify ? server.startAutoNotifications() : nil
do {
    let url = try server.start(port: parsed.port)
    // Written unbuffered so a parent process can read the URL at once.
    FileHandle.standardOutput.write(Data((url.absoluteString + "\n").utf8))
} catch {
    writeError("veet-fixture: cannot listen: \(error)")
    exit(1)
}
serveUntilStopSignal {
    autoNotifications?.stop()
    server.stop()
}
