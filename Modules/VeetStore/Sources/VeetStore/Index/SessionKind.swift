import Foundation
import VeetTransport
import VeetWire

/// Whose conversation a session is: the owner's, or one the server runs for
/// itself (a "Skill background review", a People audit or import session).
///
/// The rule lives here, beside the index, because the index is what every
/// list reads (`veet sessions list`, the TUI's sidebar and Recent chats,
/// "Needs you", veetd's watch of active runs): the index stores only the
/// owner's conversations, so no reader can forget the rule, and the store
/// cannot import a feature to ask it.
public enum SessionKind: Sendable, Hashable {
    case owners
    /// The server's own, with the metadata field that says so and its raw value
    /// (`run_kind` and whatever the server wrote there, or `purpose` and the People value).
    case serversOwn(field: String, value: String)

    /// The People `purpose` values that are not conversations (docs/wire/people.md §1);
    /// any other `purpose` is the owner's business and stays listed.
    public static let peoplePurposes: Set<String> = ["people-management", "people-import"]

    /// Reads `metadata`: a `run_kind` of any value (even one this client does not
    /// know) is a run the server started for itself; clients may not send that key
    /// (docs/wire/sessions-runs.md §2.1). A People `purpose` is an audit or import session.
    public init(metadata: JSONValue) {
        if let kind = metadata["run_kind"], !kind.isNull {
            self = .serversOwn(field: "run_kind", value: kind.stringValue ?? kind.compactText)
        } else if let purpose = metadata["purpose"]?.stringValue, Self.peoplePurposes.contains(purpose) {
            self = .serversOwn(field: "purpose", value: purpose)
        } else {
            self = .owners
        }
    }

    public init(_ view: SessionView) { self.init(metadata: view.metadata) }

    public var isOwners: Bool { self == .owners }

    /// A short mark for lists that show every kind: `server: skill_background_review`.
    public var mark: String? {
        switch self {
        case .owners: nil
        case .serversOwn(_, let value): "server: \(value.isEmpty ? "unnamed" : value)"
        }
    }
}
