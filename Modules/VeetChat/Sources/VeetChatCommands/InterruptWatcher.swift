import Dispatch
import Foundation
import VeetChat
import VeetConsole

/// Ctrl-C while a run streams asks the server to cancel the run; the
/// program keeps streaming until the run says it was cancelled. A second
/// Ctrl-C before then leaves at once (status 130).
actor InterruptWatcher {
    private var source: DispatchSourceSignal?
    private var api: ChatAPI?
    private var runID: String?
    /// Where the turn is shown: the notice goes through it, so the answer's redraw never erases it.
    private var view: TerminalTurnView?
    private var cancelRequested = false
    private(set) var interrupted = false
    private let onIdle: @Sendable () -> Void
    private let err: Output
    private let describe: @Sendable (any Error) -> String

    /// `onIdle` runs when Ctrl-C arrives with no run active; `describe` words a failed cancel.
    init(err: Output, describe: @escaping @Sendable (any Error) -> String, onIdle: @escaping @Sendable () -> Void) {
        self.err = err
        self.describe = describe
        self.onIdle = onIdle
    }

    func start() {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [weak self] in
            guard let self else { return }
            Task { await self.interrupt() }
        }
        source.resume()
        self.source = source
    }

    func watch(api: ChatAPI, runID: String, view: TerminalTurnView?) {
        self.api = api
        self.runID = runID
        self.view = view
        cancelRequested = false
    }

    func runEnded() {
        runID = nil
        view = nil
        cancelRequested = false
    }

    private func interrupt() async {
        interrupted = true
        guard let api, let runID else {
            onIdle()
            return
        }
        if cancelRequested {
            err.write("\nLeaving without waiting for the run to stop.\n")
            exit(130)
        }
        cancelRequested = true
        let view = self.view
        if let view {
            await view.cancelRequested()
        } else {
            err.write("\n\(TerminalTurnView.stoppingNotice)\n")
        }
        do {
            _ = try await api.cancel(runID: runID)
        } catch {
            let reason = describe(error)
            if let view {
                await view.cancelFailed(reason)
            } else {
                err.write("veet: could not cancel the run: \(reason)\n")
            }
        }
    }
}
