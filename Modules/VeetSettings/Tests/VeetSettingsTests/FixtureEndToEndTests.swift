import Foundation
import Testing
import VeetFixture
import VeetTransport
@testable import VeetSettings

/// The library against the reference server.
@Suite struct SettingsFixtureTests {
    static let token = "settings-test-token"

    private func start(_ change: (inout FixtureOptions) -> Void = { _ in }) throws -> (FixtureServer, SettingsAPI) {
        var options = FixtureOptions.testing
        change(&options)
        let server = FixtureServer(token: Self.token, options: options)
        let url = try server.start()
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: Self.token),
                                writeTimeout: 2)
        return (server, SettingsAPI(sender: .live(client: client)))
    }

    @Test func modelsSaveThenMeetAnotherDevicesSave() async throws {
        let (server, api) = try start()
        defer { server.stop() }
        let first = try await api.modelSettings()
        #expect(first.version == 0 && first.chatOption("balanced")?.defaultEffort == .low)
        let saved = try await api.saveModels(ModelSettingsRequest(chatPolicy: "balanced", memoryPolicy: "memory_deep"),
                                             basedOn: first)
        #expect(saved.version == 1 && saved.chat == ModelChoice(modelPolicy: "balanced", reasoningEffort: .low))
        #expect(saved.memory == ModelChoice(modelPolicy: "memory_deep", reasoningEffort: .medium))

        server.saveChatModelElsewhere("fast", effort: nil)
        let conflict = await #expect(throws: ModelSettingsConflict.self) {
            _ = try await api.saveModels(ModelSettingsRequest(chatEffort: .some(.medium)), basedOn: saved)
        }
        #expect(conflict?.current.version == 2 && conflict?.changes == ["chat: balanced / Low → fast"])
    }

    @Test func aWithdrawnModelIsNotOfferedAnyMoreAndReloaded() async throws {
        let (server, api) = try start()
        defer { server.stop() }
        let seen = try await api.modelSettings()
        server.withdrawChatModel("balanced")
        let refused = await #expect(throws: ChoiceNotOffered.self) {
            _ = try await api.saveModels(ModelSettingsRequest(chatPolicy: "balanced"), basedOn: seen)
        }
        #expect(refused?.current?.chatOption("balanced") == nil)
        #expect(refused?.description.contains("not offered any more, reloaded") == true)
    }

    @Test func personaEditConflictHistoryAndNominations() async throws {
        let (server, api) = try start()
        defer { server.stop() }
        let persona = try await api.persona()
        let edited = PersonaRules.entries(texts: persona.entries.map(\.text) + ["Reply in English."], editing: persona.entries)
        let saved = try await api.savePersona(edited, expectedVersion: persona.version)
        #expect(saved.version == persona.version + 1 && saved.entries.map(\.source).contains(.affirmation))

        server.editPersonaElsewhere(["Changed on the phone."])
        let conflict = await #expect(throws: PersonaConflict.self) {
            _ = try await api.savePersona(edited + [PersonaEntry(text: "One more.")], expectedVersion: saved.version)
        }
        #expect(conflict?.theirs.entries.map(\.text) == ["Changed on the phone."])
        #expect(conflict?.onlyMine.map(\.text).last == "One more.")
        #expect(try await api.personaHistory().first?.version == saved.version + 1)

        let open = try await api.openNominations()
        #expect(!open.isEmpty && open.count <= PersonaRules.maxOpenNominations)
        let affirmed = try await api.affirm(nominationID: open[0].id)
        #expect(affirmed.entries.last?.text == open[0].statement && affirmed.entries.last?.sourceBeliefID == open[0].beliefID)
        if open.count > 1 { #expect(try await api.decline(nominationID: open[1].id).state == .declined) }
        #expect(try await api.openNominations().count == max(open.count - 2, 0))
    }

    /// A persona from before nominations: the persona, its edits and history work; only the
    /// nominations are hidden, and the overview says so.
    @Test func aServerWithoutNominationsHidesOnlyThem() async throws {
        let (server, api) = try start { $0.personaNominations = false }
        defer { server.stop() }
        let overview = try #require(try await api.personaOverview())
        #expect(overview.openNominations.isEmpty)
        #expect(overview.access.persona == .offered && overview.access.nominations == .notOffered)
        #expect(overview.access.notice(.nominations) == "This server does not offer nominations from memory; your persona still works.")
        #expect(overview.access.notice(.persona) == nil)
        #expect(try await api.openNominations().isEmpty)
        let saved = try await api.savePersona(overview.document.entries + [PersonaEntry(text: "Be brief.")],
                                              expectedVersion: overview.document.version)
        #expect(try await api.personaHistory().first?.version == saved.version)
        let missing = await #expect(throws: SettingsUnavailable.self) { _ = try await api.nominations() }
        #expect(missing?.resource == .nominations)
        #expect(missing?.description.contains("does not offer persona") == false)
    }

    @Test func aServerWithoutThemHidesTheControls() async throws {
        let (server, api) = try start { $0 = $0.applying(.snapshot) }
        defer { server.stop() }
        #expect(try await api.modelSettingsIfOffered() == nil)
        #expect(try await api.personaIfOffered() == nil)
        #expect(try await api.personaOverview() == nil)
    }
}
