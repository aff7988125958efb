import Foundation
import Testing
import VeetCurses
import VeetSettings
import VeetSettingsScreens
import VeetTokens

/// The Settings screen as a value: the models draft by the library's rules, the look, and what
/// each card's action asks of its work or of the shell. (Its goldens: Tests/VeetTUITests.)
@Suite struct SettingsScreenTests {
    static let models = ModelSettings(
        version: 3,
        chat: ModelChoice(modelPolicy: "frontier", reasoningEffort: .high),
        memory: ModelChoice(modelPolicy: "memory_default", reasoningEffort: nil),
        chatOptions: [
            ChatModelOption(modelPolicy: "frontier", displayName: "Frontier", reasoningEfforts: [.low, .medium, .high],
                            defaultReasoningEffort: .high),
            ChatModelOption(modelPolicy: "fast", displayName: "Fast", reasoningEfforts: [], defaultReasoningEffort: nil),
        ],
        memoryOptions: [MemoryModelOption(modelPolicy: "memory_default", displayName: "Standard", reasoningEffort: nil),
                        MemoryModelOption(modelPolicy: "memory_deep", displayName: "Deep", reasoningEffort: .medium)])

    static func screen(card: SettingsScreen.Card = .models) -> SettingsScreen {
        var screen = SettingsScreen(connectionName: "home", address: "https://veet.example.com", credentialsPath: "/tmp/c")
        screen.show(models)
        screen.card = card
        return screen
    }

    /// The draft follows the library's rules: a model's default effort when the model changes,
    /// only evaluated memory pairs, and a server without model settings hides the card.
    @Test func theModelsDraftFollowsTheRulesAndHidesWithoutTheResource() {
        var screen = Self.screen()
        #expect(!screen.draftChanged)
        screen.cycleChatModel(by: 1)
        #expect(screen.draft?.chat == ModelChoice(modelPolicy: "fast", reasoningEffort: nil))
        screen.cycleChatModel(by: 1)
        #expect(screen.draft?.chat == ModelChoice(modelPolicy: "frontier", reasoningEffort: .high))
        screen.cycleEffort()
        #expect(screen.draft?.chat.reasoningEffort == .low)
        screen.cycleMemory()
        #expect(screen.draft?.memory == ModelChoice(modelPolicy: "memory_deep", reasoningEffort: .medium))
        #expect(screen.draftChanged)

        var driver = ScreenDriver(Self.screen())
        driver.answer(.models(nil))
        #expect(!driver.screen.cards.contains(.models) && driver.screen.card == .connection)
        #expect(!driver.painted(width: 80, height: 24).contains("Reasoning effort"))
    }

    /// NO_COLOR wins over any chosen depth; otherwise the choice, else detection.
    @Test func noColorWinsOverTheChosenDepth() {
        let choice = AppearanceChoice(appearance: .light, depth: .trueColor)
        #expect(choice.effectiveDepth(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"]) == .noColor)
        #expect(choice.effectiveDepth(environment: ["TERM": "xterm"]) == .trueColor)
        #expect(AppearanceChoice().effectiveDepth(environment: ["TERM": "xterm-256color"]) == .ansi256)
    }

    @Test func itOpensByReadingTheModelsAndAskingVeetd() {
        #expect(ScreenDriver(Self.screen()).effects == [.loadModels, .checkDaemon])
    }

    /// Save sends only a changed draft the rules accept; its answer is said on the card.
    @Test func saveSendsOnlyAChangedDraft() {
        var driver = ScreenDriver(Self.screen())
        #expect(driver.press(KeyPress(.enter)) == [])
        #expect(driver.screen.modelsMessage == "Nothing to save: these are the server's choices.")
        driver.press(.char("m"))
        let sent = driver.press(KeyPress(.enter))
        #expect(sent == [.saveModels(chat: Self.models.chat, memory: ModelChoice(modelPolicy: "memory_deep", reasoningEffort: .medium),
                                     basedOn: Self.models)])
        #expect(driver.press(KeyPress(.enter)) == [], "one write at a time")
        driver.answer(.modelsReloaded(Self.models, "Changed on another device meanwhile."))
        #expect(!driver.screen.saving && driver.screen.modelsMessage == "Changed on another device meanwhile.")
    }

    /// What only the shell can do comes out as routes: the connection form, the switcher, the look, Website Access.
    @Test func theShellsActionsAreRoutes() {
        var driver = ScreenDriver(Self.screen(card: .connection))
        driver.press(KeyPress(.enter), KeyPress(.function(9)))
        driver.screen.card = .appearance
        driver.press(.char("a"), .char("c"))
        #expect(driver.routes.count == 4 && !driver.closed)
        guard case .appearance(let look)? = driver.routes.last else { Issue.record("no look routed"); return }
        #expect(look == AppearanceChoice(appearance: .light, depth: .trueColor))
        driver.screen.card = .websiteAccess
        driver.press(KeyPress(.enter))
        guard case .openWebsiteAccess? = driver.routes.last else { Issue.record("Website Access not routed"); return }
        #expect(driver.closed)
    }

    /// Signed in again from the Connection card: said on the screen, the veetd line gone, the models read again.
    @Test func signingInAgainReadsTheModelsAgain() {
        var driver = ScreenDriver(Self.screen())
        driver.answer(.daemonSignInNeeded)
        #expect(driver.painted(width: 120, height: 40).contains("veetd: the server no longer accepts the token"))
        #expect(driver.answer(.signedInAgain("Signed in again")) == [.loadModels])
        #expect(!driver.screen.daemonSignInNeeded && driver.screen.message == "Signed in again")
    }

    /// The Messaging surfaces card (issue 36 B4): its line comes from the shell (this face knows nothing of
    /// surfaces); Enter opens their page through a route, but not on a server without them, where the line says so.
    @Test func theSurfacesCardShowsTheShellsLineAndOpensTheirPage() {
        #expect(!Self.screen().cards.contains(.surfaces), "no card unless the shell fills it")
        var screen = Self.screen(card: .surfaces)
        screen.surfaces = .loading
        var driver = ScreenDriver(screen)
        #expect(driver.effects == [.loadModels, .checkDaemon, .loadSurfaces])
        #expect(driver.screen.cards == [.connection, .models, .persona, .websiteAccess, .surfaces, .appearance, .privacy])
        #expect(driver.press(KeyPress(.enter)) == [] && driver.routes.isEmpty, "nothing to open while it loads")
        driver.answer(.surfaces(SurfacesCard(line: "2 surfaces: 1 paired sender.", opens: true)))
        let painted = driver.painted(width: 120, height: 48)
        #expect(painted.contains("Messaging surfaces") && painted.contains("2 surfaces: 1 paired sender."), "\(painted)")
        #expect(painted.contains("Open messaging surfaces"))
        driver.press(KeyPress(.enter))
        guard case .openSurfaces? = driver.routes.last else { Issue.record("the surfaces page not routed"); return }
        #expect(driver.closed)

        var bare = ScreenDriver(screen)
        bare.answer(.surfaces(SurfacesCard(line: "This server does not offer messaging surfaces.", opens: false)))
        bare.press(KeyPress(.enter))
        #expect(bare.routes.isEmpty && !bare.closed)
        let said = bare.painted(width: 120, height: 48)
        #expect(said.contains("This server does not offer messaging surfaces.") && !said.contains("Open messaging surfaces"))
    }

    @Test func escAndF8Close() {
        var escape = ScreenDriver(Self.screen())
        escape.press(KeyPress(.escape))
        var f8 = ScreenDriver(Self.screen())
        f8.press(KeyPress(.function(8)))
        #expect(escape.closed && f8.closed)
    }
}
