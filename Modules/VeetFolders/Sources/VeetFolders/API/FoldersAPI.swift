import Foundation
import VeetTransport
import VeetWire

/// The folder routes (docs/wire/sessions-runs.md §9), one call each, no state.
/// Non-2xx answers throw `APIError`; see `FolderNameError.from` for form errors.
public struct FoldersAPI: Sendable {
    public let send: HTTPRequestSender

    /// Reads retry on 429/5xx and lost answers; writes go once (none of them is
    /// idempotent by key, and a repeated move or rename is harmless to redo by hand).
    public init(sender: HTTPRequestSender, retry: RetryPolicy = .standard) {
        send = sender.retrying(retry, .reads)
    }

    public func folders() async throws -> [FolderView] {
        try await send(.get("/v1/folders")).decoded(as: Page<FolderView>.self).items
    }

    public func folder(id: String) async throws -> FolderView {
        try await send(.get("/v1/folders/\(segment: id)")).decoded()
    }

    public func create(name: String) async throws -> FolderView {
        try await send(.post("/v1/folders", json: NameBody(name: name))).decoded()
    }

    public func rename(id: String, to name: String) async throws -> FolderView {
        try await send(Self.json("PATCH", "/v1/folders/\(segment: id)", NameBody(name: name))).decoded()
    }

    /// `204`; the folder's sessions become unfiled on the server.
    public func delete(id: String) async throws {
        try await send(.delete("/v1/folders/\(segment: id)")).requireSuccess()
    }

    /// Files a session, or unfiles it with `folderID: nil`, which is sent as an
    /// explicit `null` so an omitted key can never unfile by accident.
    public func move(sessionID: String, to folderID: String?) async throws -> SessionView {
        try await send(Self.json("PUT", "/v1/sessions/\(segment: sessionID)/folder",
                                 MoveBody(folderID: folderID))).decoded()
    }

    public func proposals(state: ProposalState = .proposed) async throws -> [FolderProposalView] {
        let query = [URLQueryItem(name: "state", value: state.rawValue)]
        let page = try await send(.get("/v1/folders/proposals", query: query)).decoded(as: Page<Skippable<FolderProposalView>>.self)
        return page.items.compactMap(\.value)
    }

    /// Accepts a proposal; `name` overrides a new folder's proposed name.
    public func accept(proposalID: String, name: String? = nil) async throws -> FolderProposalView {
        let path = "/v1/folders/proposals/\(segment: proposalID)/accept"
        let request = try name.map { try HTTPRequest.post(path, json: NameBody(name: $0)) } ?? .post(path)
        return try await send(request).decoded()
    }

    public func decline(proposalID: String) async throws -> FolderProposalView {
        try await send(.post("/v1/folders/proposals/\(segment: proposalID)/decline")).decoded()
    }

    struct NameBody: Encodable {
        var name: String
    }

    struct MoveBody: Encodable {
        var folderID: String?
        enum CodingKeys: String, CodingKey { case folderID = "folder_id" }
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(folderID, forKey: .folderID)  // null, never omitted
        }
    }

    static func json(_ method: String, _ path: String, _ body: some Encodable) throws -> HTTPRequest {
        HTTPRequest(method: method, path: path, body: try WireJSON.encoder().encode(body))
    }

    /// The answers that mean "this server has no folders": the contract's
    /// probe rule (docs/wire/README.md §2) hides a family on 404, 405 or 400.
    public static func meansUnavailable(_ error: any Error) -> Bool {
        ServerRefusal.meansNotOffered(error, badRequest: .any)
    }
}
