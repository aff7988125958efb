import Foundation
import Synchronization

/// The smallest full-screen shell, for tailored frontends built from a few
/// features' screens: a stack of mounted screens on one terminal. Keys go to
/// the top screen; its work runs as tasks whose answers are applied on the
/// loop; a route it asks for is handed to `resolve`, which may push another
/// screen; a screen that closes is popped, and the shell ends when none is
/// left (or on Ctrl-C). veet-tui has a shell of its own (sidebar, chat,
/// connections) around the same `MountedScreen`s.
@MainActor
public final class ScreenShell {
    public typealias Resolver = @MainActor (_ route: any Sendable, _ shell: ScreenShell) -> Void

    private let terminal: TerminalSession
    private var stack: [MountedScreen] = []
    private let answers = Answers()
    private var nextMount = 0

    public init(terminal: TerminalSession) {
        self.terminal = terminal
    }

    /// Mounts `screen` on top and starts its opening work.
    public func push<Screen: FeatureScreen>(_ screen: Screen, work: some ScreenEffects<Screen>) {
        nextMount += 1
        let mounted = MountedScreen(screen, work: work, mount: nextMount)
        stack.append(mounted)
        start(mounted.openingEffects, of: mounted)
    }

    /// Runs until the last screen closes or Ctrl-C; routes go to `resolve`.
    public func run(resolve: Resolver = { _, _ in }) {
        var dirty = true
        while !stack.isEmpty {
            for event in terminal.nextEvents(timeoutMilliseconds: 50) {
                if case .resize = event { terminal.invalidate() }
                if case .key(let key) = event, key == .char("c", .control) { stack.removeAll() }
                guard var mounted = stack.last else { break }
                let step = mounted.update(event)
                follow(step, of: mounted, resolve: resolve)
                dirty = true
            }
            for answer in drainAnswers() {
                guard var mounted = stack.last, mounted.mount == answer.mount else { continue }
                let step = mounted.update(result: answer.result)
                follow(step, of: mounted, resolve: resolve)
                dirty = true
            }
            if dirty, !stack.isEmpty {
                var grid = ScreenGrid(width: terminal.width, height: terminal.height)
                stack[stack.count - 1].paint(in: &grid, now: Date())
                grid.cursor = nil
                terminal.render(grid)
                dirty = false
            }
        }
    }

    private func drainAnswers() -> [(mount: Int, result: any Sendable)] { answers.drain() }

    private func follow(_ step: MountedStep, of mounted: MountedScreen, resolve: Resolver) {
        guard !stack.isEmpty else { return }
        if step.closes { stack.removeLast() } else { stack[stack.count - 1] = mounted }
        start(step.effects, of: mounted)
        if let route = step.route { resolve(route, self) }
    }

    private func start(_ effects: [any Sendable], of mounted: MountedScreen) {
        let mount = mounted.mount, work = mounted.work
        let answers = self.answers
        let post: @Sendable (any Sendable) -> Void = { answers.post(mount: mount, $0) }
        // Detached: the loop holds the main actor between its waits, so a task started on it would not run.
        for effect in effects { Task.detached { await work.run(effect, report: post) } }
    }
}

/// Answers of the screens' work, posted from their tasks, taken by the loop.
private final class Answers: Sendable {
    private let queued = Mutex<[(mount: Int, result: any Sendable)]>([])

    func post(mount: Int, _ result: any Sendable) { queued.withLock { $0.append((mount, result)) } }

    func drain() -> [(mount: Int, result: any Sendable)] {
        queued.withLock { list in
            let taken = list
            list.removeAll()
            return taken
        }
    }
}
