import Foundation
import VeetTransport

/// What a new pairing code may do once a sender uses it (docs/wire/surfaces.md §5.1).
public struct PairingRequest: Sendable, Hashable, Encodable {
    /// The scopes a chat needs: start runs, stop them, answer approvals, and read what it is told.
    public static let chatScopes = ["approval.read", "approval.resolve", "run.cancel", "run.read", "run.write"]

    public var grantedScopes: [String]
    /// A note kept with the code (e.g. which phone), 1-255 characters.
    public var label: String?

    /// Checks what the server would refuse, so bad input costs no request and no code.
    public init(grantedScopes: [String] = Self.chatScopes, label: String? = nil) throws(SurfacesError) {
        let scopes = Array(Set(grantedScopes.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }))
            .sorted()
        guard !scopes.isEmpty else { throw .invalidRequest("A pairing code needs at least one scope.") }
        let label = label?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let label, label.count > 255 { throw .invalidRequest("The label is longer than 255 characters.") }
        self.grantedScopes = scopes
        self.label = label?.isEmpty == true ? nil : label
    }

    enum CodingKeys: String, CodingKey { case grantedScopes = "granted_scopes", label }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(grantedScopes, forKey: .grantedScopes)
        try c.encodeIfPresent(label, forKey: .label)
    }
}

/// The surface routes (docs/wire/surfaces.md §2). Surfaces are read only; the owner
/// mints pairing codes and revokes and deletes pairings. Both lists are bare arrays.
public struct SurfacesAPI: Sendable {
    /// Reads and the repeat-safe revoke retry.
    public let send: HTTPRequestSender
    /// Mint and delete go once: a mint's key is one-shot (a repeat is refused, never replayed).
    let sendOnce: HTTPRequestSender
    /// Revoke is safe to repeat (a second one answers the pairing unchanged), so it retries too.
    let sendRepeatable: HTTPRequestSender

    public init(sender: HTTPRequestSender, retry: RetryPolicy = .standard) {
        send = sender.retrying(retry, .reads)
        sendOnce = sender
        sendRepeatable = sender.retrying(retry, .everyRequest)
    }

    /// Every surface the owner has (an empty list: none configured).
    public func list() async throws -> [Surface] {
        let response = try await send(.get("/v1/surfaces"))
        guard response.isSuccess else {
            let answer = APIError(response: response)
            // The family's probe: 404/405, and a 400 from the probe too (docs/wire/surfaces.md §10), mean "not offered".
            if ServerRefusal.meansNotOffered(answer, badRequest: .any) { throw SurfacesError.notOffered(answer) }
            throw answer
        }
        return try response.decoded(as: [Skippable<Surface>].self).compactMap(\.value)
    }

    /// Whether the server offers surfaces at all; other failures are thrown.
    public func isOffered() async throws -> Bool {
        do {
            _ = try await list()
            return true
        } catch SurfacesError.notOffered {
            return false
        }
    }

    public func read(surfaceID: String) async throws -> Surface {
        let id = try SurfaceID.parse(surfaceID, what: "surface")
        return try await answer(send, .get("/v1/surfaces/\(segment: id)"), missing: .surfaceNotFound(id))
    }

    /// Active and revoked pairings of one surface.
    public func pairings(surfaceID: String) async throws -> [Pairing] {
        let id = try SurfaceID.parse(surfaceID, what: "surface")
        let list: [Skippable<Pairing>] = try await answer(send, .get("/v1/surfaces/\(segment: id)/pairings"),
                                                          missing: .surfaceNotFound(id))
        return list.compactMap(\.value)
    }

    /// Mints a one-time code. Each call carries a fresh key and goes once: after a lost answer
    /// or `codeAlreadyIssued`, mint again (a new call, a new key); the lost code expires alone.
    public func mintCode(surfaceID: String, _ request: PairingRequest,
                         idempotencyKey: IdempotencyKey = IdempotencyKey()) async throws -> PairingCode {
        let id = try SurfaceID.parse(surfaceID, what: "surface")
        var http = try HTTPRequest.post("/v1/surfaces/\(segment: id)/pairing-codes", json: request)
        http.setHeader("Idempotency-Key", idempotencyKey.rawValue)
        let wire: PairingCode.Wire = try await answer(sendOnce, http, missing: .surfaceNotFound(id))
        return PairingCode(wire, surfaceID: id)
    }

    /// Stops the sender at once (their next message is refused); the row stays as history.
    public func revoke(pairingID: String) async throws -> Pairing {
        let id = try SurfaceID.parse(pairingID, what: "pairing")
        return try await answer(sendRepeatable,
                                .post("/v1/surfaces/pairings/\(segment: id)/revoke"), missing: .pairingNotFound(id))
    }

    /// Removes a revoked pairing from the list; an active one must be revoked first.
    public func delete(pairingID: String) async throws {
        let id = try SurfaceID.parse(pairingID, what: "pairing")
        let response = try await sendOnce(.delete("/v1/surfaces/pairings/\(segment: id)"))
        guard response.isSuccess else { throw await refusal(APIError(response: response), missing: .pairingNotFound(id)) }
    }

    private func answer<T: Decodable>(_ sender: HTTPRequestSender, _ request: HTTPRequest,
                                      missing: Missing) async throws -> T {
        let response = try await sender(request)
        guard response.isSuccess else { throw await refusal(APIError(response: response), missing: missing) }
        return try response.decoded()
    }

    enum Missing {
        case surfaceNotFound(String)
        case pairingNotFound(String)
    }

    /// Reads `details.reason`, never the message; a 404 is told apart from "no surfaces here" by the probe.
    private func refusal(_ answer: APIError, missing: Missing) async -> any Error {
        switch answer.refusal {
        case .methodNotOffered: return SurfacesError.notOffered(answer)
        case .notFound:
            if case .some(false) = try? await isOffered() { return SurfacesError.notOffered(answer) }
            switch missing {
            case .surfaceNotFound(let id): return SurfacesError.surfaceNotFound(id: id, answer)
            case .pairingNotFound(let id): return SurfacesError.pairingNotFound(id: id, answer)
            }
        case .changedElsewhere:
            switch answer.reason {
            case "surface.scope_ceiling": return SurfacesError.scopeCeiling(answer)
            case "surface.pairing_code_already_issued": return SurfacesError.codeAlreadyIssued(answer)
            case "surface.pairing_active": return SurfacesError.pairingActive(answer)
            default: return answer
            }
        default: return answer
        }
    }
}

/// Surface and pairing ids are UUIDs, sent lowercase.
enum SurfaceID {
    static func parse(_ text: String, what: String) throws(SurfacesError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count == 36, let uuid = UUID(uuidString: trimmed) else { throw .invalidID(text, what: what) }
        return uuid.uuidString.lowercased()
    }
}
