/// The typographic roles of the design, translated to a terminal, which
/// has one face and one size: weight and attributes carry the hierarchy.
public enum TypeRole: String, Sendable, CaseIterable, Codable {
    /// The serif display face of the native app: page and sheet titles.
    case display
    /// Section and card titles.
    case title
    /// Running text.
    case body
    /// Metadata: dates, counts, hints.
    case caption
    /// Tool detail and code: the monospaced face in the native app.
    case code

    /// display = bold; title = underline (marked, lighter than display);
    /// body = nothing; caption = faint; code = italic on the `field` well
    /// (the well shows from 256 colours up; at 16 colours or none, italic
    /// alone sets code apart, since the terminal is already monospaced).
    public var style: TextStyle {
        switch self {
        case .display: TextStyle(attributes: .bold)
        case .title: TextStyle(attributes: .underline)
        case .body: TextStyle()
        case .caption: TextStyle(attributes: .faint)
        case .code: TextStyle(attributes: .italic, background: .field)
        }
    }
}
