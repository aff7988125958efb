import Foundation
import VeetTransport

/// What the memory list asks for (docs/wire/memory.md §3). Empty sets and nils are left
/// out of the query: no status means the server's live set, no `flagged` both.
public struct MemoryFilter: Sendable, Hashable {
    public var statuses: Set<BeliefStatus>
    public var types: Set<BeliefType>
    public var subject: String?
    public var sessionID: String?
    public var text: String?
    /// True: only the review queue ("Needs review"); false: only unflagged.
    public var flagged: Bool?
    public var includeDerived: Bool

    public init(statuses: Set<BeliefStatus> = [], types: Set<BeliefType> = [], subject: String? = nil,
                sessionID: String? = nil, text: String? = nil, flagged: Bool? = nil, includeDerived: Bool = false) {
        self.statuses = statuses
        self.types = types
        self.subject = subject
        self.sessionID = sessionID
        self.text = text
        self.flagged = flagged
        self.includeDerived = includeDerived
    }

    /// The "Needs review" collection.
    public static let needsReview = MemoryFilter(flagged: true)

    var query: [URLQueryItem] {
        var items = statuses.map(\.rawValue).sorted().map { URLQueryItem(name: "status", value: $0) }
        items += types.map(\.rawValue).sorted().map { URLQueryItem(name: "belief_type", value: $0) }
        if let subject { items.append(URLQueryItem(name: "subject", value: subject)) }
        if let sessionID { items.append(URLQueryItem(name: "session_id", value: sessionID)) }
        if let text, !text.isEmpty { items.append(URLQueryItem(name: "text", value: text)) }
        if let flagged { items.append(URLQueryItem(name: "flagged", value: flagged ? "true" : "false")) }
        if includeDerived { items.append(URLQueryItem(name: "include_derived", value: "true")) }
        return items
    }

    /// Whether `record` still belongs in a list read with this filter, judged
    /// on what the client can see. Text search is the server's to judge: a
    /// record already in the list is kept.
    public func admits(_ record: MemoryRecord) -> Bool {
        if statuses.isEmpty ? !record.status.isLive : !statuses.contains(record.status) { return false }
        if let flagged, record.flaggedForReview != flagged { return false }
        guard case .belief(let belief) = record else { return true }
        if !types.isEmpty, !types.contains(belief.beliefType) { return false }
        if let subject, belief.subject != subject { return false }
        if let sessionID, belief.sourceSessionID != sessionID { return false }
        return true
    }
}
