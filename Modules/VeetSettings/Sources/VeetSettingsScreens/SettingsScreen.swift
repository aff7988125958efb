import Foundation
import VeetCurses
import VeetSettings
import VeetTokens
import VeetTransport

/// This device's look, stored in the connection's preferences in the store
/// and applied at once. `NO_COLOR` wins over any depth chosen here.
public struct AppearanceChoice: Equatable, Sendable {
    public static let appearanceKey = "tui.appearance"
    public static let depthKey = "tui.color-depth"

    public var appearance: AppearancePreference = .auto
    /// nil: as the terminal says (`ColorCapability.detect`).
    public var depth: ColorCapability?

    public init(appearance: AppearancePreference = .auto, depth: ColorCapability? = nil) {
        self.appearance = appearance
        self.depth = depth
    }

    /// The choice as a connection's preferences keep it (`value`: the stored text of a key, nil when absent).
    public init(stored value: (String) -> String?) {
        self.init(appearance: value(Self.appearanceKey).flatMap(AppearancePreference.init(rawValue:)) ?? .auto,
                  depth: value(Self.depthKey).flatMap(ColorCapability.init(rawValue:)))
    }

    /// The keys and texts to keep it under (nil removes a key: "follow the terminal" and "as detected" are not stored).
    public var stored: [(key: String, value: String?)] {
        [(Self.appearanceKey, appearance == .auto ? nil : appearance.rawValue), (Self.depthKey, depth?.rawValue)]
    }

    public static let depths: [ColorCapability?] = [nil, .trueColor, .ansi256, .ansi16, .noColor]

    public static func label(_ preference: AppearancePreference) -> String {
        switch preference {
        case .light: "Light"
        case .dark: "Dark"
        case .auto: "Follow the terminal"
        }
    }

    public static func label(_ depth: ColorCapability?) -> String {
        switch depth {
        case nil: "As detected"
        case .trueColor?: "Truecolor"
        case .ansi256?: "256"
        case .ansi16?: "16"
        case .noColor?: "None"
        }
    }

    /// The depth drawn with: NO_COLOR first, then the choice, then detection.
    public func effectiveDepth(environment: [String: String]) -> ColorCapability {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .noColor }
        return depth ?? ColorCapability.detect(environment: environment)
    }
}

/// The Settings screen (F8), its cards in order (docs/settings.md): Connection (the
/// shell's connection form, filled), Models, Persona (its own page over this one, PersonaPage.swift),
/// Website Access, Messaging surfaces (when the shell fills it), Appearance, Data & Privacy. ↑↓ move between cards; each card's one primary action is the
/// filled capsule (Enter), its other keys quiet. The rules are VeetSettings'
/// (`ModelChoiceRules`); this value holds what was read and the owner's draft.
/// What the shell knows (the connection, where files live, the build, the stored look)
/// comes in at mount; what only the shell can do (the connection form and switcher,
/// storing the look, Website Access) goes out as a `SettingsScreenRoute`.
public struct SettingsScreen: FeatureScreen {
    public enum Card: CaseIterable, Equatable, Sendable {
        case connection, models, persona, websiteAccess, surfaces, appearance, privacy
    }

    public var card: Card = .connection
    public var connectionName: String?
    public var address: String
    public var credentialsPath: String
    /// nil until read; `modelsHidden` when the server has no model settings.
    public var models: ModelSettings?
    public var modelsHidden = false
    /// The owner's draft: a chat model and effort, a memory pair (indexes into the options).
    public var chatIndex = 0
    public var effortIndex = 0
    public var memoryIndex = 0
    public var modelsMessage = ""
    public var saving = false
    public var appearance = AppearanceChoice()
    public var noColorSet = false
    public var paths: [(kind: String, path: String)] = []
    /// How to clear the local cache, in the shell's words (they name its programs and commands).
    public var cacheAdvice = ""
    public var version = VeetTransportVersion.current
    /// The build and commit the Data & Privacy card names (the app's stamp; a golden fixes them).
    public var commit = "unknown"
    public var build = "unknown"
    public var message = ""
    /// veetd stopped sending to this server after a 401 (it says so in its status).
    public var daemonSignInNeeded = false
    /// The Persona page, open over the cards.
    public var persona: PersonaPage?
    /// A persona draft left unsaved on the way out: it comes back on the next visit (the shell keeps
    /// it across closes through `SettingsScreenRoute.keepPersona`).
    public var keptPersona: PersonaPage?
    /// The Messaging surfaces card, as the shell reads it from the surfaces feature (this face does not
    /// know that feature); nil: no such card.
    public var surfaces: SurfacesCard?

