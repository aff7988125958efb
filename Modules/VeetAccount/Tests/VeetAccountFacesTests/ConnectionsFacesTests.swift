import Foundation
import Testing
import VeetAccount
import VeetAccountCommands
import VeetAccountScreens
import VeetConsole
import VeetCurses
import VeetFixture
import VeetStore
import VeetTransport

/// A registry in a folder of its own, tokens in owner-only files (no keyring).
struct TemporaryRegistry {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("veet-connections-\(UUID().uuidString)")
    var registry: ConnectionRegistry {
        let paths = VeetPaths(configDirectory: root.appendingPathComponent("config"), dataDirectory: root.appendingPathComponent("data"))
        return ConnectionRegistry(paths: paths, credentials: Credentials(paths: paths))
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

/// The connection form, the switcher and the first run, as values.
@Suite struct ConnectionScreensTests {
    /// The Connection card with nothing changed refuses instead of pretending to save.
    @Test func theConnectionFormWithNothingChangedSaysSo() {
        var form = ConnectionForm(mode: .update(name: "home"), address: "https://veet.example.com", credentialsPath: "/tmp/c")
        if case .submit = form.handle(.key(KeyPress(.enter))) { Issue.record("an unchanged connection was submitted") }
        #expect(form.tokenRefusal?.contains("nothing changed") == true)
    }

    /// Each refusal of `ServerURL(validating:)` beside its field, the token never drawn.
    @Test func theConnectionFormRefusesBesideTheFieldAndNeverDrawsTheToken() {
        var form = ConnectionForm(mode: .firstRun, credentialsPath: "/tmp/c")
        for character in "http://example.com" { _ = form.handle(.key(.char(character))) }
        if case .submit = form.handle(.key(KeyPress(.enter))) { Issue.record("an http address was accepted") }
        #expect(form.addressRefusal?.contains("Plain http:// is only allowed for loopback") == true)
        form = ConnectionForm(mode: .firstRun, address: "http://127.0.0.1:8080", credentialsPath: "/tmp/c")
        for character in "s3cret-token" { _ = form.handle(.key(.char(character))) }
        var grid = ScreenGrid(width: 100, height: 24)
        form.drawPage(in: &grid, styles: .standard)
        #expect(!grid.snapshot.contains("s3cret"))
        #expect(grid.snapshot.contains("Connect this computer to your Veetbot."))
        #expect(form.handle(.key(KeyPress(.enter))) == .submit(try! ServerURL(validating: "http://127.0.0.1:8080"), token: "s3cret-token"))
    }

    /// A 401 opens "sign in again"; Esc postpones it, and later 401s only say so.
    @Test func signInAgainOpensOnceThenPostponedOnlySaysSo() {
        var overlay = ConnectionsOverlay()
        #expect(overlay.signInNeeded(name: "home", address: "https://veet.example.com", credentialsPath: "/tmp/c") == nil)
        #expect(overlay.form?.mode == .signInAgain(name: "home") && overlay.form?.address.text == "https://veet.example.com")
        #expect(overlay.formKey(.key(KeyPress(.escape)))
            == .closed(notice: "Not signed in: nothing is sent until you sign in again (F8, Connection)."))
        #expect(overlay.form == nil && overlay.signInPostponed)
        #expect(overlay.signInNeeded(name: "home", address: "https://veet.example.com", credentialsPath: "/tmp/c")
            == "The server no longer accepts the token: F8, Connection, to sign in again.")
        #expect(overlay.form == nil)
    }

