import Foundation

/// A standing grant about to be created (`POST /v1/browser-grants`): routine
/// actions on some of a READY profile's origins within a window of at most
/// 30 days. Built only through `validated`, so what is sent has passed every
/// rule the contract states (docs/wire/website-access.md §7).
public struct StandingGrantDraft: Sendable, Hashable, Encodable {
    public static let actionKinds = ["click", "type", "select", "check", "press", "scroll"]
    public static let longestWindow: TimeInterval = 30 * 86_400
    public static let purposeLimit = 255

    public let profileID: String
    public let allowedOrigins: [String]
    public let actionKinds: [String]
    public let elementRoles: [String]
    public let elementNames: [String]
    public let purpose: String?
    public let startsAt: Date
    public let expiresAt: Date

    /// - Parameters:
    ///   - origins: exact origins, each one of the profile's; empty means all of them.
    ///   - actionKinds: 1 to 6 of `click`, `type`, `select`, `check`, `press`, `scroll`.
    ///   - duration: the window from `startsAt`; more than zero, at most 30 days.
    public static func validated(profile: BrowserProfile, origins: [String] = [], actionKinds: [String],
                                 purpose: String? = nil, startsAt: Date,
                                 duration: TimeInterval) throws(StandingGrantRefusal) -> StandingGrantDraft {
        guard profile.status == .ready else { throw .profileNotReady(profile.status) }
        var chosen: [String] = []
        for text in origins {
            let origin: WebsiteOrigin
            do { origin = try WebsiteOrigin(validating: text) } catch { throw .origin(error) }
            guard profile.allowedOrigins.contains(origin.rawValue) else { throw .originNotInProfile(origin.rawValue) }
            if !chosen.contains(origin.rawValue) { chosen.append(origin.rawValue) }
        }
        if chosen.isEmpty { chosen = profile.allowedOrigins }
        var kinds: [String] = []
        for kind in actionKinds.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            guard Self.actionKinds.contains(kind) else { throw .unknownActionKind(kind) }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        guard !kinds.isEmpty else { throw .noActionKind }
        guard duration > 0 else { throw .emptyWindow }
        guard duration <= longestWindow else { throw .windowTooLong }
        let trimmed = purpose?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let trimmed, trimmed.count > purposeLimit { throw .purposeTooLong(trimmed.count) }
        // Whole seconds: what is sent is exactly what the window check saw.
        let start = Date(timeIntervalSince1970: startsAt.timeIntervalSince1970.rounded(.down))
        return StandingGrantDraft(profileID: profile.id, allowedOrigins: chosen, actionKinds: kinds,
                                  elementRoles: [], elementNames: [],
                                  purpose: trimmed?.isEmpty == false ? trimmed : nil,
                                  startsAt: start, expiresAt: start.addingTimeInterval(duration.rounded(.down)))
    }

    private init(profileID: String, allowedOrigins: [String], actionKinds: [String], elementRoles: [String],
                 elementNames: [String], purpose: String?, startsAt: Date, expiresAt: Date) {
        self.profileID = profileID
        self.allowedOrigins = allowedOrigins
        self.actionKinds = actionKinds
        self.elementRoles = elementRoles
        self.elementNames = elementNames
        self.purpose = purpose
        self.startsAt = startsAt
        self.expiresAt = expiresAt
    }

    enum CodingKeys: String, CodingKey {
        case purpose
        case profileID = "profile_id"
        case allowedOrigins = "allowed_origins"
        case actionKinds = "action_kinds"
        case elementRoles = "element_roles"
        case elementNames = "element_names"
        case startsAt = "starts_at"
        case expiresAt = "expires_at"
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(profileID, forKey: .profileID)
        try c.encode(allowedOrigins, forKey: .allowedOrigins)
        try c.encode(actionKinds, forKey: .actionKinds)
        try c.encode(elementRoles, forKey: .elementRoles)
        try c.encode(elementNames, forKey: .elementNames)
        try c.encodeIfPresent(purpose, forKey: .purpose)
        try c.encode(Self.zulu(startsAt), forKey: .startsAt)
        try c.encode(Self.zulu(expiresAt), forKey: .expiresAt)
    }

    static func zulu(_ date: Date) -> String {
        var formatter = Date.ISO8601FormatStyle()
        formatter.timeZone = TimeZone(identifier: "UTC")!
        return date.formatted(formatter)
    }
}

/// Why a standing grant was refused before sending.
public enum StandingGrantRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    case profileNotReady(ProfileStatus)
    case origin(OriginRefusal)
    case originNotInProfile(String)
    case unknownActionKind(String)
    case noActionKind
    case emptyWindow
    case windowTooLong
    case purposeTooLong(Int)

    public var description: String {
        switch self {
        case .profileNotReady(let status):
            "A standing grant needs a signed-in (ready) profile; this one is \(status.label)."
        case .origin(let refusal): refusal.description
        case .originNotInProfile(let origin): "\(origin) is not one of this profile's websites."
        case .unknownActionKind(let kind):
            "\"\(kind)\" is not an action kind; use click, type, select, check, press or scroll."
        case .noActionKind: "Name at least one action kind (click, type, select, check, press or scroll)."
        case .emptyWindow: "The grant must last a while: its end must come after its start."
        case .windowTooLong: "A standing grant lasts at most 30 days."
        case .purposeTooLong(let count): "The purpose is at most 255 characters (\(count) given)."
        }
    }
}
