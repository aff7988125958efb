import Foundation

/// The surface routes (docs/wire/surfaces.md §2). Nil for any other path; 404 on every
/// surface path when `options.surfaces` is off. Successes are `private, no-store` (not the 204).
extension Router {
    func surfacesResponse(
        _ head: RequestHead, authorized: Bool, readBody: (Int) -> RequestReader.BodyResult
    ) throws -> HTTPResponse? {
        let segments = head.rawPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            String($0).removingPercentEncoding ?? String($0)
        }
        guard segments.count >= 2, segments[0] == "v1", segments[1] == "surfaces" else { return nil }
        guard options.surfaces else { throw APIFailure.unknownRoute }
        if head.method == "POST" && !authorized { throw APIFailure.routeAuthentication }
        guard authorized else { throw APIFailure.routeAuthentication }
        var body = Data()
        if head.method == "POST" {
            switch readBody(options.maximumBodyBytes) {
            case .body(let data): body = data
            case .tooLarge: throw APIFailure.payloadTooLarge
            case .broken: throw BrokenBody()
            }
        }
        let (status, json) = try store.transaction { state in
            state.surfaces.seedIfNeeded(now: state.now())
            return try SurfaceHandlers(surfaces: state.surfaces, now: state.now(), head: head, body: body)
                .handle(Array(segments.dropFirst(2)))
        }
        if status == 204 { return HTTPResponse(status: 204) }
        var response = HTTPResponse.json(status, json)
        response.headers.append(("cache-control", "private, no-store"))
        return response
    }
}

struct SurfaceHandlers {
    let surfaces: SurfacesState
    let now: Instant
    let head: RequestHead
    let body: Data

    func handle(_ rest: [String]) throws -> (Int, JSON) {
        switch (head.method, rest.count) {
        case ("GET", 0): return (200, .array(surfaces.surfaces.reversed().map(surfaces.surfaceView)))
        case ("GET", 1): return (200, surfaces.surfaceView(try surface(rest[0])))
        case ("GET", 2) where rest[1] == "pairings":
            let id = try surface(rest[0]).id
            return (200, .array(surfaces.pairings.filter { $0.surfaceID == id }.map(surfaces.pairingView)))
        case ("POST", 2) where rest[1] == "pairing-codes": return (201, try mint(rest[0]))
        case ("POST", 3) where rest[0] == "pairings" && rest[2] == "revoke": return (200, try revoke(rest[1]))
        case ("DELETE", 2) where rest[0] == "pairings": return try delete(rest[1])
        default: throw rest.count <= 3 ? APIFailure.unsupportedMethod : APIFailure.unknownRoute
        }
    }

    private func surface(_ text: String) throws -> SurfacesState.Surface {
        let id = try Validation.uuid(text)
        guard let found = surfaces.surfaces.first(where: { $0.id == id }) else { throw APIFailure.notFound("surface") }
        return found
    }

    private func pairingIndex(_ text: String) throws -> Int {
        let id = try Validation.uuid(text)
        guard let index = surfaces.pairings.firstIndex(where: { $0.id == id }) else { throw APIFailure.notFound("pairing") }
        return index
    }

    /// Check order (docs/wire/surfaces.md §5.3): key shape, body, scope ceiling, surface, key already used, mint.
    private func mint(_ surfaceText: String) throws -> JSON {
        guard let key = head.header("idempotency-key"), (1...255).contains(key.count) else {
            throw APIFailure.malformed("\(APIFailure.genericMalformedMessage.dropLast()): header.Idempotency-Key.")
        }
        let fields = try Validation.closedObject(try Validation.jsonBody(body), allowed: ["granted_scopes", "label"])
        guard let entries = fields["granted_scopes"]?.arrayValue, !entries.isEmpty else { throw APIFailure.malformed() }
        let scopes = try Set(entries.map { entry in
            guard let scope = entry.stringValue else { throw APIFailure.malformed() }
            return scope
        }).sorted()
        var label: String?
        if let field = fields["label"], !field.isNull {
            guard let text = field.stringValue, (1...255).contains(text.count) else { throw APIFailure.malformed() }
            label = text
        }
        guard Set(scopes).isSubset(of: SurfacesState.tokenScopes) else {
            throw APIFailure.conflict("granted scopes exceed the token's scopes", details: ["reason": "surface.scope_ceiling"])
        }
        let surfaceID = try surface(surfaceText).id
        guard surfaces.usedKeys.insert(surfaceID + " " + key).inserted else {
            throw APIFailure.conflict("pairing code was already presented for this idempotency key",
                                      details: ["reason": "surface.pairing_code_already_issued"])
        }
        let plaintext = SurfacesState.newCode()
        let salt = Identifier.make()
        let code = SurfacesState.Code(id: Identifier.make(), surfaceID: surfaceID, salt: salt,
                                      hash: SHA256.hex(salt + plaintext), grantedScopes: scopes,
                                      expiresAt: now.adding(seconds: SurfacesState.codeLifetime))
        surfaces.codes.append(code)
        return [
            "id": .string(code.id), "surface_id": .string(surfaceID), "granted_scopes": .array(scopes.map { .string($0) }),
            "label": .string(label), "expires_at": .string(code.expiresAt.offset), "max_attempts": .int(SurfacesState.maxAttempts),
            "code": .string(plaintext),
        ]
    }

    /// Repeat-safe: a revoked pairing answers unchanged. Clears the surface's route when it pointed at that sender.
    private func revoke(_ text: String) throws -> JSON {
        let index = try pairingIndex(text)
        if surfaces.pairings[index].revokedAt == nil {
            surfaces.pairings[index].revokedAt = now
            let pairing = surfaces.pairings[index]
            if let surface = surfaces.surfaces.firstIndex(where: { $0.id == pairing.surfaceID }),
               surfaces.surfaces[surface].routedSender == pairing.senderID {
                surfaces.surfaces[surface].routedSender = nil
                surfaces.surfaces[surface].routedAt = nil
                surfaces.surfaces[surface].updatedAt = now
            }
        }
        return surfaces.pairingView(surfaces.pairings[index])
    }

    private func delete(_ text: String) throws -> (Int, JSON) {
        let index = try pairingIndex(text)
        guard surfaces.pairings[index].revokedAt != nil else {
            throw APIFailure.conflict("pairing must be revoked before it is deleted", details: ["reason": "surface.pairing_active"])
        }
        surfaces.pairings.remove(at: index)
        return (204, nil)
    }
}
