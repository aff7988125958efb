import Foundation
import VeetTransport
import VeetWire

/// Runs mailbox refreshes as `RefreshAdmission` admits them (docs/email.md, Refresh) and keeps the mailbox
/// status an app shows. Call `becameVisible` when Email opens, `tick` every
/// few seconds while it is on screen, `becameHidden` when it leaves, and
/// `connectionChanged` when the token or server changes. Answers that belong
/// to an older connection are dropped, and cancellation is never an error.
public actor EmailRefresher {
    private var api: EmailAPI
    private let now: @Sendable () -> Date
    private var admission = RefreshAdmission()
    /// Bumped by `connectionChanged`: an answer stamped with an older one is ignored.
    private var generation = 0
    private var running = false

    /// The last refresh failure. It survives cached reads (list, thread) and
    /// is cleared only when a refresh completes.
    public private(set) var refreshError: String?
    /// Polling gave up after three failed status reads; the next admitted refresh starts again.
    public private(set) var pollingStopped = false
    /// The operation being followed, if any.
    public private(set) var currentOperation: EmailOperation?

    public init(api: EmailAPI, now: @escaping @Sendable () -> Date = { Date() }) {
        self.api = api
        self.now = now
    }

    /// Email opened or returned to the foreground: starts a refresh.
    @discardableResult
    public func becameVisible() async -> RefreshOutcome {
        guard admission.becameVisible(at: now()) else { return .notAdmitted }
        return await run()
    }

    public func becameHidden() {
        admission.becameHidden()
    }

    /// A periodic check while Email is visible: refreshes when 60 s have passed since the last one.
    @discardableResult
    public func tick() async -> RefreshOutcome {
        guard admission.tick(at: now()) else { return .notAdmitted }
        return await run()
    }

    /// The connection changed: later answers from the old one are ignored and the status starts clean.
    public func connectionChanged(to api: EmailAPI) {
        self.api = api
        generation += 1
        running = false
        refreshError = nil
        pollingStopped = false
        currentOperation = nil
        admission = RefreshAdmission()
    }

    /// Starts the refresh and follows its operation until it ends.
    private func run() async -> RefreshOutcome {
        guard !running else { return .alreadyRunning }
        running = true
        let started = generation
        defer { if generation == started { running = false } }
        pollingStopped = false
        let operation: EmailOperation
        do {
            operation = try await api.refresh()
        } catch {
            return settle(started, error: error)
        }
        guard generation == started else { return .superseded }
        currentOperation = operation
        var polling = OperationPolling()
        var latest = operation
        var delay = polling.nextDelayAfterAnswer()
        while !latest.status.isTerminal {
            do { try await api.send.sleeper(delay) } catch { return .cancelled }
            guard generation == started else { return .superseded }
            do {
                latest = try await api.operation(id: operation.operationID)
                guard generation == started else { return .superseded }
                currentOperation = latest
                delay = polling.nextDelayAfterAnswer()
            } catch {
                guard generation == started else { return .superseded }
                if QuietFailure.isCancellation(error) { return .cancelled }
                guard let wait = polling.nextDelayAfterFailure() else {
                    pollingStopped = true
                    return .pollingStopped(describe(error))
                }
                delay = wait
            }
        }
        switch latest.status {
        case .completed:
            refreshError = nil
            return .completed(latest)
        default:
            let text = "The mailbox refresh ended without completing (\(latest.status.rawValue.lowercased()))."
            refreshError = text
            return .failed(text)
        }
    }

    private func settle(_ started: Int, error: any Error) -> RefreshOutcome {
        guard generation == started else { return .superseded }
        if QuietFailure.isCancellation(error) { return .cancelled }
        if let api = error as? APIError, let refusal = BudgetRefusal(api) {
            refreshError = refusal.description
            return .budget(refusal)
        }
        let text = describe(error)
        refreshError = text
        return .failed(text)
    }

    private func describe(_ error: any Error) -> String {
        if let email = EmailError.from(error) { return email.description }
        return String(describing: error)
    }
}

/// What one refresh attempt came to.
public enum RefreshOutcome: Sendable, Hashable {
    /// Not admitted now (hidden, or less than 60 s since the last one).
    case notAdmitted
    /// A refresh is already being followed.
    case alreadyRunning
    case completed(EmailOperation)
    case failed(String)
    /// The automatic-work allowance is spent.
    case budget(BudgetRefusal)
    /// Three status reads in a row failed; the next admitted refresh tries again.
    case pollingStopped(String)
    /// Cancelled by the client: not an error.
    case cancelled
    /// The connection changed meanwhile: the answer was dropped, not an error.
    case superseded

    /// The outcomes an app shows as an error.
    public var isError: Bool {
        switch self {
        case .failed, .budget, .pollingStopped: true
        default: false
        }
    }
}
