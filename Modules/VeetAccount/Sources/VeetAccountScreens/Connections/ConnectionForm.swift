import Foundation
import VeetCurses
import VeetTokens
import VeetTransport

/// The connection form: first run ("Connect this computer to your Veetbot."),
/// "sign in again" after a 401, and, filled, the Settings screen's Connection
/// card. The address is checked by `ServerURL(validating:)`, the same check
/// `veet connect` makes, and each refusal is shown in words beside its field.
/// The token is never drawn (no echo), never logged and never in argv.
public struct ConnectionForm: Sendable {
    public enum Mode: Equatable, Sendable {
        case firstRun
        /// A 401: the named (or unnamed, VEET_URL) connection needs a new token.
        case signInAgain(name: String?)
        /// The Settings screen's Connection card: the connection's address, a new token.
        case update(name: String?)
    }

    public enum Field: Equatable, Sendable { case address, token }

    /// What the form asks the loop to do after a key.
    public enum Action: Equatable, Sendable {
        case none
        case cancel
        /// Check this address and token with the server, then save them;
        /// nil: the Connection card keeps the saved token (only the address changes).
        case submit(ServerURL, token: String?)
    }

    public var mode: Mode
    public var address: TextInput
    public var token = TextInput()
    public var field: Field
    public var addressRefusal: String?
    public var tokenRefusal: String?
    /// "Checking the token with the server..." or why the server refused it.
    public var status = ""
    public var checking = false
    /// Where tokens are kept, for the sentence under the token field.
    public var credentialsPath: String
    /// The address the form opened with (the Connection card tells when it changes).
    public let originalAddress: String

    public init(mode: Mode, address: String = "", credentialsPath: String) {
        self.mode = mode
        self.address = TextInput(text: address)
        // As the check spells it, so an unchanged address never reads as a new one.
        originalAddress = (try? Self.validate(address: address).get())?.url.absoluteString ?? address
        self.credentialsPath = credentialsPath
        field = address.isEmpty ? .address : .token
    }