    /// The form asks for a check; a refusal stays on it, an accepted form is handed back to be saved.
    @Test func theOverlayChecksThenHandsBackTheAcceptedForm() throws {
        var overlay = ConnectionsOverlay()
        overlay.openForm(.firstRun, address: "https://veet.example.com", credentialsPath: "/tmp/c")
        #expect(overlay.form?.address.isEmpty == true, "adding a connection starts empty")
        _ = overlay.formKey(.paste("http://127.0.0.1:8080"))
        _ = overlay.formKey(.key(KeyPress(.enter)))
        _ = overlay.formKey(.paste("token"))
        let url = try ServerURL(validating: "http://127.0.0.1:8080")
        #expect(overlay.formKey(.key(KeyPress(.enter))) == .check(url, token: "token"))
        #expect(overlay.checked(refusal: "The server did not accept this token; nothing was saved.") == nil)
        #expect(overlay.form?.token.isEmpty == true && overlay.form?.status.contains("did not accept") == true)
        _ = overlay.formKey(.paste("right"))
        _ = overlay.formKey(.key(KeyPress(.enter)))
        #expect(overlay.checked(refusal: nil)?.token.text == "right")
        #expect(overlay.form == nil)
        #expect(overlay.formKey(.key(KeyPress(.escape))) == .none, "no form: nothing to do")
    }

    static func menu() -> ConnectionMenu {
        ConnectionMenu(file: ConnectionsFile(current: "beta", connections: [
            SavedConnection(name: "alpha", url: "https://alpha.example.com/"),
            SavedConnection(name: "beta", url: "https://beta.example.com/"),
        ]), active: "beta")
    }

    @Test func theSwitcherMarksTheActiveOneAndAsksTheShellToUseAnother() {
        var menu = Self.menu()
        #expect(menu.selectedRow?.name == "beta")
        var grid = ScreenGrid(width: 100, height: 24)
        menu.draw(in: &grid)
        #expect(grid.snapshot.contains("✓ beta — https://beta.example.com/") && grid.snapshot.contains("+ Add a connection"))
        #expect(menu.update(KeyPress(.enter)) == .close, "the active one: nothing to switch")
        #expect(menu.update(KeyPress(.up)) == .none)
        #expect(menu.update(KeyPress(.enter)) == .use("alpha"))
        #expect(menu.update(KeyPress(.down)) == .none && menu.update(KeyPress(.down)) == .none)
        #expect(menu.update(KeyPress(.enter)) == .add)
        #expect(menu.update(KeyPress(.function(9))) == .close)
    }

