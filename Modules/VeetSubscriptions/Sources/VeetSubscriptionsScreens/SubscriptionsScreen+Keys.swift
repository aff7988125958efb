import Foundation
import VeetCurses
import VeetSubscriptions

/// The Subscriptions screen's keys and the answers of its work.
extension SubscriptionsScreen {
    public mutating func update(_ event: ScreenEvent<SubscriptionsScreenResult>) -> ScreenStep<SubscriptionsScreenEffect, Never> {
        switch event {
        case .key(let key): return handle(key)
        case .paste: return .ignored
        case .result(let result):
            apply(result)
            return .none
        }
    }

    private mutating func handle(_ key: KeyPress) -> ScreenStep<SubscriptionsScreenEffect, Never> {
        if var open = sheet {
            switch open.press(key, height: height) {
            case .confirmed(let confirmation):
                sheet = nil
                markPending(confirmation.rows, .unsubscribe)
                return .run(.unsubscribe(confirmation, flags))
            case .cancelled:
                sheet = nil
                message = "Not unsubscribed; nothing was sent."
            case .open: sheet = open
            }
            return .none
        }
        switch key {
        case KeyPress(.escape):
            guard narrow && detailPushed else { return .close }
            detailPushed = false
        case KeyPress(.up): cursor = max(cursor - 1, 0)
        case KeyPress(.down):
            var step = ScreenStep<SubscriptionsScreenEffect, Never>.none
            if cursor + 1 >= rows.count, let next = nextCursor, !loadingMore {
                loadingMore = true
                step = .run(.load(query, cursor: next))
            }
            cursor = min(cursor + 1, max(rows.count - 1, 0))
            return step
        case KeyPress(.home): cursor = 0
        case KeyPress(.end): cursor = max(rows.count - 1, 0)
        case KeyPress(.tab), KeyPress(.right): detailPushed = narrow ? !detailPushed : false
        case .char(" "): toggleCurrent()
        case .char("A"): selectAll()
        case .char("c"):
            selection.clear()
            message = ""
        case .char("u"), KeyPress(.enter): openConfirmation()
        case .char("k"):
            guard let row = current else { break }
            guard let keep = row.actions(flags).first(where: { $0 == .keep || $0 == .stopKeeping }) else {
                message = "Keep is not possible for \(row.senderName) now."
                break
            }
            rowErrors[row.id] = nil
            message = keep == .keep ? "Keeping \(row.senderName)…" : "Stopping keeping \(row.senderName)…"
            return .run(.keep(keep == .keep, row, flags))
        case .char("!"):
            guard let row = current else { break }
            guard let spam = row.actions(flags).first(where: { $0 == .reportSpam || $0 == .notSpam }) else {
                message = flags.spamSupported(row.accountID) ? "Report spam is not possible for \(row.senderName) now."
                    : "This account does not offer Report spam for subscriptions."
                break
            }
            markPending([row], spam == .reportSpam ? .reportSpam : .notSpam)
            message = ""
            return .run(.reportSpam(spam == .reportSpam, row, flags))
        case .char("a") where accounts.count > 1:
            let choices: [String?] = [nil] + accounts.map(\.id)
            let index = choices.firstIndex { $0 == accountFilter } ?? 0
            accountFilter = choices[(index + 1) % choices.count]
            restart()
            return .run(.load(query, cursor: nil))
        case .char("f"):
            let choices = Self.stateFilters
            let index = choices.firstIndex { $0 == stateFilter } ?? 0
            stateFilter = choices[(index + 1) % choices.count]
            restart()
            return .run(.load(query, cursor: nil))
        case .char("g"):
            message = ""
            restart()
            return .run(.load(query, cursor: nil))
        default: return .ignored
        }
        return .none
    }

    /// An answer of the screen's work.
    public mutating func apply(_ result: SubscriptionsScreenResult) {
        switch result {
        case .page(let asked, let page, let append):
            guard asked == query else { return }
            show(page, append: append)
        case .unavailable:
            unavailable = true
            loaded = true
        case .listFailed(let text):
            loaded = true
            loadingMore = false
            message = text
        case .settled(let report): settle(report)
        case .commandFailed(let ids, let text): commandFailed(ids, text)
        case .kept(let row, let text):
            rowErrors[row.id] = nil
            replace(row)
            message = text
        }
    }

    public func keyHints(width: Int, now: Date) -> String { keyHints(narrow: width < Self.narrowWidth) }
}
