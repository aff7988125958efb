import Foundation

/// The model-settings and persona routes (docs/wire/settings.md §2-§4), each group behind
/// its own flag (404 when off). Nil for any other path. Bodies are closed;
/// errors use the envelope; every answer carries `private, no-store`.
extension Router {
    func settingsResponse(
        _ head: RequestHead, authorized: Bool, readBody: (Int) -> RequestReader.BodyResult
    ) throws -> HTTPResponse? {
        let segments = head.rawPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            String($0).removingPercentEncoding ?? String($0)
        }
        guard segments.count >= 2, segments[0] == "v1" else { return nil }
        let isModels = segments.count == 3 && segments[1] == "settings" && segments[2] == "models"
        guard isModels || segments[1] == "persona" else { return nil }
        guard isModels ? options.modelSettings : options.persona else { throw APIFailure.unknownRoute }
        if segments.count >= 3, segments[2] == "nominations", !options.personaNominations { throw APIFailure.unknownRoute }
        guard authorized else { throw APIFailure.routeAuthentication }
        var body = Data()
        if ["POST", "PUT"].contains(head.method) {
            switch readBody(options.maximumBodyBytes) {
            case .body(let data): body = data
            case .tooLarge: throw APIFailure.payloadTooLarge
            case .broken: throw BrokenBody()
            }
        }
        let (status, json) = try store.transaction { state in
            state.settings.seedIfNeeded(now: state.now())
            let handlers = SettingsHandlers(settings: state.settings, now: state.now(), head: head, body: body)
            return isModels ? try handlers.models() : try handlers.persona(Array(segments.dropFirst(2)))
        }
        var response = HTTPResponse.json(status, json)
        response.headers.append(("cache-control", "private, no-store"))
        return response
    }
}

struct SettingsHandlers {
    let settings: SettingsState
    let now: Instant
    let head: RequestHead
    let body: Data

    // MARK: Models

    func models() throws -> (Int, JSON) {
        switch head.method {
        case "GET": return (200, settings.modelsView)
        case "PUT": return (200, try saveModels())
        default: throw APIFailure.unsupportedMethod
        }
    }

    private func saveModels() throws -> JSON {
        let fields = try Validation.closedObject(try Validation.jsonBody(body),
                                                 allowed: ["expected_version", "chat", "memory"])
        guard let expected = fields["expected_version"]?.intValue, expected >= 0,
              let chatField = fields["chat"], let memoryField = fields["memory"] else { throw APIFailure.malformed() }
        let chat = try choice(chatField), memory = try choice(memoryField)
        guard Int(expected) == settings.modelsVersion else {
            throw APIFailure.conflict("model settings expected version \(expected) but head is \(settings.modelsVersion)")
        }
        guard settings.offers(chat: chat) else {
            throw APIFailure.malformed("chat choice \(chat.policy)/\(chat.effort ?? "none") is not offered")
        }
        guard settings.offers(memory: memory) else {
            throw APIFailure.malformed("memory choice \(memory.policy)/\(memory.effort ?? "none") is not offered")
        }
        settings.chat = chat
        settings.memory = memory
        settings.modelsVersion += 1
        return settings.modelsView
    }

    private func choice(_ value: JSON) throws -> SettingsState.Choice {
        let fields = try Validation.closedObject(value, allowed: ["model_policy", "reasoning_effort"])
        guard let policy = fields["model_policy"]?.stringValue, Self.isPolicy(policy) else { throw APIFailure.malformed() }
        let effortField = fields["reasoning_effort"] ?? .null
        guard effortField.isNull || effortField.stringValue.map(SettingsState.knownEfforts.contains) == true else {
            throw APIFailure.malformed("reasoning_effort must be one of low, medium, high, xhigh, max or null")
        }
        return SettingsState.Choice(policy: policy, effort: effortField.stringValue)
    }

