import Foundation
import VeetConsole
import VeetTokens

/// `veet tokens [--format preview|json|css] [--appearance light|dark|auto]`:
/// the design palette as a swatch table, as data, or as CSS variables.
enum TokensCommand {
    enum Format: String, CaseIterable {
        case preview, json, css
    }

    static let spec = CommandSpec(
        name: "tokens",
        summary: "Show the design tokens: a colour preview, JSON, or CSS variables.",
        discussion: """
            The preview draws every colour role in both appearances with the colours this terminal \
            can show (24-bit, 256, 16 or none) and marks the appearance in use; --appearance auto \
            asks the terminal for its background, then reads COLORFGBG, then picks dark.
            JSON always holds both appearances. CSS holds both (dark under prefers-color-scheme) \
            unless --appearance names one. --json is the same as --format json.
            """,
        examples: [
            CommandExample("veet tokens"),
            CommandExample("veet tokens --appearance light --color always | less -R"),
            CommandExample("veet tokens --format css --appearance dark > veet-dark.css"),
            CommandExample("veet tokens --json | jq '.tokens.teal.dark.resolved'"),
        ],
        options: [
            .value("format", valueName: "format", help: "preview, json or css (default preview)."),
            .value("appearance", valueName: "appearance", help: "light, dark or auto (default auto)."),
        ])

    static func run(_ command: ParsedCommand, json: Bool) -> ExitCode {
        let environment = ProcessInfo.processInfo.environment
        let format: Format
        let preference: AppearancePreference
        let colorMode: ColorMode
        do throws(UsageError) {
            let chosen = try command.choice("format", as: Format.self)
            if json, let chosen, chosen != .json {
                Output.standardError.writeLine(
                    "veet: --json asks for JSON but --format asks for \(chosen.rawValue); give one of them")
                return .usage
            }
            format = json ? .json : (chosen ?? .preview)
            preference = try command.choice("appearance", as: AppearancePreference.self) ?? .auto
            colorMode = try command.choice("color", as: ColorMode.self) ?? .auto
        } catch {
            Output.standardError.writeLine(error.report(programName: "veet"))
            return .usage
        }

        switch format {
        case .json:
            do {
                try JSONOutput.print(PaletteDocument(), layout: .pretty)
            } catch {
                Output.standardError.writeLine("veet: could not encode the palette: \(error)")
                return .failure
            }
        case .css:
            Output.standardOutput.write(PaletteCSS.stylesheet(appearance: fixedAppearance(preference)))
        case .preview:
            let terminal = Terminal.current(colorMode: colorMode, environment: environment)
            let capability = terminal.colorCapability(for: .standardOutput, environment: environment)
            // Only a preview that will be coloured is worth the terminal round trip.
            let resolution = AppearanceResolver.resolve(preference, environment: environment) {
                capability == .noColor ? nil : TerminalBackgroundQuery.run(environment: environment)
            }
            let preview = TokensPreview(
                isStyled: terminal.allowsColor(on: .standardOutput), capability: capability,
                resolution: resolution, width: terminal.width)
            Output.standardOutput.write(preview.render())
        }
        return .success
    }

    private static func fixedAppearance(_ preference: AppearancePreference) -> Appearance? {
        switch preference {
        case .light: .light
        case .dark: .dark
        case .auto: nil
        }
    }
}

/// The swatch table `veet tokens` prints by default.
struct TokensPreview {
    /// False for a pipe or `--color never`: plain text, no escapes at all.
    let isStyled: Bool
    /// What the colours may use when styled (`.noColor`: attributes only).
    let capability: ColorCapability
    let resolution: AppearanceResolver.Resolution
    let width: Int
    var palette = Palette.a2

    private static let nameWidth = 16
    private static let valueWidth = 24
    private static let swatch = "    "

