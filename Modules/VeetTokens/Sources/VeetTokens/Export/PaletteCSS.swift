/// The palette as CSS custom properties (`--veet-paper-deep` for
/// `paperDeep`). Translucent tokens stay `rgba(…)`, so the browser blends
/// them over whatever they sit on, as the design intends.
public enum PaletteCSS {
    /// The property name for a token: `--veet-` and the name in kebab case.
    public static func propertyName(_ token: ColorToken) -> String {
        var name = "--veet-"
        for character in token.rawValue {
            if character.isUppercase {
                name += "-" + character.lowercased()
            } else {
                name.append(character)
            }
        }
        return name
    }

    /// With `appearance` nil: light values on `:root` and dark ones under
    /// `@media (prefers-color-scheme: dark)`. With an appearance: that one
    /// only, on `:root`.
    public static func stylesheet(_ palette: Palette = .a2, appearance: Appearance? = nil) -> String {
        var lines = ["/* \(palette.name) palette (VeetTokens). */"]
        func block(_ appearance: Appearance, indent: String, scheme: String) {
            lines.append(indent + ":root {")
            lines.append(indent + "  color-scheme: \(scheme);")
            for token in ColorToken.allCases {
                lines.append(indent + "  \(propertyName(token)): \(palette.color(token, in: appearance).css);")
            }
            lines.append(indent + "}")
        }
        if let appearance {
            block(appearance, indent: "", scheme: appearance.rawValue)
        } else {
            block(.light, indent: "", scheme: "light dark")
            lines.append("@media (prefers-color-scheme: dark) {")
            block(.dark, indent: "  ", scheme: "light dark")
            lines.append("}")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
