/// When Undo is offered for a synthesis operation (docs/wire/memory.md §6): a committed
/// merge that still has content and rests on two or more distinct beliefs.
public enum UndoGate {
    public enum Refusal: Sendable, Hashable, CustomStringConvertible {
        case notAMerge
        case notCommitted
        case withdrawn
        case fewerThanTwoSources

        public var description: String {
            switch self {
            case .notAMerge: "only a merge of equivalent memories can be undone."
            case .notCommitted: "only a committed merge can be undone."
            case .withdrawn: "its merged memory was withdrawn."
            case .fewerThanTwoSources: "it rests on fewer than two memories."
            }
        }
    }

    /// Nil when Undo may be offered; otherwise why not.
    public static func refusal(for operation: SynthesisOperation) -> Refusal? {
        guard operation.kind == .merge else { return .notAMerge }
        guard operation.state == .committed else { return .notCommitted }
        guard operation.content != nil else { return .withdrawn }
        guard Set(operation.sources.map(\.beliefID)).count >= 2 else { return .fewerThanTwoSources }
        return nil
    }

    public static func offersUndo(_ operation: SynthesisOperation) -> Bool { refusal(for: operation) == nil }
}
