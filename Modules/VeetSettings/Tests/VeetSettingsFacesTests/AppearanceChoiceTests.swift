import Foundation
import Testing
import VeetCurses
import VeetSettingsScreens
import VeetTokens

/// The appearance a connection keeps: read back from its stored texts, written as keys to set or remove.
@Suite struct AppearanceChoiceTests {
    @Test func aStoredChoiceReadsBackAsItWasKept() {
        let choice = AppearanceChoice(appearance: .dark, depth: .ansi256)
        let kept = Dictionary(uniqueKeysWithValues: choice.stored.compactMap { entry in entry.value.map { (entry.key, $0) } })
        #expect(AppearanceChoice { kept[$0] } == choice)
    }

    @Test func theDefaultsAreNotStoredAndUnknownTextsReadAsDefaults() {
        #expect(AppearanceChoice().stored.allSatisfy { $0.value == nil })
        #expect(Set(AppearanceChoice().stored.map(\.key)) == [AppearanceChoice.appearanceKey, AppearanceChoice.depthKey])
        #expect(AppearanceChoice { _ in "purple" } == AppearanceChoice())
    }
}
