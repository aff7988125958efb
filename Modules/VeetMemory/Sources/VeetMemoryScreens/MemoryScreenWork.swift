import Foundation
import VeetCurses
import VeetMemory

/// The work the Memory screen asks for.
public enum MemoryScreenEffect: Sendable, Equatable {
    /// Which families the server offers, then the list for `filter` when memories are readable.
    case probe(MemoryFilter)
    case list(MemoryFilter)
    /// One key per press: a retry inside the call reuses it.
    case review(ReviewOutcome, id: String)
    case delete(id: String)
    case loadOperations
    /// A conflict answers with the operation read back.
    case undo(SynthesisOperation)
}

/// What the Memory screen's work reports.
public enum MemoryScreenResult: Sendable {
    /// Which families and writes the server offers (read once when the screen opens).
    case access(MemoryAccess)
    /// The records for `filter`: an answer for a filter the screen no longer shows is dropped.
    case listed([MemoryRecord], filter: MemoryFilter)
    /// A review answered: the updated view, placed by `MemoryList`.
    case reviewed(ReviewOutcome, MemoryRecord)
    case deleted(id: String)
    case operations([SynthesisOperation])
    case operation(SynthesisOperation)
    /// A write refused for a reason that hides the writes (not allowed, changes unsupported).
    case writeRefused(any Error)
    case message(String)
}

/// Does the Memory screen's work through `MemoryAPI`. `describe` words an
/// error the feature has no words of its own for (the app adds its hints).
public struct MemoryScreenWork: ScreenEffects {
    public typealias Screen = MemoryScreen

    let api: MemoryAPI
    let describe: @Sendable (any Error) -> String

    public init(api: MemoryAPI, describe: @escaping @Sendable (any Error) -> String = { "\($0)" }) {
        self.api = api
        self.describe = describe
    }

    public func run(_ effect: MemoryScreenEffect, report: @escaping @Sendable (MemoryScreenResult) -> Void) async {
        switch effect {
        case .probe(let filter):
            let access = await api.probe()
            report(.access(access))
            guard access.memories.isReadable else { return }
            await list(filter, report)
        case .list(let filter):
            await list(filter, report)
        case .review(let outcome, let id):
            do {
                report(.reviewed(outcome, try await api.review(id: id, outcome)))
            } catch {
                refused(error, doing: "Not done", report)
            }
        case .delete(let id):
            do {
                try await api.delete(id: id)
                report(.deleted(id: id))
            } catch {
                refused(error, doing: "Not deleted", report)
            }
        case .loadOperations:
            do {
                report(.operations(try await api.allOperations()))
            } catch {
                report(.message("Could not read the synthesis history: \(describe(error))"))
            }
        case .undo(let operation):
            do {
                report(.operation(try await api.undo(operation)))
                report(.message("Undone: the merged memories are separate again."))
            } catch let conflict as SynthesisConflict {
                if let current = conflict.current { report(.operation(current)) }
                report(.message(conflict.description))
            } catch {
                refused(error, doing: "Not undone", report)
            }
        }
    }

    private func list(_ filter: MemoryFilter, _ report: @Sendable (MemoryScreenResult) -> Void) async {
        do {
            report(.listed(try await api.listAll(filter), filter: filter))
        } catch {
            report(.message("Could not read the memories: \(describe(error))"))
        }
    }

    private func refused(_ error: any Error, doing: String, _ report: @Sendable (MemoryScreenResult) -> Void) {
        let text = (error as? MemoryRuleError)?.description ?? MemoryAccess.writeRefusalWords(error) ?? describe(error)
        report(.writeRefused(error))
        report(.message("\(doing): \(text)"))
    }
}
