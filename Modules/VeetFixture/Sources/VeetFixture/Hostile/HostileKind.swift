import Foundation

/// What a `HostileServer` does wrong. JSON kinds spoil every REST answer; stream
/// kinds spoil `GET /v1/runs/{id}/events` (REST routes then answer a valid 404).
public enum HostileKind: String, Sendable, CaseIterable {
    /// 200 with `text/html` where JSON or `text/event-stream` belongs.
    case wrongContentType = "wrong-content-type"
    /// 200 `application/json` whose body is cut mid-object.
    case invalidJSON = "invalid-json"
    /// Well-formed JSON with the wrong type in every field (numbers for ids, strings for lists).
    case wrongTypes = "wrong-types"
    /// JSON and events whose strings carry bytes that are not UTF-8.
    case invalidUTF8 = "invalid-utf8"
    /// A 1 MiB response header.
    case hugeHeader = "huge-header"
    /// An error status whose body is not the JSON envelope (HTML), or an envelope with wrong types.
    case brokenErrors = "broken-errors"
    /// An event stream whose one data line never ends.
    case endlessLine = "endless-line"
    /// Events whose ids go backwards, repeat, are not numbers or overflow `Int64`; then `run.completed`.
    case wrongEventIDs = "wrong-event-ids"
    /// Event kinds and enum values no client knows, then `run.completed`.
    case unknownEvents = "unknown-events"
    /// One event of 2 MiB (over the client's 1 MiB frame limit), and REST strings of 4 MiB.
    case enormousFields = "enormous-fields"
    /// Valid `message.delta` frames for `streamBytes` bytes, then `run.completed`.
    case hugeStream = "huge-stream"

    public var spoilsStreams: Bool {
        switch self {
        case .endlessLine, .wrongEventIDs, .unknownEvents, .hugeStream, .enormousFields, .invalidUTF8,
             .wrongContentType, .hugeHeader:
            true
        case .invalidJSON, .wrongTypes, .brokenErrors: false
        }
    }

    public var spoilsREST: Bool {
        switch self {
        case .wrongContentType, .invalidJSON, .wrongTypes, .invalidUTF8, .hugeHeader, .brokenErrors, .enormousFields:
            true
        case .endlessLine, .wrongEventIDs, .unknownEvents, .hugeStream: false
        }
    }
}
