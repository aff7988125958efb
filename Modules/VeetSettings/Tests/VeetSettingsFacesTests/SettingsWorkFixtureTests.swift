import Foundation
import Synchronization
import Testing
import VeetCurses
import VeetFixture
import VeetSettings
import VeetSettingsScreens
import VeetTransport

/// The Settings screen's work against the reference server, its answers applied to the screen.
@Suite struct SettingsWorkFixtureTests {
    static let token = "settings-faces-token"

    private func start(_ change: (inout FixtureOptions) -> Void = { _ in }) throws -> (FixtureServer, SettingsScreenWork) {
        let (server, api) = try startFixture(token: Self.token, change)
        return (server, SettingsScreenWork(api: api))
    }

    private func run(_ work: SettingsScreenWork, _ effect: SettingsScreenEffect) async -> [SettingsScreenResult] {
        let answers = Mutex<[SettingsScreenResult]>([])
        await work.run(effect) { result in answers.withLock { $0.append(result) } }
        return answers.withLock { $0 }
    }

    /// A persona from before nominations (the fixture's `personaNominations` switch off): the page opens
    /// on the persona, says nominations are not offered here, and a save still goes through.
    @Test func aPersonaWithoutNominationsKeepsWorkingAndSaysSo() async throws {
        let (server, work) = try start { $0.personaNominations = false }
        defer { server.stop() }
        var screen = SettingsScreen(connectionName: "home", address: "a", credentialsPath: "c")
        screen.persona = PersonaPage()
        for answer in await run(work, .loadPersona) { _ = screen.update(.result(answer)) }
        let page = try #require(screen.persona)
        #expect(page.document != nil && !page.unavailable && page.access.nominations == .notOffered)
        var grid = VeetCurses.ScreenGrid(width: 160, height: 48)
        screen.paint(in: &grid, now: Date())
        #expect(grid.snapshot.contains("This server does not offer nominations from memory; your persona still works."))

        var draft = page
        draft.draft.append(PersonaEntry(text: "Be brief."))
        screen.persona = draft
        let save = draft.draft
        for answer in await run(work, .savePersona(save, expectedVersion: draft.baseVersion)) { _ = screen.update(.result(answer)) }
        #expect(screen.persona?.message.hasPrefix("Saved (version") == true)
    }

    /// The same server with nominations: no notice, the suggestions listed.
    @Test func aPersonaWithNominationsShowsNoNotice() async throws {
        let (server, work) = try start()
        defer { server.stop() }
        var screen = SettingsScreen(connectionName: "home", address: "a", credentialsPath: "c")
        screen.persona = PersonaPage()
        for answer in await run(work, .loadPersona) { _ = screen.update(.result(answer)) }
        #expect(screen.persona?.access.nominations == .offered)
        var grid = VeetCurses.ScreenGrid(width: 160, height: 48)
        screen.paint(in: &grid, now: Date())
        #expect(!grid.snapshot.contains("does not offer"))
    }
}
