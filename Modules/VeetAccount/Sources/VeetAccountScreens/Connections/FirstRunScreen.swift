import Foundation
import VeetCurses
import VeetStore
import VeetTransport

/// The first run: no saved connection and no VEET_URL. The connection form
/// takes the terminal until the server accepts a token, saves it as `veet
/// connect` does (`ConnectionRegistry.add`: the connections file and the token
/// in the keyring or an owner-only file) and routes to the saved connection;
/// Esc or Ctrl-D closes it with none.
public struct FirstRunScreen: FeatureScreen {
    public enum Effect: Sendable, Equatable {
        case check(ServerURL, token: String)
        case save(ServerURL, token: String)
    }

    public enum Result: Sendable {
        /// The check came back: nil means the server accepted the token.
        case checked(refusal: String?)
        case saved(ResolvedConnection)
        case notSaved(String)
    }

    public enum Route: Sendable {
        /// Saved: the shell opens it.
        case connected(ResolvedConnection)
    }

    public var form: ConnectionForm
    /// The address and token being checked (in memory only), saved once the server accepts them.
    private var pending: (url: ServerURL, token: String)?

    public init(credentialsPath: String) {
        form = ConnectionForm(mode: .firstRun, credentialsPath: credentialsPath)
    }

    public var openingEffects: [Effect] { [] }

    public mutating func update(_ event: ScreenEvent<Result>) -> ScreenStep<Effect, Route> {
        switch event {
        case .key(let key) where key == .char("d", .control) || key == .char("c", .control):
            return .close
        case .key(let key): return submit(form.handle(.key(key)))
        case .paste(let text): return submit(form.handle(.paste(text)))
        case .result(.checked(let refusal)):
            guard let pending else { return .none }
            if let refusal {
                self.pending = nil
                form.refused(refusal)
                return .none
            }
            return .run(.save(pending.url, token: pending.token))
        case .result(.saved(let resolved)):
            pending = nil
            return ScreenStep(route: .connected(resolved), closes: true)
        case .result(.notSaved(let why)):
            pending = nil
            form.refused("Could not save the connection: \(why)")
            return .none
        }
    }

    private mutating func submit(_ action: ConnectionForm.Action) -> ScreenStep<Effect, Route> {
        switch action {
        case .none: return .none
        case .cancel: return .close
        case .submit(let url, let token):
            // The first run always has a typed token (only the Connection card may keep a saved one).
            guard let token else { return .none }
            pending = (url, token)
            return .run(.check(url, token: token))
        }
    }

    public func paint(in grid: inout ScreenGrid, now: Date) {
        form.drawPage(in: &grid, styles: .standard)
    }

    public func keyHints(width: Int, now: Date) -> String { "Enter \(form.primaryTitle.lowercased())  Esc quit" }
}

/// The first run's work: the check (handed in), then the save under the address's default name.
public struct FirstRunWork: ScreenEffects {
    public typealias Screen = FirstRunScreen
    let registry: ConnectionRegistry
    let checker: ConnectionChecker

    public init(registry: ConnectionRegistry, checker: ConnectionChecker) {
        self.registry = registry
        self.checker = checker
    }

    public func run(_ effect: FirstRunScreen.Effect, report: @escaping @Sendable (FirstRunScreen.Result) -> Void) async {
        switch effect {
        case .check(let url, let token):
            do {
                report(.checked(refusal: await checker.refusal(checking: try ConnectionSettings(serverURL: url, token: token))))
            } catch {
                report(.checked(refusal: "\(error)"))
            }
        case .save(let url, let token):
            let name = ConnectionRegistry.defaultName(for: url)
            do {
                try registry.add(name: name, url: url, token: token)
                report(.saved(try registry.resolve(named: name, environment: [:])))
            } catch {
                report(.notSaved("\(error)"))
            }
        }
    }
}
