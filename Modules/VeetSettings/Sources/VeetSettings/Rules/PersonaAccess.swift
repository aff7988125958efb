import VeetTransport

/// The persona's parts, each of which a server offers or not on its own
/// (docs/wire/settings.md §4): a persona from before nominations existed serves the
/// document and its history and answers `404` on nominations.
public enum PersonaPart: String, Sendable, Hashable, CaseIterable {
    case persona, history, nominations

    /// How the owner would name it, in a sentence.
    public var noun: String {
        switch self {
        case .persona: "a persona"
        case .history: "the persona's history"
        case .nominations: "nominations from memory"
        }
    }
}

/// Which persona parts this server offers. A part it lacks (`404`/`405`, or the
/// framework's `400` for an unsupported method) hides only the controls that use
/// it, and `notice(_:)` says so where the owner looks; the rest keeps working.
/// A plain value: `SettingsAPI.personaOverview()` fills it in.
public struct PersonaAccess: Sendable, Hashable {
    public enum State: Sendable, Hashable { case unknown, offered, notOffered }

    public var persona: State = .unknown
    public var history: State = .unknown
    public var nominations: State = .unknown

    public init() {}

    public subscript(part: PersonaPart) -> State {
        get {
            switch part {
            case .persona: persona
            case .history: history
            case .nominations: nominations
            }
        }
        set {
            switch part {
            case .persona: persona = newValue
            case .history: history = newValue
            case .nominations: nominations = newValue
            }
        }
    }

    /// What a read of `part` answered: nil for a success. Only the answers that mean
    /// "no such resource" hide the part; any other failure leaves what was known.
    public mutating func note(_ part: PersonaPart, error: (any Error)?) {
        guard let error else { self[part] = .offered; return }
        if SettingsAPI.meansUnavailable(error) { self[part] = .notOffered }
    }

    /// The part's controls may be shown (offered, or not asked yet).
    public func offers(_ part: PersonaPart) -> Bool { self[part] != .notOffered }

    /// The one line to show where the part's controls would be, or nil while offered:
    /// "This server does not offer nominations from memory; your persona still works."
    public func notice(_ part: PersonaPart) -> String? {
        guard self[part] == .notOffered else { return nil }
        return part == .persona
            ? "This server does not offer a persona."
            : "This server does not offer \(part.noun); your persona still works."
    }
}

/// What a persona page shows: the document, the open nominations (at most five),
/// and which parts the server offers (`access.notice(.nominations)` for the line
/// that stands in for missing nominations).
public struct PersonaOverview: Sendable, Hashable {
    public var document: PersonaDocument
    public var openNominations: [PersonaNomination]
    public var access: PersonaAccess

    public init(document: PersonaDocument, openNominations: [PersonaNomination], access: PersonaAccess) {
        self.document = document
        self.openNominations = openNominations
        self.access = access
    }
}