    public var title: String {
        switch mode {
        case .firstRun: "Connect this computer to your Veetbot."
        case .signInAgain(let name): "Sign in again to \(name.map { "\"\($0)\"" } ?? "this server"): the server no longer accepts the token."
        case .update(let name): "Connection\(name.map { " \"\($0)\"" } ?? "")"
        }
    }

    public var primaryTitle: String {
        switch mode {
        case .firstRun: "Connect"
        case .signInAgain: "Sign in again"
        case .update: "Update connection"
        }
    }

    public var tokenSentence: String {
        "The token is kept only on this computer: in the desktop keyring when one answers, else in an owner-only file under \(credentialsPath); "
            + "never in the cache, a log or on screen."
    }

    /// The address as the form would save it, or the refusal in words.
    public static func validate(address text: String) -> Result<ServerURL, ConnectionSettingsError> {
        Result { () throws(ConnectionSettingsError) in try ServerURL(validating: text.trimmingCharacters(in: .whitespaces)) }
    }

    public mutating func handle(_ event: InputEvent) -> Action {
        guard !checking else { return .none }
        if case .key(let key) = event {
            switch key {
            case KeyPress(.escape): return .cancel
            case KeyPress(.tab), KeyPress(.tab, .shift), KeyPress(.up), KeyPress(.down):
                field = field == .address ? .token : .address
                return .none
            case KeyPress(.enter):
                return submitField()
            default: break
            }
        }
        // A pasted address or token is one line.
        let flattened: InputEvent = if case .paste(let text) = event {
            .paste(text.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: "\r", with: ""))
        } else { event }
        switch field {
        case .address:
            if address.handle(flattened, policy: .chat) == .edited { addressRefusal = nil }
        case .token:
            if token.handle(flattened, policy: .chat) == .edited { tokenRefusal = nil }
        }
        return .none
    }

    /// Enter: on the address, check it and move on; on the token, check both and submit.
    private mutating func submitField() -> Action {
        switch Self.validate(address: address.text) {
        case .failure(let refusal):
            addressRefusal = refusal.description
            field = .address
            return .none
        case .success(let url):
            addressRefusal = nil
            if field == .address && token.isEmpty {
                field = .token
                return .none
            }
            if case .update = mode, token.isEmpty {
                guard url.url.absoluteString != originalAddress else {
                    tokenRefusal = "Type a new token, or change the address; nothing changed."
                    return .none
                }
                tokenRefusal = nil
                checking = true
                status = "Checking the saved token with \(url.url.absoluteString)..."
                return .submit(url, token: nil)
            }
            let secret = token.text.trimmingCharacters(in: .whitespacesAndNewlines)
            do throws(ConnectionSettingsError) {
                _ = try ConnectionSettings(serverURL: url, token: secret)
            } catch {
                tokenRefusal = error.description
                field = .token
                return .none
            }
            tokenRefusal = nil
            checking = true
            status = "Checking the token with \(url.url.absoluteString)..."
            return .submit(url, token: secret)
        }
    }

    /// The server's answer arrived: nothing was saved; the token is cleared, the address kept.
    public mutating func refused(_ reason: String) {
        checking = false
        status = reason
        token = TextInput()
        field = .token
    }

    // MARK: Drawing

    static let card = TextStyle(foreground: .ink, background: .surface)
    static let label = TextStyle(attributes: .bold, foreground: .inkSoft, background: .surface)
    static let quiet = TextStyle(foreground: .inkFaint, background: .surface)
    static let refusal = TextStyle(attributes: .bold, foreground: .red, background: .surface)
    static let primary = TextStyle(attributes: .bold, foreground: .paper, background: .tealFill, substitute: .reverse)

    /// The Connection card, when the address typed is not the saved one: what
    /// happens to what this computer keeps of the old server.
    public var addressChangeNote: String? {
        guard case .update = mode, !address.isEmpty,
              case .success(let url) = Self.validate(address: address.text), url.url.absoluteString != originalAddress else { return nil }
        return "New address: the cache is cleared and read again (outbox must be empty)"
    }

    /// How many rows the form takes at this width.
    public static let height = 13

    /// The form's rows inside `rect` (a card on the page): title, address, token, the sentence, the actions.
    public func draw(in grid: inout ScreenGrid, rect: GridRect, focused: Bool = true, styles: WidgetStyles) {
        grid.fill(rect, style: Self.card)
        let left = rect.column + 2, right = rect.right - 2, width = max(right - left, 10)
        var row = rect.row + 1
        _ = grid.put(title, row: row, column: left, style: TextStyle(attributes: .bold, foreground: .ink, background: .surface),
                     limit: right)
        row += 2
        drawField("Server address", refusal: addressRefusal, row: row, left: left, right: right, grid: &grid)
        var addressInput = address
        addressInput.draw(in: &grid, rect: GridRect(row: row + 1, column: left, width: width, height: 1),
                          placeholder: "https://veet.example.com", focused: focused && field == .address, styles: styles)
        if let note = addressChangeNote {
            _ = grid.put(note, row: row + 2, column: left, style: TextStyle(foreground: .amberText, background: .surface), limit: right)
        }
        row += 3
        drawField("Token", refusal: tokenRefusal, row: row, left: left, right: right, grid: &grid)
        // No echo: the field shows that something was typed, never what.
        let well = TextStyle(foreground: .inkFaint, background: .field)
        grid.fill(GridRect(row: row + 1, column: left, width: width, height: 1), style: well)
        let emptyToken = if case .update = mode { "empty: the saved token is kept (typed text is not shown)" } else { "typed text is not shown" }
        _ = grid.put(token.isEmpty ? emptyToken : "(hidden)", row: row + 1, column: left, style: well, limit: right)
        if focused && field == .token { grid.cursor = GridPoint(row: row + 1, column: left) }
        row += 2
        _ = grid.put(tokenSentence, row: row, column: left, style: Self.quiet, limit: right)
        row += 2
        let button = " \(primaryTitle) "
        let end = grid.put(button, row: row, column: left, style: Self.primary, limit: right)
        let cancel = mode == .firstRun ? "Enter \(primaryTitle.lowercased())   Esc quit" : "Enter \(primaryTitle.lowercased())   Esc cancel"
        _ = grid.put("  " + cancel, row: row, column: end, style: Self.quiet, limit: right)
        if !status.isEmpty {
            _ = grid.put(status, row: row + 1, column: left, style: checking ? Self.quiet : Self.refusal, limit: right)
        }
    }

    private func drawField(_ name: String, refusal: String?, row: Int, left: Int, right: Int, grid: inout ScreenGrid) {
        let end = grid.put(name, row: row, column: left, style: Self.label, limit: right)
        if let refusal { _ = grid.put("  " + refusal, row: row, column: end, style: Self.refusal, limit: right) }
    }

    /// The form centred on its own page (first run and sign in again are full screen).
    public func drawPage(in grid: inout ScreenGrid, styles: WidgetStyles) {
        grid.fill(grid.bounds, style: TextStyle(foreground: .ink, background: .paper))
        let header = TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep)
        grid.fill(GridRect(row: 0, column: 0, width: grid.width, height: 1), style: header)
        _ = grid.put(" Veetbot", row: 0, column: 0, style: header)
        let width = min(grid.width - 4, 100)
        let top = max((grid.height - Self.height) / 2, 1)
        draw(in: &grid, rect: GridRect(row: top, column: (grid.width - width) / 2, width: width, height: Self.height), styles: styles)
    }
}
