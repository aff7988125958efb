import Testing
import VeetTokens

/// The design's token table (docs/tokens.md, The palette), typed in again here on purpose: a typo
/// in the palette source or in this copy makes the two disagree.
/// Notation: `#rrggbb` opaque; `token@alpha` = that token (same appearance)
/// at that opacity; `#rrggbb@alpha` = a literal colour at that opacity.
private let seedTable: [(token: String, light: String, dark: String)] = [
    ("paper", "#fcfaf6", "#0c211d"),
    ("paperDeep", "#f3f0e8", "#091a17"),
    ("surface", "#ffffff", "#14302a"),
    ("field", "ink@0.05", "ink@0.08"),
    ("ink", "#102923", "#ece6d8"),
    ("inkSoft", "#2f4640", "#bccbc5"),
    ("inkFaint", "#566a64", "#95a8a1"),
    ("teal", "#0e8b78", "#36d5bb"),
    ("tealFill", "#0b7a69", "#36d5bb"),
    ("tealText", "#086657", "#5ee3c9"),
    ("tealWash", "teal@0.10", "teal@0.12"),
    ("amber", "#e0a23a", "#f2a93b"),
    ("amberText", "#7a4a0e", "#f2a93b"),
    ("amberLine", "#c9801a@0.55", "#f2a93b@0.50"),  // rgba(201,128,26,.55)
    ("amberWash", "#f2a93b@0.12", "#f2a93b@0.10"),  // rgba(242,169,59,.12)
    ("red", "#b4452e", "#e07a62"),
    ("hairline", "ink@0.14", "ink@0.10"),
    ("hairlineStrong", "ink@0.28", "ink@0.22"),
    ("selected", "ink@0.09", "ink@0.12"),
]

private func expectedHex(_ token: String, _ appearance: Appearance) -> String {
    let row = seedTable.first { $0.token == token }!
    return appearance == .light ? row.light : row.dark
}

@Suite struct SeedTableTests {
    @Test func thePaletteHasExactlyTheSeedsTokens() {
        #expect(ColorToken.allCases.map(\.rawValue) == seedTable.map(\.token))
    }

    @Test(arguments: Appearance.allCases)
    func everyTokenMatchesTheSeed(appearance: Appearance) {
        for row in seedTable {
            let token = ColorToken(rawValue: row.token)!
            let actual = Palette.a2.color(token, in: appearance)
            let notation = appearance == .light ? row.light : row.dark
            let parts = notation.split(separator: "@")
            if parts.count == 1 {
                #expect(actual.isOpaque, "\(row.token) \(appearance)")
                #expect(actual.base.hex == notation, "\(row.token) \(appearance)")
            } else {
                let alpha = Double(parts[1])!
                #expect(actual.alpha == alpha, "\(row.token) \(appearance)")
                if parts[0].hasPrefix("#") {
                    #expect(actual.base.hex == String(parts[0]), "\(row.token) \(appearance)")
                } else {
                    #expect(actual.baseToken?.rawValue == String(parts[0]), "\(row.token) \(appearance)")
                    #expect(actual.base.hex == expectedHex(String(parts[0]), appearance), "\(row.token) \(appearance)")
                }
            }
        }
    }

    @Test func translucentTokensAreWordedAsTheTableWordsThem() {
        #expect(Palette.a2.color(.field, in: .light).designNotation == "ink at 5 %")
        #expect(Palette.a2.color(.tealWash, in: .dark).designNotation == "teal at 12 %")
        #expect(Palette.a2.color(.amberLine, in: .light).designNotation == "rgba(201, 128, 26, 0.55)")
        #expect(Palette.a2.color(.amberWash, in: .light).css == "rgba(242, 169, 59, 0.12)")
        #expect(Palette.a2.color(.teal, in: .light).designNotation == "#0e8b78")
    }
}
