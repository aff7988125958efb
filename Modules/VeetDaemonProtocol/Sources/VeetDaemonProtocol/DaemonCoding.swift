import Foundation

/// JSON for the socket messages: `{"type": "...", ...fields}`.
enum DaemonKeys: String, CodingKey {
    case type, version, client, connection, runID = "run_id", sessionID = "session_id"
    case daemonVersion = "daemon_version", pid, status, connections, backlog, event, reason, error, focused
}

extension DaemonRequest: Codable {
    public var typeName: String {
        switch self {
        case .hello: "hello"
        case .status: "status"
        case .sync: "sync"
        case .attach: "attach"
        case .detach: "detach"
        case .visible: "visible"
        case .watch: "watch"
        case .fillTranscripts: "fill_transcripts"
        case .looking: "looking"
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: DaemonKeys.self)
        try c.encode(typeName, forKey: .type)
        switch self {
        case .hello(let version, let client):
            try c.encode(version, forKey: .version)
            try c.encode(client, forKey: .client)
        case .status: break
        case .sync(let connection): try c.encodeIfPresent(connection, forKey: .connection)
        case .attach(let runID, let connection):
            try c.encode(runID, forKey: .runID)
            try c.encodeIfPresent(connection, forKey: .connection)
        case .detach(let runID): try c.encode(runID, forKey: .runID)
        case .visible(let sessionID): try c.encode(sessionID, forKey: .sessionID)
        case .watch(let runID, let sessionID, let connection):
            try c.encode(runID, forKey: .runID)
            try c.encodeIfPresent(sessionID, forKey: .sessionID)
            try c.encodeIfPresent(connection, forKey: .connection)
        case .fillTranscripts(let connection): try c.encodeIfPresent(connection, forKey: .connection)
        case .looking(let focused): try c.encode(focused, forKey: .focused)
        }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: DaemonKeys.self)
        switch try c.decode(String.self, forKey: .type) {
        case "hello": self = .hello(version: try c.decode(Int.self, forKey: .version),
                                    client: try c.decodeIfPresent(String.self, forKey: .client) ?? "")
        case "status": self = .status
        case "sync": self = .sync(connection: try c.decodeIfPresent(String.self, forKey: .connection))
        case "attach": self = .attach(runID: try c.decode(String.self, forKey: .runID),
                                      connection: try c.decodeIfPresent(String.self, forKey: .connection))
        case "detach": self = .detach(runID: try c.decode(String.self, forKey: .runID))
        case "visible": self = .visible(sessionID: try c.decodeIfPresent(String.self, forKey: .sessionID))
        case "watch": self = .watch(runID: try c.decode(String.self, forKey: .runID),
                                    sessionID: try c.decodeIfPresent(String.self, forKey: .sessionID),
                                    connection: try c.decodeIfPresent(String.self, forKey: .connection))
        case "fill_transcripts": self = .fillTranscripts(connection: try c.decodeIfPresent(String.self, forKey: .connection))
        case "looking": self = .looking(focused: try c.decode(Bool.self, forKey: .focused))
        case let other:
            throw DaemonError(code: "unknown_type", message: "unknown request type \"\(other.prefix(64))\"")
        }
    }
}

extension DaemonMessage: Codable {
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: DaemonKeys.self)
        switch self {
        case .welcome(let version, let daemonVersion, let pid):
            try c.encode("welcome", forKey: .type)
            try c.encode(version, forKey: .version)
            try c.encode(daemonVersion, forKey: .daemonVersion)
            try c.encode(pid, forKey: .pid)
        case .status(let status):
            try c.encode("status", forKey: .type)
            try c.encode(status, forKey: .status)
        case .synced(let results):
            try c.encode("synced", forKey: .type)
            try c.encode(results, forKey: .connections)
        case .attached(let runID, let backlog):
            try c.encode("attached", forKey: .type)
            try c.encode(runID, forKey: .runID)
            try c.encode(backlog, forKey: .backlog)
        case .event(let event):
            try c.encode("event", forKey: .type)
            try c.encode(event, forKey: .event)
        case .runEnded(let runID, let reason):
            try c.encode("run_ended", forKey: .type)
            try c.encode(runID, forKey: .runID)
            try c.encode(reason, forKey: .reason)
        case .ok:
            try c.encode("ok", forKey: .type)
        case .error(let error):
            try c.encode("error", forKey: .type)
            try c.encode(error, forKey: .error)
        }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: DaemonKeys.self)
        switch try c.decode(String.self, forKey: .type) {
        case "welcome": self = .welcome(version: try c.decode(Int.self, forKey: .version),
                                        daemonVersion: try c.decode(String.self, forKey: .daemonVersion),
                                        pid: try c.decode(Int32.self, forKey: .pid))
        case "status": self = .status(try c.decode(DaemonStatus.self, forKey: .status))
        case "synced": self = .synced(try c.decode([ConnectionSyncResult].self, forKey: .connections))
        case "attached": self = .attached(runID: try c.decode(String.self, forKey: .runID),
                                          backlog: try c.decode(Int.self, forKey: .backlog))
        case "event": self = .event(try c.decode(DaemonRunEvent.self, forKey: .event))
        case "run_ended": self = .runEnded(runID: try c.decode(String.self, forKey: .runID),
                                           reason: try c.decode(String.self, forKey: .reason))
        case "ok": self = .ok
        case "error": self = .error(try c.decode(DaemonError.self, forKey: .error))
        case let other:
            throw DaemonError(code: "unknown_type", message: "unknown message type \"\(other.prefix(64))\"")
        }
    }
}

/// Turns messages into lines and lines into messages, enforcing the size bound.
public enum DaemonCodec {
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// One line, newline included; throws `too_large` rather than sending more than the bound.
    public static func line(_ value: some Encodable) throws -> Data {
        var data = try encoder().encode(value)
        data.append(0x0A)
        guard data.count <= DaemonProtocol.maxMessageBytes else { throw DaemonError.tooLarge() }
        return data
    }

    /// Reads one line (without its newline). Errors are `DaemonError`s a peer can be told.
    public static func decode<T: Decodable>(_ type: T.Type, from line: Data) throws(DaemonError) -> T {
        do {
            return try decoder().decode(T.self, from: line)
        } catch let error as DaemonError {
            throw error
        } catch {
            throw DaemonError.malformed("not a valid message: \(Self.describe(error))")
        }
    }

    private static func describe(_ error: Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: "missing \(key.stringValue)"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case .dataCorrupted?: "not JSON"
        default: "unreadable"
        }
    }
}
