import Foundation
import Testing
@testable import VeetSettings

@Suite struct ModelChoiceRulesTests {
    @Test func aChatEffortMustBeOneTheModelAccepts() throws {
        let settings = try Wire.decodedModels()
        #expect(ModelChoiceRules.chatRefusal(ModelChoice(modelPolicy: "frontier", reasoningEffort: .medium), in: settings) == nil)
        #expect(ModelChoiceRules.chatRefusal(ModelChoice(modelPolicy: "frontier", reasoningEffort: .xhigh), in: settings)
            == .effortNotAccepted(policy: "frontier", effort: .xhigh, accepted: [.low, .medium, .high]))
        #expect(ModelChoiceRules.chatRefusal(ModelChoice(modelPolicy: "gone", reasoningEffort: nil), in: settings)
            == .chatModelNotOffered("gone"))
    }

    /// `null` only when the model's list is empty; a model with none takes no effort.
    @Test func noEffortOnlyForAModelThatTakesNone() throws {
        let settings = try Wire.decodedModels()
        #expect(ModelChoiceRules.chatRefusal(ModelChoice(modelPolicy: "fast", reasoningEffort: nil), in: settings) == nil)
        #expect(ModelChoiceRules.chatRefusal(ModelChoice(modelPolicy: "frontier", reasoningEffort: nil), in: settings)
            == .effortRequired(policy: "frontier", accepted: [.low, .medium, .high]))
        #expect(ModelChoiceRules.chatRefusal(ModelChoice(modelPolicy: "fast", reasoningEffort: .low), in: settings) != nil)
        #expect(ModelChoiceRules.efforts(for: try #require(settings.chatOption("fast"))) == [nil])
    }

    /// A memory choice is one evaluated pair exactly, `null` included.
    @Test func aMemoryChoiceIsAnOfferedPairExactly() throws {
        let settings = try Wire.decodedModels()
        #expect(ModelChoiceRules.memoryRefusal(ModelChoice(modelPolicy: "memory_deep", reasoningEffort: .high), in: settings) == nil)
        #expect(ModelChoiceRules.memoryRefusal(ModelChoice(modelPolicy: "memory_default", reasoningEffort: nil), in: settings) == nil)
        #expect(ModelChoiceRules.memoryRefusal(ModelChoice(modelPolicy: "memory_deep", reasoningEffort: nil), in: settings) != nil)
        #expect(ModelChoiceRules.memoryRefusal(ModelChoice(modelPolicy: "memory_default", reasoningEffort: .low), in: settings) != nil)
        // A chat model with an accepted effort is still no memory pair.
        #expect(ModelChoiceRules.memoryRefusal(ModelChoice(modelPolicy: "frontier", reasoningEffort: .high), in: settings) != nil)
    }

    /// The server's default only when the model accepts it, else the first listed.
    @Test func theDefaultEffortFollowsTheClientRule() throws {
        let settings = try Wire.decodedModels(Wire.models(chatOptions: [
            Wire.chatOption("a", efforts: ["low", "medium"], default: "high"),  // outside the list
            Wire.chatOption("b", efforts: ["low", "medium"], default: nil),  // null with a list
            Wire.chatOption("c", efforts: ["low", "medium"], default: "medium"),
            Wire.chatOption("d", efforts: [], default: "high"),
        ]))
        #expect(settings.chatOptions.map(\.defaultEffort) == [.low, .low, .medium, nil])
    }

    @Test func anUnknownEffortIsKeptRaw() throws {
        let settings = try Wire.decodedModels(Wire.models(
            chat: Wire.choice("frontier", "ultra"),
            chatOptions: [Wire.chatOption("frontier", efforts: ["high", "ultra"], default: "ultra")]))
        #expect(settings.chat.reasoningEffort == .unknown("ultra"))
        #expect(settings.chatOptions[0].defaultEffort == .unknown("ultra"))
        let written = try JSONSerialization.jsonObject(with: JSONEncoder().encode(settings.chat)) as? [String: Any]
        #expect(written?["reasoning_effort"] as? String == "ultra")
        #expect(ReasoningEffort.xhigh.label == "Extra high" && ReasoningEffort.unknown("ultra").label == "ultra")
    }

    @Test func aRequestResolvesAgainstTheOptions() throws {
        let settings = try Wire.decodedModels()
        // A new model without an effort takes its default; the same model keeps its effort.
        var resolved = try ModelChoiceRules.resolve(ModelSettingsRequest(chatPolicy: "fast"), against: settings)
        #expect(resolved.chat == ModelChoice(modelPolicy: "fast", reasoningEffort: nil))
        #expect(resolved.memory == settings.memory)
        resolved = try ModelChoiceRules.resolve(ModelSettingsRequest(memoryPolicy: "memory_deep"), against: settings)
        #expect(resolved.chat == settings.chat)
        #expect(resolved.memory == ModelChoice(modelPolicy: "memory_deep", reasoningEffort: .medium))
        resolved = try ModelChoiceRules.resolve(ModelSettingsRequest(chatEffort: .some(.low), memoryPolicy: "memory_deep",
                                                                     memoryEffort: .some(.high)), against: settings)
        #expect(resolved.chat == ModelChoice(modelPolicy: "frontier", reasoningEffort: .low))
        #expect(resolved.memory == ModelChoice(modelPolicy: "memory_deep", reasoningEffort: .high))
        #expect(throws: ChoiceRefusal.self) {
            _ = try ModelChoiceRules.resolve(ModelSettingsRequest(chatPolicy: "fast", chatEffort: .some(.high)), against: settings)
        }
        #expect(ModelSettingsRequest.effort(typed: "none") == nil && ModelSettingsRequest.effort(typed: "XHIGH") == .xhigh)
    }

    @Test func whatChangedIsSaidLineByLine() throws {
        let old = try Wire.decodedModels()
        let new = try Wire.decodedModels(Wire.models(version: 5, chat: Wire.choice("fast", nil), memoryOptions: [
            Wire.memoryOption("memory_default", effort: nil), Wire.memoryOption("memory_deep", effort: "high"),
        ]))
        #expect(ModelChoiceRules.changes(from: old, to: new) == [
            "chat: frontier / High → fast", "memory pair no longer offered: memory_deep / Medium",
        ])
        var same = old
        same.version = 4
        #expect(ModelChoiceRules.changes(from: old, to: same).count == 1)
    }
}
