import Foundation

/// What one `fillTranscripts` call did.
public struct TranscriptFillReport: Sendable, Hashable {
    /// Transcripts read in full and saved.
    public var read = 0
    /// Reads that failed (tried again by a later call, not by this one).
    public var failed = 0
    /// What search could not see when the call ended.
    public var coverage = SearchCoverage(notYetSearchable: 0)

    public init(read: Int = 0, failed: Int = 0, coverage: SearchCoverage = SearchCoverage(notYetSearchable: 0)) {
        self.read = read
        self.failed = failed
        self.coverage = coverage
    }
}

extension LocalStore {
    /// Reads the transcripts search cannot see yet (`sessionsNeedingTranscript`:
    /// never read first, then those active since their last read; newest
    /// first), `concurrency` at a time in batches of `batch`, so search covers
    /// every conversation of the index and not only those opened here. Bounded:
    /// it stops when nothing is due, after `limit` reads were tried, when the
    /// task is cancelled, or when a whole batch failed (the server is not
    /// answering: a later call tries again). A read that failed is not tried
    /// again in the same call. `progress` hears the coverage after each batch.
    public func fillTranscripts(from source: any TranscriptSource, limit: Int = .max, batch: Int = 16,
                                concurrency: Int = 2,
                                progress: @Sendable (SearchCoverage) -> Void = { _ in }) async -> TranscriptFillReport {
        var report = TranscriptFillReport()
        var failedIDs: Set<String> = []
        var tried = 0
        while !Task.isCancelled, tried < limit {
            guard let due = try? sessionsNeedingTranscript(limit: min(batch, limit - tried), skipping: failedIDs),
                  !due.isEmpty else { break }
            tried += due.count
            let (read, failures) = await readTranscripts(due, from: source, concurrency: concurrency)
            failedIDs.formUnion(failures)
            report.read += read
            report.failed += failures.count
            if let coverage = try? searchCoverage() { progress(coverage) }
            if read == 0 { break }
        }
        report.coverage = (try? searchCoverage()) ?? report.coverage
        return report
    }

    /// Reads each transcript, at most `concurrency` at once (none started
    /// after a cancellation); answers how many were read and the ids that failed.
    private func readTranscripts(_ ids: [String], from source: any TranscriptSource,
                                 concurrency: Int) async -> (read: Int, failed: [String]) {
        await withTaskGroup(of: String?.self) { group in
            var next = ids.makeIterator()
            var failed: [String] = []
            var read = 0
            func startOne() {
                guard let id = next.next() else { return }
                group.addTask { (try? await self.cacheTranscript(sessionID: id, from: source)) == nil ? id : nil }
            }
            for _ in 0..<max(1, concurrency) { startOne() }
            while let result = await group.next() {
                if let result { failed.append(result) } else { read += 1 }
                if !Task.isCancelled { startOne() }
            }
            return (read, failed)
        }
    }
}
