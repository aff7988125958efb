import Dispatch
import Foundation
import VeetConsole
import VeetWebsiteAccess

/// The remote ceremony steps of `veet sites add|signin`: the explicit "Continue in
/// web browser" step, the bounded wait with a live status line, rollback on
/// abandonment or Ctrl-C.
extension SitesRun {
    /// Shows the link behind an explicit step, then waits for the outcome.
    /// Ctrl-C, an open failure or an unready outcome abandons `attempt`
    /// (`CeremonyDriver.undo`: a new profile is rolled back).
    func presentAndWait(_ started: StartedCeremony, _ attempt: SignInAttempt, driver: CeremonyDriver,
                        open: Bool, wait: Bool) async throws -> Ceremony {
        let link = started.link
        if open {
            guard Self.openWithDesktop(link) else {
                let undone = await driver.undo(attempt, after: .givenUp)
                say(undone, after: .linkNotOpened)
                throw CancellationError()
            }
            err.writeLine("Opened the sign-in page in your web browser.")
        } else {
            writeToTerminal("Continue in web browser: open this single-use link within five minutes and sign in there.\n"
                            + "  \(link.revealForTerminal())\n")
        }
        guard wait else { return started.ceremony }
        let interrupt = InterruptSignal()
        let err = err
        let waiting = Task {
            try await driver.waitForOutcome(ceremonyID: started.ceremony.id, interval: .seconds(2), maxChecks: 170,
                                            onChange: { err.writeLine("  sign-in: \($0.status.rawValue) — \($0.status.nextStep)") })
        }
        interrupt.start { waiting.cancel() }
        defer { interrupt.stop() }
        do {
            let outcome = try await waiting.value
            let undone = await driver.undo(attempt, after: .waited(outcome))
            say(undone, after: .endedUnready)
            return outcome
        } catch {
            let undone = await driver.undo(attempt, after: .givenUp)
            say(undone, after: .stopped)
            throw error
        }
    }

    private func say(_ undone: SignInUndo, after stop: SignInUndoWording.Stop) {
        if let line = SignInUndoWording.message(undone, after: stop) { err.writeLine(line) }
    }

    func finish(_ outcome: Ceremony, profileID: String) throws -> ExitCode {
        if console.json {
            try console.printJSON(SiteStatusOutput(profile: nil, ceremony: outcome))
        }
        switch outcome.status {
        case .ready:
            err.writeLine("Signed in. Use it for new conversations with `veet sites use \(profileID)`.")
            return .success
        case .authenticationRequired, .needsUser:
            err.writeLine("Still waiting: \(outcome.status.nextStep) Check with `veet sites status \(profileID)`.")
            return .needsInteraction
        default:
            throw fail(outcome.status.nextStep, .failure)
        }
    }

    /// The controlling terminal when there is one; otherwise standard output,
    /// or standard error under `--json` so the link never joins JSON output.
    private func writeToTerminal(_ text: String) {
        if let tty = FileHandle(forWritingAtPath: "/dev/tty") {
            tty.write(Data(text.utf8))
            try? tty.close()
        } else if console.json {
            err.write(text)
        } else {
            out.write(text)
        }
    }

    private static func openWithDesktop(_ link: LaunchLink) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", link.revealForTerminal()]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

/// Ctrl-C while waiting for a sign-in: stop waiting (the caller rolls back).
final class InterruptSignal: @unchecked Sendable {  // `source` is touched only by start/stop on the caller's task
    private var source: DispatchSourceSignal?

    func start(_ onInterrupt: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler(handler: onInterrupt)
        source.resume()
        self.source = source
    }

    func stop() {
        source?.cancel()
        source = nil
        signal(SIGINT, SIG_DFL)
    }
}
