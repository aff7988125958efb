/// Messages the owner sent while the agent was still working, waiting their
/// turn: the oldest goes when the run ends, one per run, in the order typed.
/// Each can be taken back before it goes. A plain value, so every frontend
/// keeps the same order and limit; it holds words only (never on disk: taken
/// back, or handed to the composer's draft when the conversation is left).
public struct MessageQueue: Sendable, Equatable {
    public struct Entry: Sendable, Equatable, Identifiable {
        /// Local to this queue, never reused while it lives.
        public let id: Int
        public let text: String
    }

    /// How many may wait at once: enough for a train of thought, few enough to read at a glance.
    public static let limit = 9

    public private(set) var entries: [Entry] = []
    private var lastID = 0

    public init() {}

    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }
    public var isFull: Bool { entries.count >= Self.limit }

    /// Adds `text` behind the others; nil (nothing added) when blank or when the queue is full.
    @discardableResult
    public mutating func enqueue(_ text: String) -> Entry? {
        guard !isFull, !text.allSatisfy(\.isWhitespace) else { return nil }
        lastID += 1
        let entry = Entry(id: lastID, text: text)
        entries.append(entry)
        return entry
    }

    /// The next to send (the oldest), taken off the queue.
    public mutating func takeNext() -> Entry? {
        entries.isEmpty ? nil : entries.removeFirst()
    }

    /// Takes one back (cancelled, or to be edited); nil when it is no longer waiting.
    @discardableResult
    public mutating func takeBack(id: Int) -> Entry? {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return nil }
        return entries.remove(at: index)
    }

    /// Everything still waiting, oldest first, as one text (a line between messages) with
    /// `kept` (what the composer held) first: what a composer shows when the queue is given
    /// back, so no word is lost. Empties the queue.
    public mutating func giveBack(joinedAfter kept: String) -> String {
        let words = ([kept] + entries.map(\.text)).filter { !$0.isEmpty }.joined(separator: "\n")
        entries = []
        return words
    }

    /// The position (1-based) of the entry with `id`, for "2 of 3".
    public func position(of id: Int) -> Int? {
        entries.firstIndex { $0.id == id }.map { $0 + 1 }
    }
}
