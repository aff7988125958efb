import Foundation
import VeetCalls
import VeetCurses

/// The work the Calls screen asks for.
public enum CallsScreenEffect: Sendable, Equatable {
    case list
    case read(id: String)
    case stop(id: String)
    case delete(id: String)
}

/// What the Calls screen's work reports.
public enum CallsScreenResult: Sendable {
    case listed([Call])
    /// The server does not offer calls: the page says so in one line, never as an error.
    case unavailable
    /// One call read whole (with its transcript).
    case read(Call)
    case stopped(CallStop)
    /// The erased form the server returned.
    case erased(Call)
    case message(String)
}

/// The Calls screen: the calls, newest first, beside the selected call's result (status, the
/// other party, the unverified caption, summary and transcript with their completeness notes,
/// or the erased words). `s` stops a call in progress; `x` then `y` erases a finished call's
/// content from Veetbot. Provider text is drawn through `CallWords.plain`. Nothing is kept
/// when the screen closes.
public struct CallsScreen: FeatureScreen {
    public var calls: [Call]?
    public var unavailable = false
    public var selected = 0
    /// The selected call read whole.
    public var detail: Call?
    /// `x` pressed once: waiting for `y`.
    public var confirmingDelete = false
    /// Lines the reading page is scrolled by (`[` `]`).
    public var scroll = 0
    public var message = "Loading..."
    /// A call to select when the list arrives (a `call_finished` notification opened the screen).
    public var opening: String?

    public init(opening callID: String? = nil) {
        opening = callID
    }

    public var selectedCall: Call? {
        guard let calls, calls.indices.contains(selected) else { return nil }
        return calls[selected]
    }

    /// The selected call's whole record when it has been read, else its list row.
    public var shown: Call? {
        guard let call = selectedCall else { return nil }
        return detail?.id == call.id ? detail : call
    }

    public var openingEffects: [CallsScreenEffect] {
        [.list] + (opening.map { [.read(id: $0)] } ?? [])
    }

    public mutating func update(_ event: ScreenEvent<CallsScreenResult>) -> ScreenStep<CallsScreenEffect, Never> {
        switch event {
        case .key(let key): return handle(key)
        case .paste: return .ignored
        case .result(let result): return ScreenStep(effects: apply(result))
        }
    }

    private mutating func handle(_ key: KeyPress) -> ScreenStep<CallsScreenEffect, Never> {
        if confirmingDelete {
            confirmingDelete = false
            guard key == .char("y"), let call = selectedCall else {
                message = "Nothing was deleted."
                return .none
            }
            message = "Deleting..."
            return .run(.delete(id: call.id))
        }
        let before = selectedCall?.id
        var effects: [CallsScreenEffect] = []
        switch key {
        case KeyPress(.escape): return .close
        case _ where ListNavigation.moves(key):
            selected = ListNavigation.index(after: key, from: selected, count: calls?.count ?? 0)
        case .char("]"): scroll += 5
        case .char("["): scroll = max(0, scroll - 5)
        case .char("g"):
            message = ""
            effects.append(.list)
            if let call = selectedCall { effects.append(.read(id: call.id)) }
        case .char("s"):
            guard let call = shown else { return .none }
            guard call.isInProgress else {
                message = "Only a call in progress can be stopped."
                return .none
            }
            message = "Stopping..."
            effects.append(.stop(id: call.id))
        case .char("x"), KeyPress(.delete):
            guard let call = shown else { return .none }
            if call.erased {
                message = CallWords.erased
            } else if call.isInProgress {
                message = CallWords.stillInProgress
            } else {
                confirmingDelete = true
            }
        default: return .ignored
        }
        if let call = selectedCall, call.id != before {
            scroll = 0
            if !call.erased { effects.append(.read(id: call.id)) }
        }
        return ScreenStep(effects: effects)
    }

    /// An answer of the screen's work; returns the reads it calls for.
    public mutating func apply(_ result: CallsScreenResult) -> [CallsScreenEffect] {
        switch result {
        case .listed(let calls):
            let previous = opening ?? selectedCall?.id
            opening = nil
            self.calls = calls
            selected = calls.firstIndex { $0.id == previous } ?? min(selected, max(calls.count - 1, 0))
            if message == "Loading..." { message = "" }
            if let call = selectedCall, detail?.id != call.id, !call.erased { return [.read(id: call.id)] }
        case .unavailable:
            unavailable = true
            message = ""
        case .read(let call):
            detail = call
            replace(call)
        case .stopped(let stop):
            message = CallWords.stopped(stop.termination)
            return [.list, .read(id: stop.callID)]
        case .erased(let call):
            detail = call
            replace(call)
            message = CallWords.erased + " " + CallWords.providerKeeps
        case .message(let text):
            message = text
        }
        return []
    }

    /// A call read again also updates its row (an erased call stays in the list, erased).
    private mutating func replace(_ call: Call) {
        guard let index = calls?.firstIndex(where: { $0.id == call.id }) else { return }
        var row = call
        row.transcript = nil
        calls?[index] = row
    }

    public static let keys: [(key: String, title: String)] = [
        ("s", "stop"), ("x", "delete"), ("[ ]", "scroll"), ("g", "refresh"),
    ]

    /// " ↑↓ choose  s stop  ...  Esc close"; without " ↑↓ choose" where it would not fit.
    public static func footer(width: Int = .max) -> String {
        let actions = keys.map { "\($0.key) \($0.title)" }.joined(separator: "  ") + "  Esc close"
        let full = " ↑↓ choose  " + actions
        return full.count <= width ? full : " " + actions
    }

    public func keyHints(width: Int, now: Date) -> String {
        if confirmingDelete { return " y delete  n keep" }
        return unavailable ? " Esc close" : Self.footer(width: width)
    }
}