    /// `^[a-z][a-z0-9_-]*$`, at most 64 characters.
    static func isPolicy(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first), text.count <= 64 else { return false }
        return text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
    }

    // MARK: Persona

    func persona(_ rest: [String]) throws -> (Int, JSON) {
        switch (head.method, rest.count) {
        case ("GET", 0): return (200, settings.view(settings.persona))
        case ("PUT", 0): return (200, try savePersona())
        case ("GET", 1) where rest[0] == "history": return (200, try history())
        case ("GET", 1) where rest[0] == "nominations": return (200, try nominationsPage())
        case ("POST", 3) where rest[0] == "nominations" && ["affirm", "decline"].contains(rest[2]):
            return (200, try resolve(rest[1], affirm: rest[2] == "affirm"))
        case (_, 0):
            throw APIFailure.unsupportedMethod
        case (_, 1) where ["history", "nominations"].contains(rest[0]):
            throw APIFailure.unsupportedMethod
        case (_, 3) where rest[0] == "nominations": throw APIFailure.unsupportedMethod
        default: throw APIFailure.unknownRoute
        }
    }

    private func savePersona() throws -> JSON {
        let fields = try Validation.closedObject(try Validation.jsonBody(body), allowed: ["expected_version", "entries"])
        guard let expected = fields["expected_version"]?.intValue, expected >= 0,
              let items = fields["entries"]?.arrayValue else { throw APIFailure.malformed() }
        guard items.count <= SettingsState.maxEntries else {
            throw APIFailure.malformed("persona holds at most \(SettingsState.maxEntries) entries")
        }
        let entries = try items.map(entry)
        guard Int(expected) == settings.persona.version else {
            throw APIFailure.conflict("persona expected version \(expected) but head is \(settings.persona.version)")
        }
        return settings.view(settings.write(entries, source: "user_edit", now: now))
    }

    private func entry(_ value: JSON) throws -> SettingsState.Entry {
        let fields = try Validation.closedObject(value, allowed: ["text", "sensitivity", "source_belief_id"])
        guard let text = fields["text"]?.stringValue,
              (1...SettingsState.maxEntryLength).contains(text.unicodeScalars.count) else {
            throw APIFailure.malformed("entry text must be 1-\(SettingsState.maxEntryLength) characters")
        }
        let sensitivity = fields["sensitivity"] ?? "internal"
        let belief = fields["source_belief_id"] ?? .null
        guard let level = sensitivity.stringValue, ["public", "internal", "sensitive", "restricted"].contains(level),
              belief.isNull || belief.stringValue != nil else { throw APIFailure.malformed() }
        // An entry keeps its affirmation when it names the belief it came from.
        return SettingsState.Entry(text: text, source: belief.isNull ? "user_edit" : "affirmation",
                                   beliefID: belief.stringValue, sensitivity: level)
    }

    private func history() throws -> JSON {
        let limit = try Validation.limit(head.query("limit"), defaultValue: 50)
        return ["items": .array(settings.history.prefix(limit).map(settings.view)), "next_cursor": nil]
    }

    private func nominationsPage() throws -> JSON {
        let state = head.query("state")
        if let state, !["nominated", "affirmed", "declined", "withdrawn"].contains(state) { throw APIFailure.malformed() }
        let found = settings.nominations.filter { state == nil || $0.state == state }
        return ["items": .array(found.map(settings.view)), "next_cursor": nil]
    }

    private func resolve(_ idText: String, affirm: Bool) throws -> JSON {
        let id = try Validation.uuid(idText)
        guard let index = settings.nominations.firstIndex(where: { $0.id == id }) else {
            throw APIFailure.notFound("nomination")
        }
        var nomination = settings.nominations[index]
        guard nomination.state == "nominated" else { throw APIFailure.conflict("nomination is already \(nomination.state)") }
        nomination.resolvedAt = now
        guard affirm else {
            nomination.state = "declined"
            settings.nominations[index] = nomination
            return settings.view(nomination)
        }
        guard settings.persona.entries.count < SettingsState.maxEntries else {
            throw APIFailure.malformed("persona holds at most \(SettingsState.maxEntries) entries")
        }
        let added = SettingsState.Entry(text: nomination.statement, source: "affirmation", beliefID: nomination.beliefID,
                                        sensitivity: "internal")
        let document = settings.write(settings.persona.entries + [added], source: "affirmation", now: now)
        nomination.state = "affirmed"
        nomination.affirmedVersion = document.version
        settings.nominations[index] = nomination
        return settings.view(document)
    }
}
