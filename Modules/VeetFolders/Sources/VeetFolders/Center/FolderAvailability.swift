/// Whether the server offers folders. Unavailability is a state, never an error:
/// once known, no further folder request is made and no folder control shows.
public enum FolderAvailability: Sendable, Hashable {
    /// Nothing seen yet (no index page with rows, no folder list read).
    case unknown
    case available
    /// The index lacks the `folder_id` key, or the folder list answered 404/405/400.
    case unavailable

    /// Folder controls are shown only once the server has proved it has folders.
    public var showsFolderControls: Bool { self == .available }
}
