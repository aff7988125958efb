/// Which half of the palette is in use.
public enum Appearance: String, Sendable, CaseIterable, Codable {
    case light
    case dark
}

/// What the user asked for: a fixed appearance, or `auto` (follow the
/// terminal's background; see `AppearanceResolver`).
public enum AppearancePreference: String, Sendable, CaseIterable {
    case light
    case dark
    case auto
}
