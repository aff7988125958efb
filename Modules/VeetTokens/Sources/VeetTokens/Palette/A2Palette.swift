/// The "A2 Dock" palette: the one place where the design's colours are
/// written down (the table in docs/tokens.md, The palette). Every other part of VeetKit
/// names a `ColorToken` and asks a `Palette` for it.
///
/// Translucent values stay translucent here, as the table states them
/// ("ink at 5 %"); their opaque form is computed over the same
/// appearance's paper by `Palette.resolved(_:in:)`.
extension Palette {
    public static let a2 = Palette(name: "A2 Dock", light: a2Light, dark: a2Dark)

    private static func hex(_ text: String) -> RGB {
        guard let color = RGB(hex: text) else { preconditionFailure("bad palette literal \(text)") }
        return color
    }

    private static func solid(_ text: String) -> TokenColor {
        TokenColor(base: hex(text))
    }

    private static let a2Light: [ColorToken: TokenColor] = {
        let ink = hex("#102923")
        let teal = hex("#0e8b78")
        return [
            .paper: solid("#fcfaf6"),
            .paperDeep: solid("#f3f0e8"),
            .surface: solid("#ffffff"),
            .field: TokenColor(base: ink, alpha: 0.05, baseToken: .ink),
            .ink: TokenColor(base: ink),
            .inkSoft: solid("#2f4640"),
            .inkFaint: solid("#566a64"),
            .teal: TokenColor(base: teal),
            .tealFill: solid("#0b7a69"),
            .tealText: solid("#086657"),
            .tealWash: TokenColor(base: teal, alpha: 0.10, baseToken: .teal),
            .amber: solid("#e0a23a"),
            .amberText: solid("#7a4a0e"),
            .amberLine: TokenColor(base: RGB(red: 201, green: 128, blue: 26), alpha: 0.55),
            .amberWash: TokenColor(base: RGB(red: 242, green: 169, blue: 59), alpha: 0.12),
            .red: solid("#b4452e"),
            .hairline: TokenColor(base: ink, alpha: 0.14, baseToken: .ink),
            .hairlineStrong: TokenColor(base: ink, alpha: 0.28, baseToken: .ink),
            .selected: TokenColor(base: ink, alpha: 0.09, baseToken: .ink),
        ]
    }()

    private static let a2Dark: [ColorToken: TokenColor] = {
        let ink = hex("#ece6d8")
        let teal = hex("#36d5bb")
        let amber = hex("#f2a93b")
        return [
            .paper: solid("#0c211d"),
            .paperDeep: solid("#091a17"),
            .surface: solid("#14302a"),
            .field: TokenColor(base: ink, alpha: 0.08, baseToken: .ink),
            .ink: TokenColor(base: ink),
            .inkSoft: solid("#bccbc5"),
            .inkFaint: solid("#95a8a1"),
            .teal: TokenColor(base: teal),
            .tealFill: solid("#36d5bb"),
            .tealText: solid("#5ee3c9"),
            .tealWash: TokenColor(base: teal, alpha: 0.12, baseToken: .teal),
            .amber: TokenColor(base: amber),
            .amberText: solid("#f2a93b"),
            .amberLine: TokenColor(base: amber, alpha: 0.50, baseToken: .amber),
            .amberWash: TokenColor(base: amber, alpha: 0.10, baseToken: .amber),
            .red: solid("#e07a62"),
            .hairline: TokenColor(base: ink, alpha: 0.10, baseToken: .ink),
            .hairlineStrong: TokenColor(base: ink, alpha: 0.22, baseToken: .ink),
            .selected: TokenColor(base: ink, alpha: 0.12, baseToken: .ink),
        ]
    }()
}
