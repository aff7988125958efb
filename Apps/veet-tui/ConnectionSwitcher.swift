import Foundation
import Synchronization
import VeetAccount
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetDaemonProtocol
import VeetStore
import VeetTokens
import VeetTransport

/// Opens a connection the way start-up always did: the client, the local
/// store slice named like the CLI's (`name ?? "url:" + url`), veetd's link.
/// Each backend has its own inbox and in-memory artifact cache, so nothing a
/// backend read for one connection reaches the screen of another. A store
/// file that cannot be opened (a read-only folder, a damaged or locked file)
/// does not stop the TUI: it runs on a store in memory, refilled from the
/// server, and says so in a banner (`StoreBanner`).
enum ConnectionOpener {
    static func open(_ resolved: ResolvedConnection, registry: ConnectionRegistry,
                     environment: [String: String]) throws -> (backend: Backend, label: String) {
        let url = resolved.settings.serverURL.url.absoluteString
        let slice = resolved.name ?? "url:\(url)"
        let store: LocalStore
        var storeProblem: String?
        do {
            store = try LocalStore.open(paths: registry.paths, connection: slice, url: url)
        } catch {
            storeProblem = StoreBanner.reason(for: error)
            store = try LocalStore.inMemory(connection: slice, url: url)
        }
        // Making the client sends nothing and costs nothing (no URLSession since the transport speaks HTTP itself).
        let client = HTTPClient(settings: resolved.settings, clientVersion: VeetTransportVersion.current)
        let backend = Backend(client: client, store: store, inbox: Inbox(), broker: PromptBroker(),
                              daemon: DaemonLink(paths: DaemonPaths(environment: environment), connection: resolved.name),
                              storeProblem: storeProblem, diagnostics: DiagnosticLog.open(environment: environment))
        return (backend, label(for: resolved))
    }

    static func label(for resolved: ResolvedConnection) -> String {
        resolved.name ?? (resolved.settings.serverURL.url.host ?? resolved.settings.serverURL.url.absoluteString)
    }

    /// The check `veet connect` makes, in the form's words: nil when the server accepted the token.
    static func refusal(checking settings: ConnectionSettings) async -> String? {
        let client = HTTPClient(settings: settings, clientVersion: VeetTransportVersion.current)
        switch await ConnectionCheck.check(client) {
        case .accepted: return nil
        case .tokenRefused: return "The server did not accept this token; nothing was saved."
        case .noVeetbotAPI(let missing): return "\(missing.description) Nothing was saved."
        case .failed(let error): return "\(CommandHints.message(for: error)) Nothing was saved."
        }
    }
}

/// The first run: no saved connection and no VEET_URL. The form takes the
/// terminal until the server accepts a token, saves it as `veet connect`
/// does (`ConnectionRegistry.add`: the connections file and an owner-only
/// token file) and answers the saved connection; nil when the owner leaves.
enum FirstRun {
    /// The server's answer to a check, handed from its task to the loop.
    final class Answer: Sendable {
        let value = Mutex<String??>(nil)
    }

    @MainActor
    static func run(terminal: TerminalSession, registry: ConnectionRegistry) -> ResolvedConnection? {
        var form = ConnectionForm(mode: .firstRun, credentialsPath: registry.paths.credentialsDirectory.path)
        let answer = Answer()
        var pending: (url: ServerURL, token: String)?
        while true {
            var grid = ScreenGrid(width: terminal.width, height: terminal.height, fill: TranscriptStyles.page)
            form.drawPage(in: &grid, styles: .standard)
            terminal.render(grid)
            for event in terminal.nextEvents(timeoutMilliseconds: 50) {
                if case .resize = event { terminal.invalidate(); continue }
                if case .key(let key) = event, key == .char("c", .control) || key == .char("d", .control) { return nil }
                switch form.handle(event) {
                case .none: break
                case .cancel: return nil
                case .submit(let url, let token):
                    // First run always has a typed token (only the Connection card may keep a saved one).
                    guard let token, let settings = try? ConnectionSettings(serverURL: url, token: token) else { continue }
                    pending = (url, token)
                    Task.detached {
                        let refusal = await ConnectionOpener.refusal(checking: settings)
                        answer.value.withLock { $0 = .some(refusal) }
                    }
                }
            }
            guard let result = answer.value.withLock({ value -> String?? in defer { value = nil }; return value }),
                  let (url, token) = pending else { continue }
            pending = nil
            if let refusal = result {
                form.refused(refusal)
                continue
            }
            let name = ConnectionRegistry.defaultName(for: url)
            do {
                try registry.add(name: name, url: url, token: token)
                return try registry.resolve(named: name, environment: [:])
            } catch {
                form.refused("Could not save the connection: \(error)")
            }
        }
    }
}

