import Foundation

/// A full-screen page a feature owns (its "screen face"): the value is the
/// page's whole state. Keys and the answers to its work come in through one
/// pure `update`, which returns the new state by mutation and what should
/// happen next as plain values; `paint` draws the state; `keyHints` is the
/// footer line, which the shell's palette reads (`KeyHints.items`).
///
/// A screen does no I/O. The work it asks for (`Effect`) is done by its
/// `ScreenEffects`, which holds the feature's API, and the answers come back
/// as `Result`s. A move to another feature (View in People, Discuss in Chat)
/// is a `Route` value the shell resolves: a screen never imports another
/// feature. Tests drive a screen as a value: state in, events in, state,
/// effects and painted text out (`ScreenDriver`).
public protocol FeatureScreen: Sendable {
    associatedtype Effect: Sendable
    associatedtype Result: Sendable
    associatedtype Route: Sendable = Never

    /// The work to start when the screen opens (a first read).
    var openingEffects: [Effect] { get }

    /// Applies one key, paste or answer.
    mutating func update(_ event: ScreenEvent<Result>) -> ScreenStep<Effect, Route>

    /// Draws the whole screen into `grid` (its size is the screen's).
    func paint(in grid: inout ScreenGrid, now: Date)

    /// The footer's key line for a screen `width` columns wide ("↑↓ choose  r reviewed  Esc close").
    func keyHints(width: Int, now: Date) -> String

    /// A tick the screen asked for came due (a step's `tickAfter`, or `openingTick`): work
    /// that waits on time (a periodic refresh, a save a second after typing stops). To tick
    /// again, the step asks again. Screens that never ask need not implement it.
    mutating func tick(now: Date) -> ScreenStep<Effect, Route>

    /// Seconds after opening before the first tick (nil: no tick until a step asks for one).
    var openingTick: TimeInterval? { get }
}

extension FeatureScreen {
    public mutating func tick(now: Date) -> ScreenStep<Effect, Route> { .ignored }
    public var openingTick: TimeInterval? { nil }
}

/// What reaches a screen: a key, a paste, or the answer to its own work.
public enum ScreenEvent<Result: Sendable>: Sendable {
    case key(KeyPress)
    case paste(String)
    case result(Result)
}

/// What an update asks for: work to start, a move to another feature, to close, or a tick later.
public struct ScreenStep<Effect: Sendable, Route: Sendable>: Sendable {
    public var effects: [Effect]
    public var route: Route?
    public var closes: Bool
    /// False when the event meant nothing to the screen (the shell may offer it elsewhere).
    public var handled: Bool
    /// Asks the shell for a `tick` this many seconds from now; it replaces a tick asked for
    /// earlier and not yet due (so a save "a second after typing stops" re-arms at each key).
    /// nil leaves the pending tick as it is.
    public var tickAfter: TimeInterval?

    public init(effects: [Effect] = [], route: Route? = nil, closes: Bool = false, handled: Bool = true,
                tickAfter: TimeInterval? = nil) {
        self.effects = effects
        self.route = route
        self.closes = closes
        self.handled = handled
        self.tickAfter = tickAfter
    }

    public static var none: ScreenStep { ScreenStep() }
    public static var ignored: ScreenStep { ScreenStep(handled: false) }
    public static var close: ScreenStep { ScreenStep(closes: true) }
    public static func run(_ effects: Effect...) -> ScreenStep { ScreenStep(effects: effects) }
}

/// Does a screen's work: one effect in, the answers out through `report`
/// (a read may answer twice, say the server's capabilities and then the list).
/// It holds the feature's API and makes no client itself.
public protocol ScreenEffects<Screen>: Sendable {
    associatedtype Screen: FeatureScreen
    func run(_ effect: Screen.Effect, report: @escaping @Sendable (Screen.Result) -> Void) async
}