    func render() -> String {
        var lines = [heading(), ""]
        lines.append(header())
        for token in ColorToken.allCases {
            lines.append(row(token))
        }
        lines.append("")
        lines.append(styled(TypeRole.title.style, "Type roles"))
        for role in TypeRole.allCases {
            lines.append("  " + pad(role.rawValue, Self.nameWidth) + pad(describe(role.style), Self.valueWidth)
                         + styled(role.style, "The quick brown fox"))
        }
        lines.append("")
        lines.append(styled(TypeRole.title.style, "CLI roles"))
        let cli = Style(isEnabled: isStyled, capability: capability, appearance: resolution.appearance)
        for role in StyleRole.allCases {
            lines.append("  " + pad(role.rawValue, Self.nameWidth) + pad(describe(role.textStyle), Self.valueWidth)
                         + cli.apply(role, "Waiting for your approval"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func heading() -> String {
        let source = switch resolution.source {
        case .preference: "as asked"
        case .terminalQuery: "from the terminal's background"
        case .colorFGBG: "from COLORFGBG"
        case .fallback: "the default"
        }
        let colours = switch (isStyled, capability) {
        case (false, _): "plain text"
        case (true, .noColor): "no colour (attributes only)"
        case (true, .ansi16): "16 colours"
        case (true, .ansi256): "256 colours"
        case (true, .trueColor): "24-bit colour"
        }
        return styled(TypeRole.display.style, "\(palette.name) palette")
            + " · \(resolution.appearance.rawValue) appearance (\(source)) · \(colours)"
    }

    private func header() -> String {
        func column(_ appearance: Appearance) -> String {
            let label = appearance.rawValue + (appearance == resolution.appearance ? " (in use)" : "")
            return pad(label, swatchWidth + Self.valueWidth)
        }
        let used = 2 + Self.nameWidth + 2 * (swatchWidth + Self.valueWidth)
        let line = "  " + pad("token", Self.nameWidth) + column(.light) + column(.dark)
        return styled(TypeRole.caption.style, line + purposeText("purpose", after: used))
    }

    private func row(_ token: ColorToken) -> String {
        var line = "  " + pad(token.rawValue, Self.nameWidth)
        var plainWidth = 2 + Self.nameWidth
        for appearance in Appearance.allCases {
            let resolved = palette.resolved(token, in: appearance)
            if swatchWidth > 0, let background = TerminalColor(resolved, capability: capability).backgroundParameters {
                line += SGR.sequence([background]) + Self.swatch + SGR.reset + " "
            }
            line += pad(valueText(palette.color(token, in: appearance), resolved: resolved), Self.valueWidth)
            plainWidth += swatchWidth + Self.valueWidth
        }
        return line + purposeText(token.purpose, after: plainWidth)
    }

    /// `#0e8b78`, or for a translucent token `ink 5 % → #f0f0eb`.
    private func valueText(_ color: TokenColor, resolved: RGB) -> String {
        guard !color.isOpaque else { return color.base.hex }
        let base = color.baseToken?.rawValue ?? color.base.hex
        return "\(base) \(color.percentText) % → \(resolved.hex)"
    }

    /// The purpose column comes last; on a narrow terminal it is cut short
    /// (or left out) so each row stays on one line.
    private func purposeText(_ purpose: String, after used: Int) -> String {
        let room = width - used
        if purpose.count <= room { return purpose }
        return room >= 12 ? String(purpose.prefix(room - 1)) + "…" : ""
    }

    /// `bold`, `tealText`, `bold + red`, `italic on field`, `plain`.
    private func describe(_ style: TextStyle) -> String {
        var parts = style.attributes.names
        if let foreground = style.foreground { parts.append(foreground.rawValue) }
        var text = parts.isEmpty ? "plain" : parts.joined(separator: " + ")
        if let background = style.background { text += " on \(background.rawValue)" }
        return text
    }

    private var swatchWidth: Int { isStyled && capability != .noColor ? Self.swatch.count + 1 : 0 }

    private func styled(_ style: TextStyle, _ text: String) -> String {
        guard isStyled else { return text }
        return style.apply(text, capability: capability, appearance: resolution.appearance, palette: palette)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
