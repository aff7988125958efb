import Foundation
import VeetTransport
import VeetWire

/// Which server and which account a result belongs to. Two settings with the
/// same address but a different token are different connections (another
/// account may see other conversations). Holds a digest of the token, never
/// the token itself, so it can be logged and compared freely.
public struct ConnectionIdentity: Sendable, Hashable, CustomStringConvertible {
    public let server: String
    public let tokenDigest: String

    public init(server: String, tokenDigest: String) {
        self.server = server
        self.tokenDigest = tokenDigest
    }

    public init(_ settings: ConnectionSettings) {
        server = settings.serverURL.description
        tokenDigest = SHA256Digest.hex(settings.token)
    }

    public var description: String { "\(server) (token \(tokenDigest.prefix(8)))" }
}

/// One conversation on one connection: the unit that reads are tagged with
/// so a late answer never lands in a different conversation or account.
public struct ConversationScope: Sendable, Hashable {
    public let connection: ConnectionIdentity
    public let sessionID: String

    public init(connection: ConnectionIdentity, sessionID: String) {
        self.connection = connection
        self.sessionID = sessionID
    }

    /// Ids are UUIDs; the server may answer with another letter case.
    public func owns(sessionID other: String) -> Bool {
        other.caseInsensitiveCompare(sessionID) == .orderedSame
    }
}

/// A read result together with the conversation it was asked for.
public struct Scoped<Value: Sendable>: Sendable {
    public let scope: ConversationScope
    public let value: Value

    public init(_ value: Value, scope: ConversationScope) {
        self.scope = scope
        self.value = value
    }
}

extension Scoped: Equatable where Value: Equatable {}
extension Scoped: Hashable where Value: Hashable {}

extension ConnectionIdentity {
    /// The scope for one conversation of this connection.
    public func scope(sessionID: String) -> ConversationScope {
        ConversationScope(connection: self, sessionID: sessionID)
    }
}