    public init(connectionName: String?, address: String, credentialsPath: String, keptPersona: PersonaPage? = nil) {
        self.connectionName = connectionName
        self.address = address
        self.credentialsPath = credentialsPath
        self.keptPersona = keptPersona
    }

    public var cards: [Card] {
        Card.allCases.filter { ($0 != .models || !modelsHidden) && ($0 != .surfaces || surfaces != nil) }
    }

    public mutating func show(_ settings: ModelSettings) {
        models = settings
        chatIndex = settings.chatOptions.firstIndex { $0.modelPolicy == settings.chat.modelPolicy } ?? 0
        let efforts = chatEfforts
        effortIndex = efforts.firstIndex { $0 == settings.chat.reasoningEffort } ?? 0
        memoryIndex = settings.memoryOptions.firstIndex { $0.choice == settings.memory } ?? 0
    }

    public var chatOption: ChatModelOption? {
        guard let models, models.chatOptions.indices.contains(chatIndex) else { return nil }
        return models.chatOptions[chatIndex]
    }

    public var chatEfforts: [ReasoningEffort?] { chatOption.map(ModelChoiceRules.efforts(for:)) ?? [] }

    /// The draft as choices, checked by the library's rules before anything is sent.
    public var draft: (chat: ModelChoice, memory: ModelChoice)? {
        guard let models, let option = chatOption, models.memoryOptions.indices.contains(memoryIndex) else { return nil }
        let efforts = chatEfforts
        let effort = efforts.indices.contains(effortIndex) ? efforts[effortIndex] : option.defaultEffort
        return (ModelChoice(modelPolicy: option.modelPolicy, reasoningEffort: effort), models.memoryOptions[memoryIndex].choice)
    }

    public var draftChanged: Bool {
        guard let models, let draft else { return false }
        return draft.chat != models.chat || draft.memory != models.memory
    }

    /// Another chat model: its default effort (the library's client rule).
    public mutating func cycleChatModel(by step: Int) {
        guard let count = models?.chatOptions.count, count > 0 else { return }
        chatIndex = (chatIndex + step + count) % count
        let efforts = chatEfforts
        effortIndex = efforts.firstIndex { $0 == chatOption?.defaultEffort } ?? 0
    }

    public mutating func cycleEffort() {
        let count = chatEfforts.count
        if count > 0 { effortIndex = (effortIndex + 1) % count }
    }

    public mutating func cycleMemory() {
        guard let count = models?.memoryOptions.count, count > 0 else { return }
        memoryIndex = (memoryIndex + 1) % count
    }

    public mutating func move(by step: Int) {
        let cards = cards
        let index = cards.firstIndex(of: card) ?? 0
        card = cards[max(0, min(cards.count - 1, index + step))]
    }

    // MARK: Drawing

    static let page = TextStyle(foreground: .ink, background: .paper)
    static let surface = TextStyle(foreground: .ink, background: .surface)
    static let title = TextStyle(attributes: .bold, foreground: .ink, background: .surface)
    static let label = TextStyle(foreground: .inkSoft, background: .surface)
    static let quiet = TextStyle(foreground: .inkFaint, background: .surface)
    static let field = TextStyle(foreground: .ink, background: .field)
    static let chosen = TextStyle(attributes: .bold, foreground: .tealText, background: .tealWash, substitute: .underline)
    static let primary = TextStyle(attributes: .bold, foreground: .paper, background: .tealFill, substitute: .reverse)
    static let attention = TextStyle(attributes: .bold, foreground: .amberText, background: .surface)
    static let edge = TextStyle(foreground: .teal, background: .paper)
    static let hairline = TextStyle(foreground: .hairline, background: .paper)

