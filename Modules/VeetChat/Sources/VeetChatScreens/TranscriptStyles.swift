import VeetChat
import VeetCurses
import VeetTokens

/// Styles of the transcript, by token role.
public enum TranscriptStyles {
    public static let page = TextStyle(foreground: .ink, background: .paper)
    public static let owner = TextStyle(foreground: .ink, background: .tealWash)
    /// The capsule's rounded ends: the wash as ink on paper.
    public static let ownerEnd = TextStyle(foreground: .tealWash, background: .paper)
    /// The small teal mark before an answer.
    public static let answerMark = TextStyle(attributes: .bold, foreground: .teal, background: .paper)
    public static let tool = TextStyle(foreground: .inkSoft, background: .paper)
    public static let ledger = TextStyle(foreground: .inkSoft, background: .paperDeep)
    public static let ledgerHeading = TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep)
    public static let ledgerNote = TextStyle(foreground: .inkFaint, background: .paperDeep)
    public static let ledgerError = TextStyle(foreground: .red, background: .paperDeep)
    public static let artifact = TextStyle(attributes: .underline, foreground: .tealText, background: .paper)
    public static let faint = TextStyle(attributes: .faint, foreground: .inkFaint, background: .paper, substitute: .faint)
    public static let attention = TextStyle(attributes: .bold, foreground: .amberText, background: .paper)
    public static let failure = TextStyle(attributes: .bold, foreground: .red, background: .paper)
    public static let cursor = TextStyle(attributes: .bold, foreground: .teal, background: .paper)
}

/// Where the owner has moved inside rows: a tall ledger's first line shown,
/// and how many columns a message's wide code blocks and tables are moved
/// sideways, by entry id. The layout clamps both (`TranscriptRowCache.extent`).
public struct TranscriptOffsets: Equatable, Sendable {
    public var ledger: [String: Int] = [:]
    public var sideways: [String: Int] = [:]

    public init(ledger: [String: Int] = [:], sideways: [String: Int] = [:]) {
        self.ledger = ledger
        self.sideways = sideways
    }
}

/// How far a laid entry can move: its ledger's lines and window, its wide blocks' reach.
public struct RowExtent: Equatable, Sendable {
    public var ledgerTotal = 0
    public var ledgerHeight = 0
    public var maxSideways = 0

    public init(ledgerTotal: Int = 0, ledgerHeight: Int = 0, maxSideways: Int = 0) {
        self.ledgerTotal = ledgerTotal
        self.ledgerHeight = ledgerHeight
        self.maxSideways = maxSideways
    }

    public var maxLedgerOffset: Int { ToolLedger.maxOffset(total: ledgerTotal, height: ledgerHeight) }
}

/// What one transcript row stands for, so the cursor can act on it.
public enum RowTarget: Sendable, Hashable {
    case entry(String)
    case artifact(FileReference)
    case status
}
