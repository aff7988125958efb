import Foundation
import VeetPeople
import VeetTransport

/// History imports for the People screen: list, preview, apply, resume,
/// cancel, and the job followed while it runs.
extension Backend {
    enum ImportAction: Sendable {
        case list, preview(ImportScope), apply(ImportJob), resume(ImportJob, maxCostUSD: Decimal), cancel(ImportJob)
    }

    func importAction(_ action: ImportAction) -> Task<Void, Never> {
        Task {
            do {
                switch action {
                case .list:
                    inbox.post(.people(.imports(try await people.imports())))
                case .preview(let scope):
                    inbox.post(.people(.importPreview(try await auditedPeopleAPI().previewImport(scope))))
                case .apply(let preview):
                    try await follow(try await auditedPeopleAPI().applyImport(preview))
                case .resume(let job, let cap):
                    try await follow(try await auditedPeopleAPI().resumeImport(job, maxCostUSD: cap))
                case .cancel(let job):
                    inbox.post(.people(.importJob(try await auditedPeopleAPI().cancelImport(job))))
                }
            } catch let refused as ImportScopeError {
                inbox.post(.people(.importRefused("Not started: " + refused.problems.joined(separator: " "))))
            } catch {
                if case .writesDenied? = PeopleError.from(error, isWrite: true) { inbox.post(.people(.writesDenied)) }
                let meaning = PeopleError.from(error, isWrite: true).map(\.description) ?? Self.describe(error)
                inbox.post(.people(.importRefused("Not done: \(meaning)")))
                if case .list = action {} else { _ = importAction(.list) }
            }
        }
    }

    /// Posts the job, then reads it again every half second while it is active.
    private func follow(_ started: ImportJob) async throws {
        var job = started
        inbox.post(.people(.importJob(job)))
        for _ in 0..<240 where job.state.isActive {
            try await Task.sleep(for: .milliseconds(500))
            job = try await people.importJob(id: job.id)
            inbox.post(.people(.importJob(job)))
        }
    }
}
