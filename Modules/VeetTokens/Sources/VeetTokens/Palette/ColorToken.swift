/// The semantic colour roles. Code names a role ("what needs the owner"),
/// never a colour; the palette decides what the role looks like in each
/// appearance.
public enum ColorToken: String, Sendable, CaseIterable, Codable {
    case paper, paperDeep, surface, field
    case ink, inkSoft, inkFaint
    case teal, tealFill, tealText, tealWash
    case amber, amberText, amberLine, amberWash
    case red
    case hairline, hairlineStrong, selected

    /// What the role is for, in the design table's words.
    public var purpose: String {
        switch self {
        case .paper: "the page: transcript and reading surfaces"
        case .paperDeep: "the sidebar and the mode bar"
        case .surface: "a card on the page"
        case .field: "a sunken input or segment"
        case .ink: "text, full weight"
        case .inkSoft: "text, soft weight"
        case .inkFaint: "text, faint weight"
        case .teal: "marks"
        case .tealFill: "filled buttons"
        case .tealText: "links"
        case .tealWash: "the owner's capsule"
        case .amber: "what needs the owner: a dot"
        case .amberText: "what needs the owner: a line of text"
        case .amberLine: "what needs the owner: a card border"
        case .amberWash: "what needs the owner: a wash"
        case .red: "failure"
        case .hairline: "dividers"
        case .hairlineStrong: "borders"
        case .selected: "the chosen row"
        }
    }

    /// Greys and page tones. Terminal themes disagree most about their 16
    /// basic colours' greys and default background, so at 16 colours these
    /// roles are not painted (see `TextStyle`).
    public var isNeutral: Bool {
        switch self {
        case .teal, .tealFill, .tealText, .tealWash, .amber, .amberText, .amberLine, .amberWash, .red: false
        default: true
        }
    }
}
