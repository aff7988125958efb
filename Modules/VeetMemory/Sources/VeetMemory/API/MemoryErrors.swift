import Foundation
import VeetTransport

/// The server serves the memory browser but not its changes (docs/wire/memory.md §1):
/// a review or delete answered with one of the framework's two fixed texts.
/// Not "this belief is gone": nothing was changed, and nothing can be here.
public struct MemoryChangesUnsupported: Error, Sendable, Hashable, CustomStringConvertible {
    public var underlying: APIError
    public var description: String { "This server shows memories but does not support changing them; nothing was changed." }

    static let unsupportedMethodText = "The HTTP request is not supported."
    static let unknownRouteText = "The requested resource was not found."

    /// Only the exact framework texts count; any other 404 is a missing belief.
    public static func from(_ error: any Error) -> MemoryChangesUnsupported? {
        if let already = error as? MemoryChangesUnsupported { return already }
        guard let api = error as? APIError else { return nil }
        let matches = (api.status == 400 && api.message == unsupportedMethodText)
            || (api.status == 404 && api.message == unknownRouteText)
        return matches ? MemoryChangesUnsupported(underlying: api) : nil
    }
}

/// A synthesis undo or a dreaming decision refused with `409` (the operation
/// changed meanwhile). `current` is the operation read back right after.
public struct SynthesisConflict: Error, Sendable, Hashable, CustomStringConvertible {
    public var current: SynthesisOperation?
    public var underlying: APIError

    public var description: String {
        guard let current else { return "The operation changed meanwhile; nothing was changed." }
        return "The operation changed meanwhile (now \(current.state.rawValue), revision \(current.revision)); "
            + "nothing was changed."
    }
}

/// The dreaming schedule changed meanwhile (`409`); `current` is re-read.
public struct DreamingScheduleConflict: Error, Sendable, Hashable, CustomStringConvertible {
    public var current: DreamingSchedule?
    public var underlying: APIError

    public var description: String {
        guard let current else { return "The dreaming schedule changed meanwhile; nothing was changed." }
        return "The dreaming schedule changed meanwhile (now \(current.paused ? "paused" : "running"), "
            + "revision \(current.revision)); nothing was changed."
    }
}

/// Client-side refusals that never reach the server.
public enum MemoryRuleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Undo is offered only for a committed merge of two or more sources (`UndoGate`).
    case undoNotOffered(UndoGate.Refusal)
    /// The family is not offered by this server, or this token may not change it.
    case unavailable(MemoryFamily)
    case writesDenied(MemoryFamily, reason: String)

    public var description: String {
        switch self {
        case .undoNotOffered(let refusal): "Undo is not offered for this operation: \(refusal.description)"
        case .unavailable(let family): "This server does not offer \(family.noun)."
        case .writesDenied(_, let reason): reason
        }
    }
}
