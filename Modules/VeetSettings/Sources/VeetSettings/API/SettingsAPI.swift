import Foundation
import VeetTransport

/// The model-settings and persona routes (docs/wire/settings.md §2-§4), one call each, no
/// state. Both documents are versioned: a write sends the version it was based
/// on, and a `409` re-reads the document and throws a conflict carrying it.
/// Writes are not retried (they carry no key; a repeated one would answer
/// `409` after the first landed); reads retry on 429/5xx and lost answers.
public struct SettingsAPI: Sendable {
    public let send: HTTPRequestSender

    public init(sender: HTTPRequestSender, retry: RetryPolicy = .standard) {
        send = sender.retrying(retry, .reads)
    }

    /// The answers that mean "this server does not have the resource" (docs/wire/settings.md §1:
    /// `404`/`405`; and the framework's `400` for an unsupported method).
    public static func meansUnavailable(_ error: any Error) -> Bool {
        if error is SettingsUnavailable { return true }
        return ServerRefusal.meansNotOffered(error, badRequest: .frameworkText)
    }

    // MARK: Model settings

    /// The settings; throws `SettingsUnavailable` when the server has none.
    public func modelSettings() async throws -> ModelSettings {
        try await read(.get(Self.modelsPath), .models)
    }

    /// The settings, or nil on a server without them (its controls stay hidden).
    public func modelSettingsIfOffered() async throws -> ModelSettings? {
        do { return try await modelSettings() } catch is SettingsUnavailable { return nil }
    }

    /// Saves what `request` asks of `current`, checked against its options first
    /// (a refused combination throws `ChoiceRefusal` and sends nothing).
    public func saveModels(_ request: ModelSettingsRequest, basedOn current: ModelSettings) async throws
        -> ModelSettings {
        let (chat, memory) = try ModelChoiceRules.resolve(request, against: current)
        return try await saveModels(chat: chat, memory: memory, basedOn: current)
    }

    /// Saves both choices with `current.version` as the expected version. A `409`
    /// throws `ModelSettingsConflict` (re-read, with what changed); a `400`
    /// throws `ChoiceNotOffered` (reloaded).
    public func saveModels(chat: ModelChoice, memory: ModelChoice, basedOn current: ModelSettings) async throws
        -> ModelSettings {
        let body = ModelSettingsWrite(expectedVersion: current.version, chat: chat, memory: memory)
        let response = try await send(try Self.put(Self.modelsPath, body))
        guard response.isSuccess else {
            let error = APIError(response: response)
            if error.status == 409 {
                guard let reread = try? await modelSettings() else { throw error }
                throw ModelSettingsConflict(current: reread, changes: ModelChoiceRules.changes(from: current, to: reread),
                                            underlying: error)
            }
            if error.status == 400 && !Self.meansUnavailable(error) {
                throw ChoiceNotOffered(refusedChat: chat, refusedMemory: memory, current: try? await modelSettings(), underlying: error)
            }
            if Self.meansUnavailable(error) { throw SettingsUnavailable(resource: .models) }
            throw error
        }
        return try response.decoded()
    }

    // MARK: Persona

    public func persona() async throws -> PersonaDocument {
        try await read(.get(Self.personaPath), .persona)
    }

    public func personaIfOffered() async throws -> PersonaDocument? {
        do { return try await persona() } catch is SettingsUnavailable { return nil }
    }

    /// The persona page's reads: the document, then the open nominations. Nil on a server
    /// without a persona. A server without nominations (an older persona) still answers
    /// the document, with no nominations and `access.notice(.nominations)` to say why.
    public func personaOverview() async throws -> PersonaOverview? {
        var access = PersonaAccess()
        let document: PersonaDocument
        do { document = try await persona() } catch is SettingsUnavailable {
            access.persona = .notOffered
            return nil
        }
        access.persona = .offered
        var open: [PersonaNomination] = []
        do {
            open = try await openNominationsOrThrow()
            access.note(.nominations, error: nil)
        } catch let error as SettingsUnavailable {
            access.note(.nominations, error: error)
        }
        return PersonaOverview(document: document, openNominations: open, access: access)
    }

