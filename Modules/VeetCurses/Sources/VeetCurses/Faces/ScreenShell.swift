import Foundation
import Synchronization

/// The smallest full-screen shell, for tailored frontends built from a few
/// features' screens: a `ScreenStack` on one terminal. Keys go to the top
/// screen; its work runs as tasks whose answers are applied on the loop; ticks
/// come when asked for; a route is handed to `resolve`, which may push another
/// screen or tell one something; the shell ends when the last screen closes or
/// on Ctrl-C. veet-tui has a shell of its own (sidebar, chat, connections)
/// around the same `MountedScreen`s.
@MainActor
public final class ScreenShell {
    public typealias Resolver = @MainActor (_ route: any Sendable, _ shell: ScreenShell) -> Void

    private let terminal: TerminalSession
    public private(set) var stack = ScreenStack()
    private let answers = Answers()

    public init(terminal: TerminalSession) {
        self.terminal = terminal
    }

    /// The terminal's size now (a screen mounted by a frontend takes it as a plain value).
    public var size: (width: Int, height: Int) { (terminal.width, terminal.height) }

    /// Mounts `screen` on top and starts its opening work.
    public func push<Screen: FeatureScreen>(_ screen: Screen, work: some ScreenEffects<Screen>) {
        start(stack.push(screen, work: work).jobs)
    }

    /// Hands the screen mounted as `mount` (the top one by default) a value as if its work had answered.
    public func tell(_ result: any Sendable, mount: Int? = nil, resolve: Resolver = { _, _ in }) {
        guard let mount = mount ?? stack.topMount else { return }
        follow(stack.answer(result, mount: mount), resolve: resolve)
    }

    /// Runs until the last screen closes or Ctrl-C; routes go to `resolve`.
    public func run(resolve: Resolver = { _, _ in }) {
        var dirty = true
        while !stack.isEmpty {
            for event in terminal.nextEvents(timeoutMilliseconds: 50) {
                if case .resize = event { terminal.invalidate() }
                if case .key(let key) = event, key == .char("c", .control) { return }
                follow(stack.handle(event), resolve: resolve)
                dirty = true
            }
            for answer in answers.drain() {
                follow(stack.answer(answer.result, mount: answer.mount), resolve: resolve)
                dirty = true
            }
            let ticked = stack.tick(now: Date())
            if !ticked.ignored {
                follow(ticked, resolve: resolve)
                dirty = true
            }
            if dirty, !stack.isEmpty {
                terminal.render(stack.paint(width: terminal.width, height: terminal.height, now: Date()))
                dirty = false
            }
        }
    }

    private func follow(_ outcome: ScreenStack.Outcome, resolve: Resolver) {
        start(outcome.jobs)
        for route in outcome.routes { resolve(route, self) }
    }

    private func start(_ jobs: [ScreenStack.Job]) {
        let answers = self.answers
        // Detached: the loop holds the main actor between its waits, so a task started on it would not run.
        for job in jobs {
            let mount = job.mount
            Task.detached { await job.run { answers.post(mount: mount, $0) } }
        }
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