    @Test func forgettingAsksFirstAndOnlyYConfirms() {
        var menu = Self.menu()
        #expect(menu.update(.char("x")) == .none)
        var grid = ScreenGrid(width: 120, height: 24)
        menu.draw(in: &grid)
        #expect(grid.snapshot.contains("Forget \"beta\"? Its device is revoked, then its token and local data are deleted."))
        #expect(menu.update(.char("n")) == .none)
        #expect(menu.message == "Nothing was forgotten." && menu.confirmingForget == nil)
        _ = menu.update(.char("x"))
        #expect(menu.update(.char("y")) == .forget("beta"))
        #expect(menu.message == "Forgetting \"beta\"...")
        #expect(ConnectionMenu.forgot("beta", revokeProblem: "offline")
            == "Forgot \"beta\" and its token. (Its device could not be revoked on the server: offline)")
    }

    @Test func theChecksOutcomesInTheFormsWords() {
        let describe: (any Error) -> String = { _ in "The server could not be reached." }
        let refused = APIError(status: 401, code: .authenticationFailed, message: "bad token")
        #expect(ConnectionChecker.refusal(for: refused, describe: describe) == "The server did not accept this token; nothing was saved.")
        let missing = NoVeetbotAPIError(baseURL: "https://x.example.com/", probeStatus: 404)
        #expect(ConnectionChecker.refusal(for: missing, describe: describe) == "\(missing.description) Nothing was saved.")
        #expect(ConnectionChecker.refusal(for: TransportError(.cannotConnect, "down"), describe: describe)
            == "The server could not be reached. Nothing was saved.")
    }

    /// The first run: a refused token clears the field and saves nothing; an accepted one is saved, then routed.
    @Test func theFirstRunChecksThenSavesThenRoutesToTheConnection() async throws {
        let temporary = TemporaryRegistry()
        defer { temporary.remove() }
        var driver = ScreenDriver(FirstRunScreen(credentialsPath: "/tmp/c"))
        #expect(driver.painted(width: 100, height: 24).contains("Connect this computer to your Veetbot."))
        driver.type("http://127.0.0.1:9")
        driver.press(KeyPress(.enter))
        driver.type("wrong")
        let url = try ServerURL(validating: "http://127.0.0.1:9")
        #expect(driver.press(KeyPress(.enter)) == [.check(url, token: "wrong")])
        driver.answer(.checked(refusal: "The server did not accept this token; nothing was saved."))
        #expect(driver.screen.form.token.isEmpty && driver.painted(width: 100, height: 24).contains("did not accept this token"))
        driver.type("right")
        driver.press(KeyPress(.enter))
        #expect(driver.answer(.checked(refusal: nil)) == [.save(url, token: "right")])

        // The work saves it as `veet connect` does, under the address's default name.
        let work = FirstRunWork(registry: temporary.registry, checker: ConnectionChecker(verify: { _ in }, describe: { "\($0)" }))
        let answers = Answers()
        await work.run(.save(url, token: "right")) { answers.add($0) }
        guard case .saved(let resolved) = answers.first else { Issue.record("not saved: \(String(describing: answers.first))"); return }
        #expect(resolved.name == ConnectionRegistry.defaultName(for: url) && resolved.settings.token == "right")
        driver.answer(.saved(resolved))
        #expect(driver.closed && driver.routes.count == 1)
        #expect(!driver.painted(width: 100, height: 24).contains("right"))
    }

    @Test func ctrlDOrEscLeavesTheFirstRunWithNoConnection() {
        var driver = ScreenDriver(FirstRunScreen(credentialsPath: "/tmp/c"))
        driver.press(.char("d", .control))
        #expect(driver.closed && driver.routes.isEmpty)
        var escaped = ScreenDriver(FirstRunScreen(credentialsPath: "/tmp/c"))
        escaped.press(KeyPress(.escape))
        #expect(escaped.closed && escaped.routes.isEmpty)
    }

    final class Answers: @unchecked Sendable {  // the work reports on the test's own task, before it reads
        var all: [FirstRunScreen.Result] = []
        func add(_ result: FirstRunScreen.Result) { all.append(result) }
        var first: FirstRunScreen.Result? { all.first }
    }
}

/// `veet connect` and `veet connections`, run in-process against the reference server.
@Suite struct ConnectionsCommandsTests {
    static let token = "connections-commands-token"

    static func context(_ registry: ConnectionRegistry, token: String?, cancelled: Int = 0) -> ConnectionsCommandContext {
        ConnectionsCommandContext(registry: registry, verify: { settings in
            _ = try await AccountAPI(sender: .live(client: HTTPClient(settings: settings, writeTimeout: 2))).allDevices()
        }, cancelSignIns: { _ in cancelled }, readToken: { _ in token })
    }

    static func run(_ group: some CommandGroup, _ words: [String], json: Bool = false) async throws -> (ExitCode, ConsoleCapture) {
        let capture = try ConsoleCapture()
        let spec = type(of: group).spec
        let code = try await group.run(ConsoleCapture.parse(words, group: spec), console: capture.console(json: json))
        return (code, capture)
    }

