import Foundation
import VeetWebsiteAccessScreens

/// When the main loop must wake next, if nothing arrives before: a plain
/// value computed from what the screen shows and what is scheduled, so the
/// loop sleeps in one wait (TerminalSession.nextEvents: the terminal, its
/// signals and the inbox's wake) and never on a fixed tick (docs/tui.md,
/// "The main loop").
struct LoopDeadline: Equatable {
    /// What is scheduled; nil: nothing of that kind.
    struct Inputs: Equatable {
        var now: Date
        /// The next periodic reconcile (the last one plus its interval).
        var reconcile: Date?
        /// A reconcile asked for after a run ended.
        var reconcileDue: Date?
        /// The times shown as relative labels ("12s", "4m", "3h"), when they change next.
        var labelChange: Date?
        /// The draft noted and not yet written.
        var draftDue: Date?
        /// Email mode's refresh tick and its reply's autosave, while Email shows.
        var emailTick: Date?
        var autosave: Date?
        /// A screen that shows times without saying when they change (a feature screen, a page,
        /// a task permission's countdown): painted once a second, as before.
        var secondsShown = false
    }

    /// The earliest of what is scheduled; nil: wait for input, a signal or a wake alone.
    static func next(_ inputs: Inputs) -> Date? {
        let tick = inputs.secondsShown ? nextWholeSecond(after: inputs.now) : nil
        return [inputs.reconcile, inputs.reconcileDue, inputs.labelChange, inputs.draftDue, inputs.emailTick,
                inputs.autosave, tick].compactMap { $0 }.min()
    }

    /// The wait's timeout: -1 (forever) without a deadline, 0 when it is due, else
    /// the milliseconds until it, rounded up so the loop does not wake just before it.
    static func timeoutMilliseconds(until deadline: Date?, now: Date) -> Int32 {
        guard let deadline else { return -1 }
        let milliseconds = (deadline.timeIntervalSince(now) * 1000).rounded(.up)
        if milliseconds <= 0 { return 0 }
        return Int32(min(milliseconds, Double(Int32.max)))
    }

    static func nextWholeSecond(after now: Date) -> Date {
        Date(timeIntervalSince1970: (now.timeIntervalSince1970 + 1).rounded(.down))
    }

    /// When `Sidebar.relativeAge(from: date, to:)` reads differently next: the next
    /// whole second in the first minute, the next whole minute in the first hour, the
    /// next hour in the first day, the next day in the first week; nil after that
    /// (a date label does not change). A time ahead of `now` reads "0s" until it passes.
    static func labelChange(of date: Date, now: Date) -> Date? {
        let age = now.timeIntervalSince(date)
        if age < 0 { return date.addingTimeInterval(1) }
        let seconds = Int(age)
        let step: Int
        switch seconds {
        case ..<60: step = 1
        case ..<3600: step = 60
        case ..<86_400: step = 3600
        case ..<(7 * 86_400): step = 86_400
        default: return nil
        }
        return date.addingTimeInterval(TimeInterval((seconds / step + 1) * step))
    }

    /// The earliest change among labels shown for `dates`.
    static func labelChange(of dates: some Sequence<Date>, now: Date) -> Date? {
        var earliest: Date?
        for date in dates {
            guard let change = labelChange(of: date, now: now) else { continue }
            if earliest.map({ change < $0 }) ?? true { earliest = change }
        }
        return earliest
    }
}

/// The loop's memory for its deadline: the times the sidebar shows as
/// relative labels, read once per index (parsing every row's time at each
/// wake would cost what the wait saves). Only times of the last week are
/// kept: older ones show a date, which does not change.
struct LoopWakeMemory {
    private var sessionsVersion: Int?
    private var recent: [Date] = []

    mutating func labelDates(_ state: ScreenState, now: Date) -> [Date] {
        if sessionsVersion != state.sessionsVersion {
            sessionsVersion = state.sessionsVersion
            let weekAgo = now.addingTimeInterval(-7 * 86_400)
            recent = state.sessions.compactMap { $0.updatedAt.date }.filter { $0 > weekAgo }
        }
        guard case .results(let hits)? = ScreenLayout.searchShown(state) else { return recent }
        return recent + hits.compactMap { $0.updatedAt.date }
    }
}

extension ChatScreen {
    /// What the loop waits for next (LoopDeadline): the reconcile on its interval, a relative time's next
    /// change, the draft's write, Email's tick and autosave; once a second only while a screen shows times
    /// that say nothing of when they change.
    func nextDeadline(now: Date) -> Date? {
        var inputs = LoopDeadline.Inputs(now: now)
        inputs.reconcile = lastReconcile.addingTimeInterval(Self.reconcileInterval)
        inputs.reconcileDue = reconcileDue
        inputs.labelChange = LoopDeadline.labelChange(of: wakeMemory.labelDates(state, now: now), now: now)
        inputs.draftDue = backend.drafts.due
        // The tick the shown screen asked for (Email's refresh and its reply's autosave; `tickScreens` delivers it).
        inputs.emailTick = state.mode == .email ? state.email?.screen.tickDue : state.featureScreen?.tickDue
        inputs.secondsShown = state.featureScreen != nil || state.conversation.page != nil
            || !TaskPermissionsRow.active(state.taskGrants, sessionID: state.conversation.sessionID, now: now).isEmpty
        return LoopDeadline.next(inputs)
    }
}

/// Coming back to the terminal (a focus-in, or the process resumed) reconciles the list at once, as
/// a client brought to the foreground does; not within `quietPeriod` of the last one, and never two
/// at a time (`ReconcileGate`).
enum ReturnRefresh {
    static let quietPeriod: TimeInterval = 5

    static func isDue(now: Date, lastReconcile: Date) -> Bool {
        now.timeIntervalSince(lastReconcile) >= quietPeriod
    }
}
