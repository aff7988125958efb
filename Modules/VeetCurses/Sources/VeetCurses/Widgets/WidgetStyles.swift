import VeetTokens

/// The token roles widgets paint with, in one place so the app can adjust
/// them and tests can name them.
public struct WidgetStyles: Sendable, Hashable {
    public var page = TextStyle(foreground: .ink, background: .paper)
    public var sidebar = TextStyle(foreground: .ink, background: .paperDeep)
    public var sectionHeader = TextStyle(attributes: .bold, foreground: .inkFaint, background: .paperDeep, substitute: .faint)
    public var selectedRow = TextStyle(foreground: .ink, background: .selected, substitute: .reverse)
    public var caption = TextStyle(attributes: .faint, foreground: .inkFaint, substitute: .faint)
    public var card = TextStyle(foreground: .ink, background: .surface)
    public var border = TextStyle(foreground: .hairlineStrong, background: .surface)
    public var title = TextStyle(attributes: .bold, foreground: .ink, background: .surface)
    public var button = TextStyle(foreground: .inkSoft, background: .field)
    public var focusedButton = TextStyle(attributes: .bold, foreground: .paper, background: .tealFill, substitute: .reverse)
    public var destructiveButton = TextStyle(attributes: .bold, foreground: .paper, background: .red, substitute: .reverse)
    public var input = TextStyle(foreground: .ink, background: .field)
    public var placeholder = TextStyle(attributes: .faint, foreground: .inkFaint, background: .field, substitute: .faint)
    public var statusBar = TextStyle(foreground: .inkSoft, background: .paperDeep)
    public var keyName = TextStyle(attributes: .bold, foreground: .tealText, background: .surface)
    public var attention = TextStyle(attributes: .bold, foreground: .amberText)

    public init() {}

    public static let standard = WidgetStyles()
}
