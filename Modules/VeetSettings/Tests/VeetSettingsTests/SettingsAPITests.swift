import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetSettings

@Suite struct ModelSettingsAPITests {
    /// The write is the closed body: three fields, the effort written even when null.
    @Test func aSaveSendsTheExpectedVersionAndBothChoices() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/settings/models", .json(Wire.models()))
        server.on("PUT", "/v1/settings/models", .json(Wire.models(version: 4, chat: Wire.choice("fast", nil))))
        let api = Wire.api(server)
        let current = try await api.modelSettings()
        let saved = try await api.saveModels(ModelSettingsRequest(chatPolicy: "fast"), basedOn: current)
        #expect(saved.version == 4 && saved.chat.modelPolicy == "fast")
        let body = try Wire.body(try #require(server.requests("PUT", "/v1/settings/models").first))
        #expect(Set(body.keys) == ["expected_version", "chat", "memory"])
        #expect(body["expected_version"] as? Int == 3)
        let chat = try #require(body["chat"] as? [String: Any])
        #expect(Set(chat.keys) == ["model_policy", "reasoning_effort"] && chat["reasoning_effort"] is NSNull)
        let memory = try #require(body["memory"] as? [String: Any])
        #expect(memory["model_policy"] as? String == "memory_default" && memory["reasoning_effort"] is NSNull)
    }

    @Test func aRefusedCombinationSendsNothing() async throws {
        let server = ScriptedServer()
        let current = try Wire.decodedModels()
        await #expect(throws: ChoiceRefusal.self) {
            _ = try await Wire.api(server).saveModels(ModelSettingsRequest(memoryPolicy: "memory_deep",
                                                                          memoryEffort: .some(.low)), basedOn: current)
        }
        #expect(server.requests.isEmpty)
    }

    /// A stale version re-reads and says what changed; nothing is retried.
    @Test func aConflictRereadsAndSaysWhatChanged() async throws {
        let server = ScriptedServer()
        server.on("PUT", "/v1/settings/models",
                  .apiError(409, "conflict", message: "model settings expected version 3 but head is 5"))
        server.on("GET", "/v1/settings/models", .json(Wire.models(version: 5, chat: Wire.choice("frontier", "low"))))
        let current = try Wire.decodedModels()
        let conflict = await #expect(throws: ModelSettingsConflict.self) {
            _ = try await Wire.api(server, retry: .standard).saveModels(ModelSettingsRequest(chatEffort: .some(.medium)),
                                                                        basedOn: current)
        }
        #expect(conflict?.current.version == 5)
        #expect(conflict?.changes == ["chat: frontier / High → frontier / Low"])
        #expect(conflict?.description.contains("nothing was saved") == true)
        #expect(server.requests("PUT", "/v1/settings/models").count == 1)
    }

    /// The server refused a choice it no longer offers: reloaded, said so, not retried.
    @Test func aChoiceNotOfferedAnyMoreIsReloaded() async throws {
        let server = ScriptedServer()
        server.on("PUT", "/v1/settings/models",
                  .apiError(400, "malformed_request", message: "chat choice fast/none is not offered"))
        server.on("GET", "/v1/settings/models", .json(Wire.models(version: 3, chatOptions: [
            Wire.chatOption("frontier", efforts: ["high"], default: "high")])))
        let refused = await #expect(throws: ChoiceNotOffered.self) {
            _ = try await Wire.api(server, retry: .standard).saveModels(ModelSettingsRequest(chatPolicy: "fast"),
                                                                        basedOn: try Wire.decodedModels())
        }
        #expect(refused?.current?.chatOptions.map(\.modelPolicy) == ["frontier"])
        #expect(refused?.description.contains("not offered any more, reloaded") == true)
        #expect(server.requests("PUT", "/v1/settings/models").count == 1)
    }

    /// A server without the resource: the controls are hidden, not an error.
    @Test func aServerWithoutTheResourceHidesTheControls() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/settings/models", .apiError(404, "not_found", message: "The requested resource was not found."))
        server.on("GET", "/v1/persona", .apiError(405, "method_not_allowed"))
        let api = Wire.api(server)
        #expect(try await api.modelSettingsIfOffered() == nil)
        #expect(try await api.personaIfOffered() == nil)
        await #expect(throws: SettingsUnavailable.self) { _ = try await api.modelSettings() }
        // Other failures are not "hidden".
        server.on("GET", "/v1/settings/models", .apiError(403, "authorization_error"))
        let denied = await #expect(throws: APIError.self) { _ = try await api.modelSettingsIfOffered() }
        #expect(denied?.status == 403)
    }

    @Test func optionsThatDoNotDecodeAreSkipped() async throws {
        let settings = try Wire.decodedModels(Wire.models(chatOptions: [
            Wire.chatOption("frontier", efforts: ["high"], default: "high"), ["display_name": "no policy"],
        ]))
        #expect(settings.chatOptions.map(\.modelPolicy) == ["frontier"])
    }
}

/// Each persona part degrades alone (issue 36: a 404 on a sub-resource hides only what uses it).
@Suite struct PersonaPartsTests {
    @Test func aPersonaWithoutNominationsStillShowsAndSaysWhyThereAreNone() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/persona", .json(Wire.persona()))
        server.on("GET", "/v1/persona/nominations", .apiError(404, "not_found", message: "The requested resource was not found."))
        let api = Wire.api(server)
        let overview = try #require(try await api.personaOverview())
        #expect(overview.document.entries.map(\.text) == ["Call me Sam."])
        #expect(overview.openNominations.isEmpty && !overview.access.offers(.nominations))
        #expect(overview.access.notice(.nominations)?.hasPrefix("This server does not offer nominations from memory") == true)
        // The plain read used by the apps today: none, not "no persona".
        #expect(try await api.openNominations().isEmpty)
        #expect(try await api.openNominationsIfOffered() == nil)
        let missing = await #expect(throws: SettingsUnavailable.self) { _ = try await api.nominations() }
        #expect(missing?.description == "This server does not offer nominations from memory.")
    }

    @Test func aPersonaWithoutHistorySaysOnlyTheHistoryIsMissing() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/persona", .json(Wire.persona()))
        server.on("GET", "/v1/persona/history", .apiError(405, "method_not_allowed"))
        let api = Wire.api(server)
        #expect(try await api.personaIfOffered() != nil)
        let missing = await #expect(throws: SettingsUnavailable.self) { _ = try await api.personaHistory() }
        #expect(missing?.resource == .personaHistory)
    }

    @Test func otherFailuresOfTheNominationsAreNotHidden() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/persona", .json(Wire.persona()))
        server.on("GET", "/v1/persona/nominations", .apiError(403, "authorization_error"))
        let api = Wire.api(server)
        let denied = await #expect(throws: APIError.self) { _ = try await api.personaOverview() }
        #expect(denied?.status == 403)
        var access = PersonaAccess()
        access.note(.nominations, error: APIError(status: 500, code: .internalError, message: "boom"))
        #expect(access.nominations == .unknown && access.offers(.nominations))
    }
}
