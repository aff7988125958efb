import Foundation

/// Controls for tests: change the settings as another device would, so a
/// save based on the old version meets `409`, or stop offering a choice.
extension FixtureServer {
    /// Replaces the persona's entries (typed by the owner elsewhere): a new version.
    public func editPersonaElsewhere(_ texts: [String]) {
        store.transaction { state in
            state.settings.seedIfNeeded(now: state.now())
            let entries = texts.map { SettingsState.Entry(text: $0, source: "user_edit", beliefID: nil, sensitivity: "internal") }
            _ = state.settings.write(entries, source: "user_edit", now: state.now())
        }
    }

    /// Saves a chat choice elsewhere (a new version); nil effort is "none".
    public func saveChatModelElsewhere(_ policy: String, effort: String?) {
        store.transaction { state in
            state.settings.chat = SettingsState.Choice(policy: policy, effort: effort)
            state.settings.modelsVersion += 1
        }
    }

    /// Stops offering a chat model (an operator change: the version stays).
    public func withdrawChatModel(_ policy: String) {
        store.transaction { state in state.settings.chatOptions.removeAll { $0.policy == policy } }
    }

    /// The current persona version and entry texts.
    public func personaTexts() -> (version: Int, texts: [String]) {
        store.transaction { state in
            state.settings.seedIfNeeded(now: state.now())
            return (state.settings.persona.version, state.settings.persona.entries.map(\.text))
        }
    }
}
