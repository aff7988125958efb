import Foundation

/// A feature screen as the shell holds it, whatever its types: a value in the
/// shell's state (so painters and tests stay plain functions of that state),
/// with the typed work runner it was mounted with. Keys and answers go in
/// through `update`; what comes out is erased (`MountedStep`) and handed back
/// by the shell: effects to `work`, answers to `update(result:)`, routes to
/// the shell's own resolver, which knows each face's route type.
public struct MountedScreen: Sendable {
    public private(set) var screen: any FeatureScreen
    public let work: ScreenWork
    /// Which mount this is: answers to an earlier screen's work are dropped.
    public let mount: Int
    /// When the tick the screen asked for is due (nil: none asked). The shell calls `tickIfDue` from its loop.
    public private(set) var tickDue: Date?

    public init<Screen: FeatureScreen>(_ screen: Screen, work: some ScreenEffects<Screen>, mount: Int, now: Date = Date()) {
        self.screen = screen
        self.work = ScreenWork(work)
        self.mount = mount
        tickDue = screen.openingTick.map { now.addingTimeInterval($0) }
    }

    /// The screen's tick when it is due at `now` (nil otherwise); the step may ask for the next one.
    public mutating func tickIfDue(now: Date) -> MountedStep? {
        guard let due = tickDue, now >= due else { return nil }
        tickDue = nil
        return arm(Self.tick(&screen, now), now: now)
    }

    private mutating func arm(_ step: MountedStep, now: Date) -> MountedStep {
        if let after = step.tickAfter { tickDue = now.addingTimeInterval(after) }
        return step
    }

    /// The opening work, erased.
    public var openingEffects: [any Sendable] { Self.opening(screen) }

    /// Applies a key or a paste (`now` dates a tick the step asks for).
    public mutating func update(_ event: InputEvent, now: Date = Date()) -> MountedStep {
        switch event {
        case .key(let key): return arm(Self.press(&screen, key), now: now)
        case .paste(let text): return arm(Self.paste(&screen, text), now: now)
        default: return MountedStep(handled: false)
        }
    }

    /// Applies an answer of this screen's work (one of another type is ignored).
    public mutating func update(result: any Sendable, now: Date = Date()) -> MountedStep {
        arm(Self.apply(&screen, result), now: now)
    }

    /// The screen as its own type, when it is one (a shell that reads a screen's state to compose it with another).
    public func value<Screen: FeatureScreen>(as type: Screen.Type) -> Screen? { screen as? Screen }

    public func paint(in grid: inout ScreenGrid, now: Date) { screen.paint(in: &grid, now: now) }

    public func keyHints(width: Int, now: Date) -> String { screen.keyHints(width: width, now: now) }

    private static func opening<Screen: FeatureScreen>(_ screen: Screen) -> [any Sendable] { screen.openingEffects }

    private static func press<Screen: FeatureScreen>(_ screen: inout Screen, _ key: KeyPress) -> MountedStep {
        MountedStep(screen.update(.key(key)))
    }

    private static func tick<Screen: FeatureScreen>(_ screen: inout Screen, _ now: Date) -> MountedStep {
        MountedStep(screen.tick(now: now))
    }

    private static func paste<Screen: FeatureScreen>(_ screen: inout Screen, _ text: String) -> MountedStep {
        MountedStep(screen.update(.paste(text)))
    }

    private static func apply<Screen: FeatureScreen>(_ screen: inout Screen, _ result: any Sendable) -> MountedStep {
        guard let typed = result as? Screen.Result else { return MountedStep(handled: false) }
        return MountedStep(screen.update(.result(typed)))
    }
}

/// A step of a mounted screen with its types erased.
public struct MountedStep: Sendable {
    public var effects: [any Sendable] = []
    public var route: (any Sendable)?
    public var closes = false
    public var handled = true
    public var tickAfter: TimeInterval?

    init<Effect, Route>(_ step: ScreenStep<Effect, Route>) {
        effects = step.effects
        route = step.route
        closes = step.closes
        handled = step.handled
        tickAfter = step.tickAfter
    }

    init(handled: Bool) { self.handled = handled }
}

/// A screen's `ScreenEffects` with its types erased: an effect in, answers out.
public struct ScreenWork: Sendable {
    private let perform: @Sendable (any Sendable, @escaping @Sendable (any Sendable) -> Void) async -> Void

    init<Work: ScreenEffects>(_ work: Work) {
        perform = { effect, report in
            guard let typed = effect as? Work.Screen.Effect else { return }
            await work.run(typed) { report($0) }
        }
    }

    public func run(_ effect: any Sendable, report: @escaping @Sendable (any Sendable) -> Void) async {
        await perform(effect, report)
    }
}

/// Drives a screen as a value in tests: events in; the state, the effects asked
/// for, the routes and the painted text out. No terminal, no tasks.
public struct ScreenDriver<Screen: FeatureScreen> {
    public var screen: Screen
    public private(set) var effects: [Screen.Effect] = []
    public private(set) var routes: [Screen.Route] = []
    public private(set) var closed = false
    /// The tick the screen asks for now, in seconds (what the shell would wait for).
    public private(set) var tickAfter: TimeInterval?

    public init(_ screen: Screen) {
        self.screen = screen
        effects = screen.openingEffects
        tickAfter = screen.openingTick
    }

    /// Delivers the tick the screen asked for, as the shell does when it comes due.
    @discardableResult
    public mutating func tick(now: Date = Date()) -> [Screen.Effect] {
        tickAfter = nil
        return follow(screen.tick(now: now))
    }

    /// Presses keys in order; returns the effects they asked for.
    @discardableResult
    public mutating func press(_ keys: KeyPress...) -> [Screen.Effect] {
        keys.flatMap { send(.key($0)) }
    }

    /// Types each character as a key press.
    @discardableResult
    public mutating func type(_ text: String) -> [Screen.Effect] {
        text.flatMap { send(.key(.char($0))) }
    }

    /// Applies answers as if the screen's work had returned them.
    @discardableResult
    public mutating func answer(_ results: Screen.Result...) -> [Screen.Effect] {
        results.flatMap { send(.result($0)) }
    }

    @discardableResult
    public mutating func send(_ event: ScreenEvent<Screen.Result>) -> [Screen.Effect] {
        follow(screen.update(event))
    }

    private mutating func follow(_ step: ScreenStep<Screen.Effect, Screen.Route>) -> [Screen.Effect] {
        effects += step.effects
        if let route = step.route { routes.append(route) }
        if step.closes { closed = true }
        if let after = step.tickAfter { tickAfter = after }
        return step.effects
    }

    /// The screen painted at `width` x `height`, as text.
    public func painted(width: Int = 80, height: Int = 24, now: Date = Date()) -> String {
        var grid = ScreenGrid(width: width, height: height)
        screen.paint(in: &grid, now: now)
        return grid.snapshot
    }
}
