import Foundation

/// Where to connect and with which bearer token. The token never appears in
/// `description`, `debugDescription` or a mirror, so logging or dumping a
/// settings value cannot leak it.
public struct ConnectionSettings: Sendable, Equatable, CustomStringConvertible,
                                  CustomDebugStringConvertible, CustomReflectable {
    public let serverURL: ServerURL
    public let token: String

    /// Surrounding whitespace (a pasted newline) is trimmed from the token;
    /// anything else that could not go in a header is refused.
    public init(serverURL: ServerURL, token: String) throws(ConnectionSettingsError) {
        let trimmed = token.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .emptyToken }
        guard trimmed.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else { throw .malformedToken }
        self.serverURL = serverURL
        self.token = trimmed
    }

    public init(serverAddress: String, token: String) throws(ConnectionSettingsError) {
        try self.init(serverURL: ServerURL(validating: serverAddress), token: token)
    }

    public var description: String { "ConnectionSettings(server: \(serverURL), token: <redacted>)" }
    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["serverURL": serverURL, "token": "<redacted>"], displayStyle: .struct)
    }
}
