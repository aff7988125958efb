import Foundation

/// One row of the conversation as frontends show it: an item, or several
/// adjacent tool calls folded into one bundle.
public enum TranscriptEntry: Sendable, Hashable, Identifiable {
    case item(TranscriptItem)
    case bundle(ToolBundle)

    public var id: String {
        switch self {
        case .item(let item): item.id
        case .bundle(let bundle): bundle.id
        }
    }
}

/// Adjacent terminal tool calls, across tool names, under one collapsed
/// summary (docs/chat.md, Tool activity: Bundles). Expanding shows `calls`: each with
/// its exact name, arguments, result, status, risk and settled approval.
public struct ToolBundle: Sendable, Hashable, Identifiable {
    /// The id of the first call's item: stable while calls join at the end.
    public var id: String
    public var calls: [ToolActivity]
    /// Settled approvals inside the bundle that the stream tied to no call.
    public var approvals: [ApprovalCard]

    public init(id: String, calls: [ToolActivity], approvals: [ApprovalCard] = []) {
        self.id = id
        self.calls = calls
        self.approvals = approvals
    }

    public var count: Int { calls.count }

    /// How many calls ended each way, in a fixed order (labels with no call are left out).
    public var outcomeCounts: [OutcomeCount] {
        var counts: [ToolOutcomeLabel: Int] = [:]
        for call in calls { if let label = call.outcomeLabel { counts[label, default: 0] += 1 } }
        return ToolOutcomeLabel.allCases.compactMap { label in counts[label].map { OutcomeCount(label: label, count: $0) } }
    }

    /// The highest risk among the calls (and their approvals).
    public var highestRisk: ToolRisk {
        let callRisk = calls.map(\.risk).max() ?? .low
        let approvalRisk = approvals.compactMap(\.risk).max() ?? .low
        return max(callRisk, approvalRisk)
    }

    /// The distinct tool names, in first-call order.
    public var toolNames: [String] {
        var seen: Set<String> = []
        return calls.map(\.name).filter { seen.insert($0).inserted }
    }

    /// The collapsed line: "5 tool calls: 3 succeeded, 1 failed, 1 denied (highest risk: high)".
    public var summary: String {
        let outcomes = outcomeCounts.map { "\($0.count) \($0.label.text)" }.joined(separator: ", ")
        return "\(count) tool calls: \(outcomes) (highest risk: \(highestRisk))"
    }
}

/// A label and how many calls carry it.
public struct OutcomeCount: Sendable, Hashable {
    public var label: ToolOutcomeLabel
    public var count: Int

    public init(label: ToolOutcomeLabel, count: Int) {
        self.label = label
        self.count = count
    }
}

/// Folds transcript items into entries.
///
/// Rules (docs/chat.md, Tool activity: Bundles):
/// - adjacent terminal calls share one bundle whatever their tool names;
/// - a settled approval does not break a bundle, and a call refused at its approval joins as denied;
/// - messages, questions, run outcomes, unknown tool names, queued or running calls, pending
///   approvals, policy denials and uncertain outcomes are boundaries (shown on their own);
/// - a lone bundleable call stays a plain item.
public enum ToolBundler {
    public static func entries(for items: [TranscriptItem]) -> [TranscriptEntry] {
        var entries: [TranscriptEntry] = []
        entries.reserveCapacity(items.count)
        var group: [TranscriptItem] = []
        var groupApprovals: [ApprovalCard] = []

        func flush() {
            if group.count >= 2 {
                entries.append(.bundle(ToolBundle(id: group[0].id, calls: group.compactMap(\.tool),
                                                  approvals: groupApprovals)))
            } else if let only = group.first {
                entries.append(.item(only))
                groupApprovals.forEach { entries.append(.item(approvalItem($0))) }
            }
            group.removeAll(keepingCapacity: true)
            groupApprovals.removeAll()
        }

        for item in items {
            switch item.kind {
            case .tool(let tool) where tool.isBundleable:
                group.append(item)
            case .approval(let card) where card.isSettled:
                // Its call carries the decision; an unattached one rides along with the bundle.
                if card.callID != nil { continue }
                if group.isEmpty { entries.append(.item(item)) } else { groupApprovals.append(card) }
            default:
                flush()
                entries.append(.item(item))
            }
        }
        flush()
        return entries
    }

    private static func approvalItem(_ card: ApprovalCard) -> TranscriptItem {
        TranscriptItem(id: "approval:\(card.approvalID)", position: .live(0), runID: nil, kind: .approval(card))
    }
}
