import Foundation
import VeetMemory
import VeetTransport

/// What the Memory screen's calls report.
enum MemoryUpdate: Sendable {
    /// Which families and writes the server offers (read once when the screen opens).
    case access(MemoryAccess)
    /// The records for `filter`: an answer for a filter the screen no longer shows is dropped.
    case listed([MemoryRecord], filter: MemoryFilter)
    /// A review answered: the updated view, placed by `MemoryList`.
    case reviewed(ReviewOutcome, MemoryRecord)
    case deleted(id: String)
    case operations([SynthesisOperation])
    case operation(SynthesisOperation)
    /// A write refused for a reason that hides the writes (403, changes unsupported).
    case writeRefused(any Error)
    case message(String)
}

/// The Memory screen's calls (VeetMemory).
extension Backend {
    var memory: MemoryAPI { MemoryAPI(sender: api.sender) }

    func probeMemory(filter: MemoryFilter) -> Task<Void, Never> {
        let api = memory
        return Task {
            let access = await api.probe()
            inbox.post(.memory(.access(access)))
            guard access.memories.isReadable else { return }
            await listMemories(api, filter)
        }
    }

    func loadMemories(filter: MemoryFilter) -> Task<Void, Never> {
        let api = memory
        return Task { await listMemories(api, filter) }
    }

    private func listMemories(_ api: MemoryAPI, _ filter: MemoryFilter) async {
        do {
            inbox.post(.memory(.listed(try await api.listAll(filter), filter: filter)))
        } catch {
            inbox.post(.memory(.message("Could not read the memories: \(Self.describe(error))")))
        }
    }

    /// One key per press: a retry inside the call reuses it.
    func review(_ outcome: ReviewOutcome, id: String) -> Task<Void, Never> {
        let api = memory
        return Task {
            do {
                inbox.post(.memory(.reviewed(outcome, try await api.review(id: id, outcome))))
            } catch {
                refused(error, doing: "Not done")
            }
        }
    }

    func deleteMemory(id: String) -> Task<Void, Never> {
        let api = memory
        return Task {
            do {
                try await api.delete(id: id)
                inbox.post(.memory(.deleted(id: id)))
            } catch {
                refused(error, doing: "Not deleted")
            }
        }
    }

    func loadOperations() -> Task<Void, Never> {
        let api = memory
        return Task {
            do {
                inbox.post(.memory(.operations(try await api.allOperations())))
            } catch {
                inbox.post(.memory(.message("Could not read the synthesis history: \(Self.describe(error))")))
            }
        }
    }

    /// A 409 shows the operation read back.
    func undo(_ operation: SynthesisOperation) -> Task<Void, Never> {
        let api = memory
        return Task {
            do {
                inbox.post(.memory(.operation(try await api.undo(operation))))
                inbox.post(.memory(.message("Undone: the merged memories are separate again.")))
            } catch let conflict as SynthesisConflict {
                if let current = conflict.current { inbox.post(.memory(.operation(current))) }
                inbox.post(.memory(.message(conflict.description)))
            } catch {
                refused(error, doing: "Not undone")
            }
        }
    }

    private func refused(_ error: any Error, doing: String) {
        let text = (error as? MemoryRuleError)?.description ?? MemoryAccess.writeRefusalWords(error)
            ?? Self.describe(error)
        inbox.post(.memory(.writeRefused(error)))
        inbox.post(.memory(.message("\(doing): \(text)")))
    }
}
