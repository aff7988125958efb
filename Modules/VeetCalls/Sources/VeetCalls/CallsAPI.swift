import Foundation
import VeetTransport

/// The call routes (docs/wire/calls.md §2), one method each. No route places a call:
/// dialling happens only in a chat run the owner approved. Nothing here is written to
/// disk: the server marks every answer `no-store`, and the feature keeps answers in memory only.
public struct CallsAPI: Sendable {
    public let send: HTTPRequestSender

    /// The list's page size bounds: the server refuses (does not clamp) anything outside.
    public static let pageSizes = 1...25

    /// Every call route is safe to repeat (a second stop or erase changes nothing), so all retry.
    public init(sender: HTTPRequestSender, retry: RetryPolicy = .standard) {
        send = sender.retrying(retry, .everyRequest)
    }

    /// One page, in the server's id order. The limit is kept inside 1-25.
    public func list(limit: Int = 10, cursor: String? = nil) async throws -> CallPage {
        let size = min(max(limit, Self.pageSizes.lowerBound), Self.pageSizes.upperBound)
        let response = try await send(.page("/v1/calls", limit: size, cursor: cursor))
        guard response.isSuccess else {
            let answer = APIError(response: response)
            // The list is the family's probe: 404/405 (and a 400, per the probe rule) mean "no calls here".
            if ServerRefusal.meansNotOffered(answer, badRequest: .any) { throw CallsError.notOffered(answer) }
            throw answer
        }
        return try response.decoded()
    }

    /// Every page, then newest first (the server orders by id, not by time, so a new call
    /// can land on any page). Erased calls, which carry no time, come last.
    public func listAll(maxPages: Int = 40) async throws -> [Call] {
        var calls: [Call] = []
        var cursor: String?
        var seen: Set<String> = []
        for _ in 0..<maxPages {
            let page = try await list(limit: Self.pageSizes.upperBound, cursor: cursor)
            calls.append(contentsOf: page.calls)
            guard let next = page.nextCursor, !page.calls.isEmpty else { break }
            guard seen.insert(next).inserted else {
                throw InvalidResponseError("the server repeated a page cursor; the call list cannot be read")
            }
            cursor = next
        }
        return CallOrder.newestFirst(calls)
    }

    /// One call: the view with its transcript, or the erased form.
    public func read(id: String) async throws -> Call {
        let id = try CallID.parse(id)
        return try await answer(.get(Self.path(id)), id: id)
    }

    /// Asks the provider to end the call now. `uncertain` is an answer, not an error.
    public func stop(id: String) async throws -> CallStop {
        let id = try CallID.parse(id)
        return try await answer(.post(Self.path(id) + "/stop"), id: id)
    }

    /// Erases the call's content from Veetbot (the provider keeps its own copy) and returns the erased form.
    public func delete(id: String) async throws -> Call {
        let id = try CallID.parse(id)
        return try await answer(.delete(Self.path(id)), id: id)
    }

    /// Whether the server offers calls at all (`GET /v1/calls?limit=1`); other failures are thrown.
    public func isOffered() async throws -> Bool {
        do {
            _ = try await list(limit: 1)
            return true
        } catch CallsError.notOffered {
            return false
        }
    }

    private func answer<T: Decodable>(_ request: HTTPRequest, id: String) async throws -> T {
        let response = try await send(request)
        guard response.isSuccess else { throw await refusal(APIError(response: response), id: id) }
        return try response.decoded()
    }

    /// A 404 on one call is either "no such call" or "no calls here at all": the list, the
    /// family's probe, tells them apart (the answers' texts are not a contract).
    private func refusal(_ answer: APIError, id: String) async -> any Error {
        switch answer.refusal {
        case .methodNotOffered: return CallsError.notOffered(answer)
        case .notFound:
            if case .some(false) = try? await isOffered() { return CallsError.notOffered(answer) }
            return CallsError.notFound(id: id, answer)
        case .changedElsewhere: return CallsError.stillInProgress(id: id, answer)
        default: return answer
        }
    }

    static func path(_ id: String) -> String { "/v1/calls/\(segment: id)" }
}

/// The one order both faces show.
public enum CallOrder {
    /// Newest `created_at` first; records without a time (erased) last, by id.
    public static func newestFirst(_ calls: [Call]) -> [Call] {
        calls.sorted { left, right in
            switch (left.createdAt, right.createdAt) {
            case let (l?, r?): l == r ? left.id < right.id : l > r
            case (_?, nil): true
            case (nil, _?): false
            case (nil, nil): left.id < right.id
            }
        }
    }
}