    /// Replaces the whole list, based on `expectedVersion`. The limits are checked
    /// first (`PersonaRefused`, nothing sent); a `409` throws `PersonaConflict`
    /// with the owner's entries and the server's document read right after.
    public func savePersona(_ entries: [PersonaEntry], expectedVersion: Int) async throws -> PersonaDocument {
        let problems = PersonaRules.problems(entries)
        guard problems.isEmpty else { throw PersonaRefused(problems: problems) }
        let body = PersonaWrite(expectedVersion: expectedVersion, entries: entries.map(\.written))
        let response = try await send(try Self.put(Self.personaPath, body))
        guard response.isSuccess else {
            let error = APIError(response: response)
            if error.status == 409 { throw PersonaConflict(mine: entries, theirs: try await persona()) }
            if Self.meansUnavailable(error) { throw SettingsUnavailable(resource: .persona) }
            throw error
        }
        return try response.decoded()
    }

    /// Earlier versions, newest first (`limit` 1-200).
    public func personaHistory(limit: Int = 50) async throws -> [PersonaDocument] {
        let query = [URLQueryItem(name: "limit", value: String(min(max(limit, 1), 200)))]
        let page: Page<Skippable<PersonaDocument>> = try await read(.get(Self.personaPath + "/history", query: query),
                                                                     .personaHistory)
        return page.items.compactMap(\.value)
    }

    /// Nominations in one state; the default filter is unknown, so one is always sent.
    /// A server without nominations throws `SettingsUnavailable` for `.nominations` (never
    /// "no persona": the persona may well be there).
    public func nominations(state: NominationState = .nominated) async throws -> [PersonaNomination] {
        let query = [URLQueryItem(name: "state", value: state.rawValue)]
        let page: Page<Skippable<PersonaNomination>> = try await read(
            .get(Self.personaPath + "/nominations", query: query), .nominations)
        return page.items.compactMap(\.value)
    }

    /// The open nominations as shown: at most five (`PersonaRules.openNominations`); none on
    /// a server without nominations, so the persona beside them still shows
    /// (`personaOverview()` also says why there are none).
    public func openNominations() async throws -> [PersonaNomination] {
        (try await openNominationsIfOffered()) ?? []
    }

    /// The open nominations, or nil on a server without nominations.
    public func openNominationsIfOffered() async throws -> [PersonaNomination]? {
        do { return try await openNominationsOrThrow() } catch is SettingsUnavailable { return nil }
    }

    private func openNominationsOrThrow() async throws -> [PersonaNomination] {
        PersonaRules.openNominations(try await nominations(state: .nominated))
    }

    /// Adds the nominated memory to the persona; the answer is the new document.
    public func affirm(nominationID: String) async throws -> PersonaDocument {
        try await send.decode(.post(Self.nominationPath(nominationID) + "/affirm"))
    }

    /// Declines the nomination; the answer is the nomination, now declined.
    public func decline(nominationID: String) async throws -> PersonaNomination {
        try await send.decode(.post(Self.nominationPath(nominationID) + "/decline"))
    }

    // MARK: Requests

    private func read<T: Decodable>(_ request: HTTPRequest, _ resource: SettingsUnavailable.Resource) async throws -> T {
        do { return try await send.decode(request) } catch where Self.meansUnavailable(error) {
            throw SettingsUnavailable(resource: resource)
        }
    }

    static func put(_ path: String, _ body: some Encodable) throws -> HTTPRequest {
        HTTPRequest(method: "PUT", path: path, body: try WireJSON.encoder().encode(body))
    }

    static let modelsPath = "/v1/settings/models"
    static let personaPath = "/v1/persona"
    static func nominationPath(_ id: String) -> String { "/v1/persona/nominations/\(segment: id)" }
}
