/// Turns a preference into an appearance, and says where the answer came
/// from (the `veet tokens` preview shows it).
public enum AppearanceResolver {
    public enum Source: String, Sendable, Codable {
        /// The user asked for light or dark.
        case preference
        /// The terminal answered the OSC 11 background query.
        case terminalQuery
        /// The `COLORFGBG` variable.
        case colorFGBG
        /// Nothing answered; dark is the default.
        case fallback
    }

    public struct Resolution: Sendable, Equatable {
        public var appearance: Appearance
        public var source: Source

        public init(appearance: Appearance, source: Source) {
            self.appearance = appearance
            self.source = source
        }
    }

    /// `light` and `dark` are taken as given. `auto` tries, in order:
    /// the terminal's reported background (`queryBackground`, which may
    /// return nil at once when there is no terminal), `COLORFGBG`, then dark.
    /// The query is a parameter so tests and non-interactive callers can
    /// pass `{ nil }`; the real one is `TerminalBackgroundQuery.run`.
    public static func resolve(
        _ preference: AppearancePreference, environment: [String: String],
        queryBackground: () -> RGB?
    ) -> Resolution {
        switch preference {
        case .light: return Resolution(appearance: .light, source: .preference)
        case .dark: return Resolution(appearance: .dark, source: .preference)
        case .auto:
            if let background = queryBackground() {
                return Resolution(appearance: BackgroundReport.appearance(forBackground: background), source: .terminalQuery)
            }
            if let appearance = BackgroundReport.appearance(fromColorFGBG: environment["COLORFGBG"]) {
                return Resolution(appearance: appearance, source: .colorFGBG)
            }
            return Resolution(appearance: .dark, source: .fallback)
        }
    }
}
