import Foundation
import VeetCurses
import VeetPeople
import VeetTransport

/// History imports for the People screen: list, preview, apply, resume,
/// cancel, and the job followed while it runs.
extension PeopleScreenWork {
    func run(_ action: ImportAction, _ report: @escaping @Sendable (PeopleScreenResult) -> Void) async {
        do {
            switch action {
            case .list:
                report(.imports(try await people.imports()))
            case .preview(let scope):
                report(.importPreview(try await audited().previewImport(scope)))
            case .apply(let preview):
                try await follow(try await audited().applyImport(preview), report)
            case .resume(let job, let cap):
                try await follow(try await audited().resumeImport(job, maxCostUSD: cap), report)
            case .cancel(let job):
                report(.importJob(try await audited().cancelImport(job)))
            }
        } catch let refused as ImportScopeError {
            report(.importRefused("Not started: " + refused.problems.joined(separator: " ")))
        } catch {
            let meaning = PeopleError.from(error, isWrite: true)
            if case .writesDenied? = meaning { report(.writesDenied) }
            report(.importRefused("Not done: \(meaning.map(\.description) ?? describe(error))"))
            if case .list = action {} else { await run(.list, report) }
        }
    }

    /// Reports the job, then reads it again every half second while it is active.
    private func follow(_ started: ImportJob, _ report: @Sendable (PeopleScreenResult) -> Void) async throws {
        var job = started
        report(.importJob(job))
        for _ in 0..<240 where job.state.isActive {
            try await people.send.sleeper(.milliseconds(500))
            job = try await people.importJob(id: job.id)
            report(.importJob(job))
        }
    }
}
