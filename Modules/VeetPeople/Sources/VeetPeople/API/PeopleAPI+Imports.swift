import Foundation
import VeetTransport

/// History imports (docs/wire/people.md §10): preview, apply, resume, cancel, and the jobs.
/// A server without imports (an older one) throws `PeopleError.partUnavailable(.imports)`
/// from each call, never "People is not enabled": the rest of People keeps working.
extension PeopleAPI {
    public func imports() async throws -> [ImportJob] {
        try await importsPart(readsAsPersonID: true) {
            try await Page<ImportJob>.all { cursor in
                try await send(get("/v1/people/imports", limit: 100, cursor: cursor)).decoded()
            }
        }
    }

    /// The import jobs, or nil on a server without imports.
    public func importsIfOffered() async throws -> [ImportJob]? {
        do { return try await imports() } catch PeopleError.partUnavailable(.imports) { return nil }
    }

    public func importJob(id: String) async throws -> ImportJob {
        try await importsPart { try await send(get("/v1/people/imports/\(segment: id)")).decoded() }
    }

    /// Runs one imports call, turning the answers that mean "no such route" into `partUnavailable`.
    func importsPart<T>(readsAsPersonID: Bool = false, _ call: () async throws -> T) async throws -> T {
        do { return try await call() } catch where PeoplePart.meansMissing(error, readsAsPersonID: readsAsPersonID) {
            throw PeopleError.partUnavailable(.imports)
        }
    }

    /// A preview of what `scope` would read; refused here, without a request,
    /// when the scope breaks a rule (`ImportScopeError`).
    public func previewImport(_ scope: ImportScope, key: IdempotencyKey = IdempotencyKey()) async throws -> ImportJob {
        let problems = ImportScopeRules.problems(scope)
        guard problems.isEmpty else { throw ImportScopeError(problems: problems) }
        let body = ImportBody(phase: "preview", sessionID: try session(), scope: scope)
        return try await importsPart { try await send(write("POST", "/v1/people/imports", body, key: key)).decoded() }
    }

    /// Starts a previewed import.
    public func applyImport(_ preview: ImportJob, key: IdempotencyKey = IdempotencyKey()) async throws -> ImportJob {
        guard let scope = preview.scope else { throw InvalidResponseError("the import preview carries no scope") }
        let body = ImportBody(phase: "apply", sessionID: try session(), scope: scope, operationID: preview.id,
                              expectedRevision: preview.revision)
        return try await importsPart { try await send(write("POST", "/v1/people/imports", body, key: key)).decoded() }
    }

    /// Resumes a `budget_paused`, `failed` or `cancelled` job, optionally with a new spending cap.
    public func resumeImport(_ job: ImportJob, maxCostUSD: Decimal? = nil,
                             key: IdempotencyKey = IdempotencyKey()) async throws -> ImportJob {
        guard var scope = job.scope else { throw InvalidResponseError("the import job carries no scope") }
        if let maxCostUSD { scope.maxCostUSD = maxCostUSD }
        let problems = ImportScopeRules.problems(scope)
        guard problems.isEmpty else { throw ImportScopeError(problems: problems) }
        let body = ImportBody(phase: "resume", sessionID: try session(), scope: scope, operationID: job.id,
                              expectedRevision: job.revision)
        return try await importsPart { try await send(write("POST", "/v1/people/imports", body, key: key)).decoded() }
    }

    public func cancelImport(_ job: ImportJob, key: IdempotencyKey = IdempotencyKey()) async throws -> ImportJob {
        try await importsPart {
            try await send(write("POST", "/v1/people/imports/\(segment: job.id)/cancel",
                                 CancelImportBody(expectedRevision: job.revision), key: key)).decoded()
        }
    }
}

/// A history import scope that breaks the contract's rules; nothing was sent.
public struct ImportScopeError: Error, Sendable, Hashable, CustomStringConvertible {
    public var problems: [String]
    public var description: String { "The import was not started: " + problems.joined(separator: " ") }
}

struct ImportBody: Encodable {
    var phase: String
    var sessionID: String
    var scope: ImportScope
    var operationID: String?
    var expectedRevision: Int?
    enum CodingKeys: String, CodingKey {
        case phase, scope, sessionID = "session_id", operationID = "operation_id", expectedRevision = "expected_revision"
    }
}

struct CancelImportBody: Encodable {
    var expectedRevision: Int
    enum CodingKeys: String, CodingKey { case expectedRevision = "expected_revision" }
}