    /// One card: its title and rows, each row a line of runs on the card's surface.
    struct CardLines {
        var card: Card
        var lines: [StyledLine]
    }

    func cardLines(width: Int) -> [CardLines] {
        cards.map { CardLines(card: $0, lines: lines(of: $0, width: width)) }
    }

    private func lines(of card: Card, width: Int) -> [StyledLine] {
        let focused = card == self.card
        func primary(_ title: String) -> StyledRun { StyledRun(" \(title) ", style: focused ? Self.primary : Self.label) }
        func quiet(_ text: String) -> StyledRun { StyledRun("  " + text, style: Self.quiet) }
        func row(_ label: String, _ value: String, style: TextStyle = Self.field) -> StyledLine {
            [StyledRun(label.padding(toLength: 16, withPad: " ", startingAt: 0), style: Self.label), StyledRun(" \(value) ", style: style)]
        }
        func wrapped(_ text: String, style: TextStyle = Self.quiet) -> [StyledLine] {
            TextFitting.wrapWords(text, width: max(width - 4, 20)).map { [StyledRun($0, style: style)] }
        }
        switch card {
        case .connection:
            var lines: [StyledLine] = [[StyledRun("Connection", style: Self.title)]]
            lines.append(row("Name", connectionName ?? "(from VEET_URL, not saved)"))
            lines.append(row("Server address", address))
            lines.append(row("Token", "(hidden)", style: TextStyle(foreground: .inkFaint, background: .field)))
            lines += wrapped("The token is kept only on this computer: in the desktop keyring when one answers, else in an owner-only file under \(credentialsPath); "
                             + "never in the cache, a log or on screen.")
            if daemonSignInNeeded {
                lines += wrapped("veetd: the server no longer accepts the token, so nothing is synced or delivered in the background; "
                                 + "Update connection with a new token signs in again.", style: Self.attention)
            }
            lines.append([primary("Update connection"), quiet("F9 switch or forget connections")])
            return lines
        case .models:
            var lines: [StyledLine] = [[StyledRun("Models", style: Self.title)]]
            guard let models, let draft else {
                lines.append([StyledRun("Loading...", style: Self.quiet)])
                return lines
            }
            let option = chatOption
            lines.append(row("Chat model", "\(option?.displayName ?? draft.chat.modelPolicy) ‹←→›"))
            lines.append(row("Reasoning effort", "\(ReasoningEffort.label(draft.chat.reasoningEffort)) ‹e›"))
            let pair = models.memoryOptions.indices.contains(memoryIndex) ? models.memoryOptions[memoryIndex] : nil
            lines.append(row("Memory model", "\(pair?.displayName ?? draft.memory.modelPolicy) · "
                             + "\(ReasoningEffort.label(draft.memory.reasoningEffort)) ‹m›"))
            lines += wrapped(ModelSettings.whenChatChoiceApplies)
            if !modelsMessage.isEmpty { lines += wrapped(modelsMessage, style: Self.attention) }
            lines.append([primary(saving ? "Saving..." : "Save"),
                          quiet(draftChanged ? "changed, not saved yet · g reload" : "version \(models.version) · g reload")])
            return lines
        case .persona:
            return [[StyledRun("Persona", style: Self.title)],
                    [StyledRun("Your standing instructions to Veetbot, and what memory suggests adding to them.", style: Self.quiet)],
                    [primary("Edit persona"), quiet("entries, history, suggestions from memory")]]
        case .websiteAccess:
            return [[StyledRun("Website Access", style: Self.title)],
                    [StyledRun("The websites Veetbot may use for you, and the one new chats use.", style: Self.quiet)],
                    [primary("Open Website Access"), quiet("F3 from the chat")]]
        case .surfaces:
            var lines: [StyledLine] = [[StyledRun("Messaging surfaces", style: Self.title)]]
            lines += wrapped(surfaces?.line ?? "Loading...")
            if surfaces?.opens == true { lines.append([primary("Open messaging surfaces"), quiet("Alt-M from the chat")]) }
            return lines
        case .appearance:
            func segments<T: Equatable>(_ values: [T], chosen: T, label: (T) -> String) -> StyledLine {
                values.map { StyledRun(" \(label($0)) ", style: $0 == chosen ? Self.chosen : Self.label) }
            }
            var lines: [StyledLine] = [[StyledRun("Appearance", style: Self.title)]]
            lines.append([StyledRun("Look            ", style: Self.label)]
                         + segments(AppearancePreference.allCases.sorted { $0.order < $1.order }, chosen: appearance.appearance,
                                    label: AppearanceChoice.label) + [quiet("a")])
            lines.append([StyledRun("Colour depth    ", style: Self.label)]
                         + segments(AppearanceChoice.depths, chosen: appearance.depth, label: AppearanceChoice.label) + [quiet("c")])
            lines += wrapped(noColorSet
                             ? "NO_COLOR is set: no colour is drawn, whatever depth is chosen here."
                             : "Kept for this connection, on this device; applied at once.")
            return lines
        case .privacy:
            var lines: [StyledLine] = [[StyledRun("Data & Privacy", style: Self.title)]]
            lines.append(row("Version", "veet-tui \(version) (build \(build), commit \(commit))"))
            for place in paths { lines.append(row(place.kind, place.path, style: Self.label)) }
            if !cacheAdvice.isEmpty { lines += wrapped(cacheAdvice) }
            lines += wrapped("Mail is never stored on this computer: no message text, subject, address or draft "
                             + "goes into the cache, a log, a file or veetd.")
            return lines
        }
    }

