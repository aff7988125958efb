import Foundation
import Synchronization
import VeetChat
import VeetStore

/// Search covers every conversation of the index, not only those opened
/// here: after each reconcile the transcripts search cannot see yet are read
/// in the background (VeetStore's `fillTranscripts`: bounded, newest first),
/// through veetd when it runs and watches this connection, else directly.
/// The count still missing reaches the sidebar ("N conversations not yet
/// searchable"). Nothing here waits on the main loop: typing goes on.
extension Backend {
    /// Starts a fill unless one is running.
    func fillSearchableTranscripts() {
        transcriptFiller.start { [self] in
            await fillRounds()
        }
    }

    private func fillRounds() async {
        // An in-memory store is not the file veetd fills.
        var throughDaemon = !store.database.isInMemory
        var coverage = postCoverage()
        while !Task.isCancelled, !((try? store.sessionsNeedingTranscript(limit: 1).isEmpty) ?? true) {
            if throughDaemon, await daemon.fillTranscripts() {
                let after = postCoverage()
                if after != coverage {
                    coverage = after
                    continue
                }
                // veetd read none of ours (its store may be another file): this process reads them.
            }
            throughDaemon = false
            let report = await store.fillTranscripts(from: HTTPStoreSource(sender: api.sender, retry: api.retry),
                                                     limit: Self.directFillRound) { [inbox] in
                inbox.post(.searchCoverage($0))
            }
            coverage = report.coverage
            if report.read == 0 { break }  // the server does not answer: the next reconcile tries again
        }
        _ = postCoverage()
    }

    /// How many transcripts this process reads itself before it looks again (and posts the count).
    static let directFillRound = 64

    @discardableResult
    private func postCoverage() -> SearchCoverage {
        let coverage = (try? store.searchCoverage()) ?? SearchCoverage(notYetSearchable: 0)
        inbox.post(.searchCoverage(coverage))
        return coverage
    }
}

/// The one background fill of a backend: a second start while it runs does
/// nothing; `cancel` stops it (a connection switch, quitting).
final class TranscriptFiller: Sendable {
    private let running = Mutex<Task<Void, Never>?>(nil)

    func start(_ work: @escaping @Sendable () async -> Void) {
        running.withLock { task in
            guard task == nil else { return }
            task = Task.detached(priority: .utility) { [self] in
                await work()
                running.withLock { $0 = nil }
            }
        }
    }

    func cancel() {
        running.withLock { task in
            task?.cancel()
            task = nil
        }
    }
}
