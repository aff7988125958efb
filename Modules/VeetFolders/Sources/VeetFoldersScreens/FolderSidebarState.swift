import Foundation
import VeetCurses
import VeetFolders
import VeetStore

/// The folder feature's part of a full-screen client's sidebar, as one value
/// the shell keeps: what the feature last said, the owner's expansion, the
/// model built from them, and the menu or the name form while one is open.
/// Keys and answers come in through pure updates (FolderKeys.swift) that
/// return a `FolderStep`; the work runs in `FolderWork`.
public struct FolderSidebarState: Sendable {
    public var snapshot = FolderSnapshot() { didSet { version &+= 1 } }
    /// Which folders and groups are open, saved per device (`FolderSidebar.save`).
    public var expansion = SidebarExpansion() { didSet { version &+= 1 } }
    /// Changes with the snapshot or the expansion (a shell's sidebar cache holds it in its key).
    public private(set) var version = 0
    /// The model and its lines, rebuilt only when the index, the snapshot or the expansion changed
    /// (not each frame or second: the model orders every row, which is not free for thousands).
    private var cache: (sessions: Int, folders: Int, entries: [SidebarEntry], model: SidebarModel)?
    public var menu: FolderMenu?
    public var form: FolderForm?

    public init() {}

    /// The model for the index `sessions` (at the shell's `sessionsVersion`); `scheduledGroups` is asked
    /// only when the model is made again.
    public mutating func model(sessions: [CachedSession], sessionsVersion: Int,
                               scheduledGroups: ([CachedSession]) -> [ScheduledGroupInput]) -> SidebarModel {
        if let cache, cache.sessions == sessionsVersion, cache.folders == version { return cache.model }
        let model = FolderSidebar.model(sessions: sessions, snapshot: snapshot, expansion: expansion,
                                        scheduledGroups: scheduledGroups(sessions))
        cache = (sessionsVersion, version, model.entries, model)
        return model
    }

    /// The model's lines, from the same cache.
    public mutating func entries(sessions: [CachedSession], sessionsVersion: Int,
                                 scheduledGroups: ([CachedSession]) -> [ScheduledGroupInput]) -> [SidebarEntry] {
        _ = model(sessions: sessions, sessionsVersion: sessionsVersion, scheduledGroups: scheduledGroups)
        return cache?.entries ?? []
    }

    /// The open menu or form, over whatever the shell drew.
    public func draw(in grid: inout ScreenGrid, styles: WidgetStyles) {
        menu?.draw(in: &grid, styles: styles)
        form?.draw(in: &grid, styles: styles)
    }
}

/// What a key or an answer asks of the shell.
public struct FolderStep: Sendable {
    /// Work for `FolderWork`.
    public var effects: [FolderEffect]
    /// The status line's new text (nil: leave it; empty: clear it).
    public var notice: String?
    /// Ask before deleting a folder: the dialog to show, and the folder to delete when confirmed
    /// (`FolderEffect.delete`).
    public var confirmDelete: (folderID: String, dialog: Dialog)?
    /// The expansion changed: save it (`FolderSidebar.save`).
    public var savesExpansion: Bool
    /// False when the key meant nothing here (the shell may use it).
    public var handled: Bool

    public init(effects: [FolderEffect] = [], notice: String? = nil, confirmDelete: (folderID: String, dialog: Dialog)? = nil,
                savesExpansion: Bool = false, handled: Bool = true) {
        self.effects = effects
        self.notice = notice
        self.confirmDelete = confirmDelete
        self.savesExpansion = savesExpansion
        self.handled = handled
    }

    public static var ignored: FolderStep { FolderStep(handled: false) }
}
