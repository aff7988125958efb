import Foundation
import VeetCurses
import VeetSettings
import VeetTokens

/// The Settings screen's keys and answers, and the Persona page's over it.
extension SettingsScreen {
    public var openingEffects: [SettingsScreenEffect] {
        (persona == nil ? [.loadModels, .checkDaemon] : [.loadModels, .checkDaemon, .loadPersona])
            + (surfaces == nil ? [] : [.loadSurfaces])
    }

    public mutating func update(_ event: ScreenEvent<SettingsScreenResult>) -> ScreenStep<SettingsScreenEffect, SettingsScreenRoute> {
        if case .result(let result) = event { return apply(result) }
        if persona != nil { return handlePersona(event) }
        guard case .key(let key) = event else { return .ignored }
        return handle(key)
    }

    private mutating func handlePersona(_ event: ScreenEvent<SettingsScreenResult>) -> ScreenStep<SettingsScreenEffect, SettingsScreenRoute> {
        guard var page = persona else { return .ignored }
        switch page.handle(event) {
        case .stay(let effects):
            persona = page
            return ScreenStep(effects: effects)
        case .leave:
            // Nothing typed is lost: an unsaved draft is kept for the next visit.
            keptPersona = page.dirty || page.conflict != nil ? page : nil
            persona = nil
            if keptPersona != nil { message = "Your persona edit is not saved yet; it is kept until you return." }
            return ScreenStep(route: .keepPersona(keptPersona))
        }
    }

    private mutating func handle(_ key: KeyPress) -> ScreenStep<SettingsScreenEffect, SettingsScreenRoute> {
        message = ""
        switch key {
        case KeyPress(.escape), KeyPress(.function(8)):
            return .close
        case KeyPress(.function(9)):
            return ScreenStep(route: .openConnections)
        case KeyPress(.up), KeyPress(.tab, .shift): move(by: -1)
        case KeyPress(.down), KeyPress(.tab): move(by: 1)
        case KeyPress(.enter):
            switch card {
            case .connection: return ScreenStep(route: .updateConnection)
            case .models: return ScreenStep(effects: saveModels())
            case .persona: return openPersona()
            case .websiteAccess: return ScreenStep(route: .openWebsiteAccess, closes: true)
            case .surfaces where surfaces?.opens == true: return ScreenStep(route: .openSurfaces, closes: true)
            case .surfaces: break
            case .appearance, .privacy: break
            }
        case KeyPress(.left) where card == .models: cycleChatModel(by: -1)
        case KeyPress(.right) where card == .models: cycleChatModel(by: 1)
        case .char("e") where card == .models: cycleEffort()
        case .char("m") where card == .models: cycleMemory()
        case .char("g") where card == .models:
            modelsMessage = ""
            return .run(.loadModels)
        case .char("a") where card == .appearance:
            let all = AppearancePreference.allCases.sorted { $0.order < $1.order }
            let index = all.firstIndex(of: appearance.appearance) ?? 0
            appearance.appearance = all[(index + 1) % all.count]
            return ScreenStep(route: .appearance(appearance))
        case .char("c") where card == .appearance:
            let index = AppearanceChoice.depths.firstIndex { $0 == appearance.depth } ?? 0
            appearance.depth = AppearanceChoice.depths[(index + 1) % AppearanceChoice.depths.count]
            return ScreenStep(route: .appearance(appearance))
        default: break
        }
        return .none
    }

    /// The Persona page: a draft left unsaved on the way out comes back as it was.
    private mutating func openPersona() -> ScreenStep<SettingsScreenEffect, SettingsScreenRoute> {
        let hadKept = keptPersona != nil
        persona = keptPersona ?? PersonaPage()
        keptPersona = nil
        return ScreenStep(effects: [.loadPersona], route: hadKept ? .keepPersona(nil) : nil)
    }

    /// Save: the library's rules first (nothing is sent when they refuse), then the write.
    private mutating func saveModels() -> [SettingsScreenEffect] {
        guard let models, let draft, !saving else { return [] }
        if let refusal = ModelChoiceRules.chatRefusal(draft.chat, in: models)
            ?? ModelChoiceRules.memoryRefusal(draft.memory, in: models) {
            modelsMessage = "\(refusal.description) Nothing was saved."
            return []
        }
        guard draftChanged else {
            modelsMessage = "Nothing to save: these are the server's choices."
            return []
        }
        saving = true
        modelsMessage = ""
        return [.saveModels(chat: draft.chat, memory: draft.memory, basedOn: models)]
    }

    private mutating func apply(_ result: SettingsScreenResult) -> ScreenStep<SettingsScreenEffect, SettingsScreenRoute> {
        switch result {
        case .models(let models?):
            show(models)
            modelsHidden = false
        case .models(nil):
            modelsHidden = true
            if card == .models { card = .connection }
        case .modelsSaved(let models):
            saving = false
            show(models)
            modelsMessage = "Saved (version \(models.version))."
        case .modelsReloaded(let models, let why):
            saving = false
            if let models { show(models) }
            modelsMessage = why
        case .message(let text):
            saving = false
            modelsMessage = text
        case .daemonSignInNeeded:
            daemonSignInNeeded = true
        case .signedInAgain(let notice):
            // From the Connection card: the screen stays open, says so, and reads its models with the new token.
            message = notice
            daemonSignInNeeded = false  // veetd reads the new token at its next sync
            return .run(.loadModels)
        case .persona(let update):
            persona?.apply(update)
        case .surfaces(let card):
            surfaces = card
        }
        return .none
    }
}
