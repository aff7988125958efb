import Foundation
import Testing
import VeetTokens

@Suite struct TextStyleTests {
    @Test func typographyRolesMapToAttributes() {
        #expect(TypeRole.display.style.attributes == .bold)
        #expect(TypeRole.title.style.attributes == .underline)
        #expect(TypeRole.body.style == TextStyle())
        #expect(TypeRole.caption.style.attributes == .faint)
        #expect(TypeRole.code.style.attributes == .italic)
        #expect(TypeRole.code.style.background == .field)
        let renderings = Set(TypeRole.allCases.map { $0.style.sgrParameters(capability: .noColor, appearance: .dark) })
        #expect(renderings.count == TypeRole.allCases.count)
    }

    @Test func coloursFollowCapabilityAndAppearance() {
        let failure = TextStyle(attributes: .bold, foreground: .red)
        #expect(failure.sgrParameters(capability: .trueColor, appearance: .light) == "1;38;2;180;69;46")
        #expect(failure.sgrParameters(capability: .trueColor, appearance: .dark) == "1;38;2;224;122;98")
        #expect(failure.sgrParameters(capability: .ansi16, appearance: .light) == "1;31")
        #expect(failure.sgrParameters(capability: .ansi16, appearance: .dark) == "1;91")
        #expect(failure.sgrParameters(capability: .noColor, appearance: .dark) == "1")
        let index = XtermColors.nearest256(to: RGB(hex: "#b4452e")!)
        #expect(failure.sgrParameters(capability: .ansi256, appearance: .light) == "1;38;5;\(index)")
    }

    @Test func neutralColoursGiveWayToTheSubstituteAtSixteenColours() {
        let faintText = TextStyle(foreground: .inkFaint, substitute: .faint)
        #expect(faintText.sgrParameters(capability: .ansi16, appearance: .dark) == "2")
        #expect(faintText.sgrParameters(capability: .noColor, appearance: .dark) == "2")
        #expect(faintText.sgrParameters(capability: .trueColor, appearance: .dark) == "38;2;149;168;161")
        let code = TypeRole.code.style
        #expect(code.sgrParameters(capability: .ansi16, appearance: .light) == "3")
        #expect(code.sgrParameters(capability: .trueColor, appearance: .light) == "3;48;2;240;240;235")
    }

    @Test func applyWrapsOnlyWhenThereIsSomethingToSet() {
        #expect(TextStyle().apply("x", capability: .trueColor, appearance: .dark) == "x")
        #expect(TypeRole.display.style.apply("x", capability: .noColor, appearance: .dark) == "\u{1B}[1mx\u{1B}[0m")
        #expect(TypeRole.display.style.apply("", capability: .trueColor, appearance: .dark) == "")
    }
}

@Suite struct ExportTests {
    private func jsonObject() throws -> [String: Any] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(PaletteDocument())
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func jsonCarriesEveryTokenInBothAppearances() throws {
        let object = try jsonObject()
        #expect(Set(object.keys) == ["palette", "order", "tokens", "typography"])
        #expect(object["palette"] as? String == "A2 Dock")
        #expect(object["order"] as? [String] == ColorToken.allCases.map(\.rawValue))
        let tokens = try #require(object["tokens"] as? [String: [String: Any]])
        #expect(tokens.count == 19)
        let paper = try #require(tokens["paper"])
        #expect(Set(paper.keys) == ["purpose", "light", "dark"])
        let paperLight = try #require(paper["light"] as? [String: Any])
        #expect(Set(paperLight.keys) == ["css", "base", "alpha", "resolved"])
        #expect(paperLight["css"] as? String == "#fcfaf6")
        #expect(paperLight["alpha"] as? Double == 1)
        let field = try #require((tokens["field"]?["light"]) as? [String: Any])
        #expect(field["css"] as? String == "rgba(16, 41, 35, 0.05)")
        #expect(field["base"] as? String == "#102923")
        #expect(field["alpha"] as? Double == 0.05)
        #expect(field["baseToken"] as? String == "ink")
        #expect(field["resolved"] as? String == "#f0f0eb")
    }

    @Test func jsonCarriesTheTypographyRoles() throws {
        let typography = try #require(try jsonObject()["typography"] as? [String: [String: Any]])
        #expect(Set(typography.keys) == Set(TypeRole.allCases.map(\.rawValue)))
        #expect(typography["display"]?["attributes"] as? [String] == ["bold"])
        #expect(typography["code"]?["background"] as? String == "field")
    }

    @Test func cssDeclaresLightOnRootAndDarkUnderTheMediaQuery() {
        let css = PaletteCSS.stylesheet()
        let declarations = css.split(separator: "\n").filter { $0.contains("--veet-") }
        #expect(declarations.count == 2 * ColorToken.allCases.count)
        #expect(css.contains(":root {\n  color-scheme: light dark;\n  --veet-paper: #fcfaf6;"))
        #expect(css.contains("@media (prefers-color-scheme: dark) {\n  :root {"))
        #expect(css.contains("    --veet-paper: #0c211d;"))
        #expect(css.contains("  --veet-paper-deep: #f3f0e8;"))
        #expect(css.contains("  --veet-amber-line: rgba(201, 128, 26, 0.55);"))
        #expect(css.contains("    --veet-hairline-strong: rgba(236, 230, 216, 0.22);"))
    }

    @Test func cssForOneAppearanceHasNoMediaQuery() {
        let css = PaletteCSS.stylesheet(appearance: .dark)
        #expect(!css.contains("@media"))
        #expect(css.contains("  color-scheme: dark;\n  --veet-paper: #0c211d;"))
        #expect(css.split(separator: "\n").filter { $0.contains("--veet-") }.count == ColorToken.allCases.count)
        #expect(PaletteCSS.propertyName(.hairlineStrong) == "--veet-hairline-strong")
    }
}
