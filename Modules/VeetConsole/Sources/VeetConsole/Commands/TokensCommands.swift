import Foundation
import VeetTokens

/// `tokens [--format preview|json|css] [--appearance light|dark|auto]`: the design
/// palette as a swatch table, as data, or as CSS variables. Design tokens have no
/// server side, so this command group lives in the kit that draws them; an app
/// registers it with one line and hands in its environment.
public struct TokensCommands: CommandGroup {
    public enum Format: String, CaseIterable, Sendable {
        case preview, json, css
    }

    static let format = ValueOption("format", valueName: "format", help: "preview, json or css (default preview).")
    static let appearance = ValueOption("appearance", valueName: "appearance", help: "light, dark or auto (default auto).")

    public static let spec = CommandSpec(
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
        options: [format.spec, appearance.spec])

    /// Where COLORFGBG, TERM and the colour variables are read.
    let environment: [String: String]
    /// Asks the terminal for its background (`--appearance auto` on a coloured preview); nil: no answer.
    let askBackground: @Sendable ([String: String]) -> RGB?

    public init(environment: [String: String],
                askBackground: @escaping @Sendable ([String: String]) -> RGB? = { TerminalBackgroundQuery.run(environment: $0) }) {
        self.environment = environment
        self.askBackground = askBackground
    }

    /// A usage mistake is told on stderr alone (no `--json` error object), as `tokens` always did.
    public func run(_ command: ParsedCommand, console: Console) async throws -> ExitCode {
        let format: Format
        let preference: AppearancePreference
        do throws(UsageError) {
            let chosen = try command.choice(Self.format.spec.long, as: Format.self)
            if console.json, let chosen, chosen != .json {
                console.err.writeLine(
                    "\(console.programName): --json asks for JSON but --format asks for \(chosen.rawValue); give one of them")
                return .usage
            }
            format = console.json ? .json : (chosen ?? .preview)
            preference = try command.choice(Self.appearance.spec.long, as: AppearancePreference.self) ?? .auto
        } catch {
            console.err.writeLine(error.report(programName: console.programName))
            return .usage
        }

        switch format {
        case .json:
            do {
                try JSONOutput.print(PaletteDocument(), layout: .pretty, to: console.out)
            } catch {
                console.err.writeLine("\(console.programName): could not encode the palette: \(error)")
                return .failure
            }
        case .css:
            console.out.write(PaletteCSS.stylesheet(appearance: Self.fixedAppearance(preference)))
        case .preview:
            let terminal = console.terminal
            let capability = terminal.colorCapability(for: .standardOutput, environment: environment)
            // Only a preview that will be coloured is worth the terminal round trip.
            let resolution = AppearanceResolver.resolve(preference, environment: environment) {
                capability == .noColor ? nil : askBackground(environment)
            }
            let preview = TokensPreview(
                isStyled: terminal.allowsColor(on: .standardOutput), capability: capability,
                resolution: resolution, width: terminal.width)
            console.out.write(preview.render())
        }
        return .success
    }

    static func fixedAppearance(_ preference: AppearancePreference) -> Appearance? {
        switch preference {
        case .light: .light
        case .dark: .dark
        case .auto: nil
        }
    }
}

/// The swatch table `tokens` prints by default.
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