    @Test func connectChecksTheTokenBeforeSavingAndNeverPrintsIt() async throws {
        let server = FixtureServer(token: Self.token, options: .testing)
        let url = try server.start().absoluteString
        defer { server.stop() }
        let temporary = TemporaryRegistry()
        defer { temporary.remove() }
        let registry = temporary.registry

        do {
            _ = try await Self.run(ConnectCommand(Self.context(registry, token: "not-the-token")), ["connect", url, "--name", "dev"])
            Issue.record("a refused token was saved")
        } catch let failure as CommandFailure {
            #expect(failure.message == "veet: the server did not accept this token; nothing was saved.")
            #expect(failure.exitCode == .notSignedIn && (failure.cause as? APIError)?.refusal == .signInAgain)
        }
        #expect(try registry.load().connections.isEmpty)

        do {
            _ = try await Self.run(ConnectCommand(Self.context(registry, token: "")), ["connect", url])
            Issue.record("no token was accepted")
        } catch let failure as CommandFailure {
            #expect(failure.message == "veet: no token given; nothing was saved." && failure.exitCode == .notSignedIn)
        }

        let (code, saved) = try await Self.run(ConnectCommand(Self.context(registry, token: Self.token)), ["connect", url, "--name", "dev"])
        #expect(code == .success)
        let file = registry.credentials.file(for: "dev").path
        #expect(saved.stdout == "Connected to \(url) as \"dev\". The token is kept in an owner-only file (\(file)).\n")
        #expect(!saved.stdout.contains(Self.token) && saved.stderr.isEmpty)
        #expect(try registry.resolve(named: "dev", environment: [:]).settings.token == Self.token)

        let (_, json) = try await Self.run(ConnectCommand(Self.context(registry, token: Self.token)),
                                           ["connect", url, "--name", "again", "--json"], json: true)
        #expect(json.stdout == "{\"name\":\"again\",\"token_storage\":\"file\",\"url\":\"\(url)\"}\n")
    }

    @Test func anAddressWithNoVeetbotAPIIsSaidWithItsErrorObject() async throws {
        let temporary = TemporaryRegistry()
        defer { temporary.remove() }
        let missing = NoVeetbotAPIError(baseURL: "https://x.example.com/", probeStatus: 404)
        let context = ConnectionsCommandContext(registry: temporary.registry, verify: { _ in throw missing }, readToken: { _ in "t" })
        let (code, capture) = try await Self.run(ConnectCommand(context), ["connect", "https://x.example.com", "--json"], json: true)
        #expect(code == .transport)
        #expect(capture.stderr == "veet: \(missing.description) Nothing was saved.\n")
        #expect(capture.stdout == "{\"error\":{\"kind\":\"no_api\",\"message\":\"\(missing.description)\",\"status\":404}}\n")
        #expect(try temporary.registry.load().connections.isEmpty)
    }

    @Test func listUseForgetTheSavedServers() async throws {
        let temporary = TemporaryRegistry()
        defer { temporary.remove() }
        let registry = temporary.registry
        let (_, empty) = try await Self.run(ConnectionsCommands(Self.context(registry, token: nil)), ["connections", "list"])
        #expect(empty.stdout.isEmpty && empty.stderr == "No saved servers. `veet connect URL` adds one.\n")
        try registry.add(name: "alpha", url: try ServerURL(validating: "https://alpha.example.com"), token: "a")
        try registry.add(name: "beta", url: try ServerURL(validating: "https://beta.example.com"), token: "b")
        let group = ConnectionsCommands(Self.context(registry, token: nil, cancelled: 2))
        #expect(try await Self.run(group, ["connections", "list"]).1.stdout
            == "  alpha\thttps://alpha.example.com\n* beta\thttps://beta.example.com\n")

        let (_, used) = try await Self.run(group, ["connections", "use", "alpha"])
        #expect(used.stdout == "Now using \"alpha\" (https://alpha.example.com).\n"
            + "Cancelled its 2 open website sign-ins on \"beta\": the sign-in link no longer works.\n")
        #expect(try registry.load().current == "alpha")
        await #expect(throws: ConnectionResolutionError.unknownConnection("gamma")) {
            _ = try await Self.run(group, ["connections", "use", "gamma"])
        }

        let (_, forgot) = try await Self.run(ConnectionsCommands(Self.context(registry, token: nil)), ["connections", "forget", "alpha"])
        #expect(forgot.stdout == "Forgot \"alpha\" and its token.\n" && forgot.stderr.isEmpty)
        let left = try registry.load()
        #expect(left.connections.map(\.name) == ["beta"] && left.current == "beta")
        #expect(!FileManager.default.fileExists(atPath: registry.credentials.file(for: "alpha").path))
    }
}