/// The connection on screen: what it was resolved from, for switching,
/// signing in again and forgetting.
struct ActiveConnection: Sendable {
    var resolved: ResolvedConnection
    let registry: ConnectionRegistry
    var name: String? { resolved.name }
}

/// What connection work reports to the loop.
enum ConnectionUpdate: Sendable {
    /// A request met 401: the server no longer accepts this connection's token.
    case signInNeeded
    /// The form's check came back: nil means the server accepted the token.
    case checked(refusal: String?)
    /// A connection was forgotten (locally, always); why its device could not be revoked, if it could not.
    case forgot(name: String, revokeProblem: String?)
}

/// The connection parts of the screen's state (one line in `ScreenState`).
struct ConnectionsUI {
    /// The switcher (F9): every saved connection, the active one marked.
    var menu: ConnectionMenu?
    /// The connection form over everything: sign in again, add a connection, or the Connection card's update.
    var form: ConnectionForm?
    /// The owner closed "sign in again" with Esc: later 401s say so in the status bar instead of reopening it.
    var signInPostponed = false
}

/// The switcher: one row per saved connection, its name and server together
/// (one token, one principal: the name is who the owner is on that server),
/// `✓` on the active one; then "Add a connection".
struct ConnectionMenu {
    struct Row: Equatable {
        var name: String
        var url: String
        var isActive: Bool
    }

    var rows: [Row]
    var selected = 0
    /// `x` asked to forget this connection; `y` confirms.
    var confirmingForget: String?
    var message = ""

    init(file: ConnectionsFile, active: String?) {
        rows = file.connections.map { Row(name: $0.name, url: $0.url, isActive: $0.name == active) }
        selected = rows.firstIndex(where: \.isActive) ?? 0
    }

    /// Rows plus "Add a connection".
    var count: Int { rows.count + 1 }
    var selectedRow: Row? { rows.indices.contains(selected) ? rows[selected] : nil }

    static let card = TextStyle(foreground: .ink, background: .surface)
    static let chosen = TextStyle(attributes: .bold, foreground: .ink, background: .selected)
    static let mark = TextStyle(attributes: .bold, foreground: .teal, background: .surface)
    static let quiet = TextStyle(foreground: .inkFaint, background: .surface)
    /// The menu's keys; Ctrl-P lists the same.
    static let keyHints = "↑↓ choose  Enter use  x forget  Esc close"
    static let warning = TextStyle(attributes: .bold, foreground: .amberText, background: .surface)

    func draw(in grid: inout ScreenGrid) {
        let width = min(max(grid.width - 8, 40), 90)
        let height = count + 6
        let rect = GridRect(row: max((grid.height - height) / 2, 0), column: (grid.width - width) / 2, width: width,
                            height: min(height, grid.height))
        grid.fill(rect, style: Self.card)
        _ = grid.put(" Connections", row: rect.row, column: rect.column,
                     style: TextStyle(attributes: .bold, foreground: .ink, background: .surface), limit: rect.right)
        for index in 0..<count {
            let row = rect.row + 2 + index
            guard row < rect.row + rect.height - 2 else { break }
            let style = index == selected ? Self.chosen : Self.card
            grid.fill(GridRect(row: row, column: rect.column, width: width, height: 1), style: style)
            if let entry = rows.indices.contains(index) ? rows[index] : nil {
                _ = grid.put(entry.isActive ? " ✓ " : "   ", row: row, column: rect.column,
                             style: index == selected ? style : Self.mark)
                _ = grid.put("\(entry.name) — \(entry.url)", row: row, column: rect.column + 3, style: style,
                             limit: rect.right - 1)
            } else {
                _ = grid.put("   + Add a connection", row: row, column: rect.column, style: style, limit: rect.right)
            }
        }
        let footerRow = rect.row + rect.height - 2
        if let name = confirmingForget {
            _ = grid.put(" Forget \"\(name)\"? Its device is revoked, then its token and local data are deleted.  y forget  n keep",
                         row: footerRow, column: rect.column, style: Self.warning, limit: rect.right)
        } else if !message.isEmpty {
            _ = grid.put(" " + message, row: footerRow, column: rect.column, style: Self.warning, limit: rect.right)
        }
        _ = grid.put(" " + Self.keyHints, row: rect.row + rect.height - 1, column: rect.column,
                     style: Self.quiet, limit: rect.right)
    }
}
