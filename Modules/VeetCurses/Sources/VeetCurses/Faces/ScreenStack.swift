import Foundation

/// A stack of mounted feature screens as a value, for tailored frontends built
/// from a few features' screens (`ScreenShell` runs it on a terminal). Keys and
/// ticks go to the top screen; an answer goes to the screen that asked for it,
/// wherever it is in the stack; a screen that closes is popped. What comes out
/// is the work to start and the routes for the frontend to resolve.
public struct ScreenStack: Sendable {
    /// One effect of one mounted screen, to run off the loop; its answers go back through `answer(_:mount:)`.
    public struct Job: Sendable {
        public let effect: any Sendable
        public let work: ScreenWork
        public let mount: Int

        public func run(report: @escaping @Sendable (any Sendable) -> Void) async { await work.run(effect, report: report) }
    }

    /// What one event asked for.
    public struct Outcome: Sendable {
        public var jobs: [Job] = []
        public var routes: [any Sendable] = []
        /// The event meant nothing to the top screen.
        public var ignored = false
    }

    public private(set) var screens: [MountedScreen] = []
    private var nextMount = 0

    public init() {}

    public var isEmpty: Bool { screens.isEmpty }
    /// The top screen's mount number (a frontend tells it things with `answer`).
    public var topMount: Int? { screens.last?.mount }

    /// Mounts `screen` on top; returns its opening work.
    public mutating func push<Screen: FeatureScreen>(_ screen: Screen, work: some ScreenEffects<Screen>,
                                                     now: Date = Date()) -> Outcome {
        nextMount += 1
        let mounted = MountedScreen(screen, work: work, mount: nextMount, now: now)
        screens.append(mounted)
        return Outcome(jobs: mounted.openingEffects.map { Job(effect: $0, work: mounted.work, mount: mounted.mount) })
    }

    /// A key or a paste for the top screen.
    public mutating func handle(_ event: InputEvent, now: Date = Date()) -> Outcome {
        guard let index = screens.indices.last else { return Outcome(ignored: true) }
        return follow(screens[index].update(event, now: now), at: index)
    }

    /// An answer for the screen mounted as `mount` (dropped when it is gone).
    public mutating func answer(_ result: any Sendable, mount: Int, now: Date = Date()) -> Outcome {
        guard let index = screens.firstIndex(where: { $0.mount == mount }) else { return Outcome(ignored: true) }
        return follow(screens[index].update(result: result, now: now), at: index)
    }

    /// The top screen's tick, when it asked for one that is due.
    public mutating func tick(now: Date) -> Outcome {
        guard let index = screens.indices.last, let step = screens[index].tickIfDue(now: now) else { return Outcome(ignored: true) }
        return follow(step, at: index)
    }

    /// The top screen, painted.
    public func paint(width: Int, height: Int, now: Date) -> ScreenGrid {
        var grid = ScreenGrid(width: width, height: height)
        screens.last?.paint(in: &grid, now: now)
        return grid
    }

    public func keyHints(width: Int, now: Date) -> String { screens.last?.keyHints(width: width, now: now) ?? "" }

    private mutating func follow(_ step: MountedStep, at index: Int) -> Outcome {
        let mounted = screens[index]
        if step.closes { screens.remove(at: index) }
        return Outcome(jobs: step.effects.map { Job(effect: $0, work: mounted.work, mount: mounted.mount) },
                       routes: step.route.map { [$0] } ?? [], ignored: !step.handled)
    }
}