    /// The footer's keys; Ctrl-P lists the same.
    public static let keyHints = "↑↓ cards  Enter the card's action  Esc close"

    public func keyHints(width: Int, now: Date) -> String { persona == nil ? Self.keyHints : PersonaPage.keyHints }

    public func paint(in grid: inout ScreenGrid, now: Date) {
        if let persona { persona.draw(in: &grid) } else { draw(in: &grid) }
    }

    public func draw(in grid: inout ScreenGrid) {
        let (left, width) = CardPage.drawFrame("Settings", in: &grid, page: Self.page)
        let all = cardLines(width: width)
        // Rows of every card, a blank row between cards; scrolled so the chosen card shows whole.
        var rows: [(card: Card, line: StyledLine?)] = []
        for entry in all {
            rows += entry.lines.map { (entry.card, $0) }
            rows.append((entry.card, nil))
        }
        let visible = grid.height - 3
        let firstOfCard = rows.firstIndex { $0.card == card } ?? 0
        let lastOfCard = rows.lastIndex { $0.card == card } ?? 0
        var top = 0
        if lastOfCard >= top + visible { top = lastOfCard - visible + 1 }
        if firstOfCard < top { top = firstOfCard }
        for (offset, entry) in rows.dropFirst(top).prefix(visible).enumerated() {
            let row = 2 + offset
            guard let line = entry.line else { continue }
            grid.fill(GridRect(row: row, column: left, width: width, height: 1), style: Self.surface)
            // The chosen card carries a teal edge; the others a hairline.
            _ = grid.put(entry.card == card ? "▌" : "│", row: row, column: left - 1,
                         style: entry.card == card ? Self.edge : Self.hairline)
            _ = grid.put(line, row: row, column: left + 1, limit: left + width - 1)
        }
        CardPage.drawFooter(keys: Self.keyHints, message: message, in: &grid)
    }
}

extension AppearancePreference {
    /// Light, dark, then follow the terminal, as the card lists them.
    public var order: Int {
        switch self {
        case .light: 0
        case .dark: 1
        case .auto: 2
        }
    }
}

/// What the Messaging surfaces card says: one line the shell made from the surfaces feature, and
/// whether Enter opens their page (not on a server without them: the line says so instead).
public struct SurfacesCard: Sendable, Equatable {
    public var line: String
    public var opens: Bool

    public init(line: String, opens: Bool) {
        self.line = line
        self.opens = opens
    }

    /// Until the shell's read answers.
    public static let loading = SurfacesCard(line: "Loading...", opens: false)
}
