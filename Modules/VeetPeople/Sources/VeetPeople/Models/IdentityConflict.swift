import Foundation
import VeetTransport

/// A `409` on applying a preview (merge, split, undo, forget): someone changed
/// the people involved meanwhile. Nothing was applied; `current` is the
/// operation as re-read right after, so the owner sees where things stand.
public struct IdentityConflict: Error, Sendable, Hashable, CustomStringConvertible {
    public var underlying: APIError
    public var current: IdentityOperation?

    public init(underlying: APIError, current: IdentityOperation?) {
        self.underlying = underlying
        self.current = current
    }

    public var description: String {
        var text = "The server refused this because the people or the operation changed since they were read "
            + "(on another device, or already done); nothing was applied."
        if let current {
            text += " The operation is now \(current.state.rawValue) (revision \(current.revision))."
            if current.state == .preview { text += " Preview it again to see the new reassignments." }
        }
        return text + " " + underlying.reference
    }
}
