import Foundation
import VeetAccountScreens
import VeetChat
import VeetChatScreens
import VeetConsole
import VeetCurses
import VeetFolders
import VeetFoldersScreens
import VeetSchedulesScreens
import VeetSettingsScreens
import VeetWebsiteAccess
import VeetStore
import VeetTransport
import VeetWire
import VeetWebsiteAccessScreens

/// Where typed keys go.
enum Focus: Sendable, Hashable {
    case search, sidebar, transcript, composer, approval
    /// The attached files above the composer (OpenConversation.trayKey).
    case tray
    /// The messages waiting for the run (OpenConversation.queueKey).
    case queue
}

/// Everything the screen shows, in one value mutated only on the main loop.
struct ScreenState {
    static let newConversationID = "new"

    var sessions: [CachedSession] = [] { didSet { sessionsVersion &+= 1 } }
    private(set) var sessionsVersion = 0
    /// `title` as last looked up (`settleTitle`), valid while the conversation and `sessionsVersion` are the same.
    private(set) var settledTitle: (sessionID: String, sessionsVersion: Int, title: String)?
    /// The sidebar's sections as last built, and what they were built from
    /// (rebuilt when the index, the search or the second changes, not every frame).
    var sidebarCache: (key: SidebarCacheKey, sections: [ListSection])?
    /// The sidebar list's cells as last drawn (`ScreenLayout.settleSidebar`), copied by the painter while
    /// its key still holds: a frame that changes only the conversation does not draw the list again.
    var sidebarPicture: (key: SidebarPictureKey, grid: ScreenGrid)?
    /// The folder feature's part of the sidebar (VeetFoldersScreens): what it last said, the owner's
    /// expansion (saved per device), its model (rebuilt only when the index, the folders or the
    /// expansion changed, never per frame), and its menu and name form while open.
    var folders = FolderSidebarState()
    /// A new schedule's form left with Esc after something was typed, as the Schedules screen handed it over
    /// (`SchedulesScreenRoute.keep`): the next Schedules screen opens with it, where `n` brings it back.
    var keptScheduleForm: ScheduleForm?
    /// Ctrl-G with several task permissions active: which one to stop.
    var taskPermissionChooser: TaskPermissionChooser?
    /// A feature's own screen (its face, e.g. Memory on F5), full screen while open (ChatScreen+Faces.swift).
    var featureScreen: MountedScreen?
    /// Chat or Email on screen (F7); both stay mounted.
    var mode: AppMode = .chat
    /// Email mode (Email's screen and what opens over it), made the first time it opens and kept
    /// across switches (process memory only).
    var email: EmailLayer?
    /// Connections (F9 switcher, sign in again).
    var connections = ConnectionsOverlay()
    /// A persona draft left unsaved on the way out of Settings (F8), handed back when it opens again.
    var keptPersona: PersonaPage?
    /// Task permissions of the open conversation as last read (the line picks the current one each frame).
    /// The shell keeps them: they are the website feature's, about Chat's conversation.
    var taskGrants: [TaskGrant] = []
    /// An "allow for this task" was sent: read the grants again at the next frame of the run.
    var taskGrantsStale = false
    /// The account's pending approvals as last read (kept when a read fails), for "Needs you"
    /// (the sidebar derives the waiting sessions from these, the index and `questionWaits`).
    var pendingApprovals: [ApprovalView] = [] { didSet { approvalsVersion &+= 1 } }
    private(set) var approvalsVersion = 0
    /// What the features need from the owner (mail, memories, people, subscriptions), for "Needs you".
    var needsYou = NeedsYouBoard() { didSet { needsYouVersion &+= 1 } }
    private(set) var needsYouVersion = 0
    /// Questions the followed runs asked and have not moved past, for "Needs you".
    var questionWaits = QuestionWaits()
    var sidebar = SectionedList(selection: .item(sectionID: "start", itemID: ScreenState.newConversationID))
    var focus: Focus = .composer
    /// Narrow terminals: the sidebar slides over the conversation while open.
    var sidebarOverlayOpen = false
    /// The search field at the top of the sidebar and the answer to its latest query.
    var search = TextInput()
    var searchOutcome: SearchOutcome?
    /// Over the conversation pane while the store on disk could not be opened (`StoreBanner`).
    var storeBanner: String?
    /// What search cannot see yet (transcripts still being read in the background).
    var searchCoverage = SearchCoverage(notYetSearchable: 0)

    /// The conversation on Chat's screen and everything about it (VeetChatScreens' OpenConversation).
    var conversation = OpenConversation()

    var help: HelpOverlay?
    /// Ctrl-P: the chat's actions, filtered as you type (GlobalAction.swift).
    var palette: CommandPalette?
    var dialog: ScreenDialog?
    var linePrompt: LinePrompt?
    var notice = ""
    /// Why the index could not be refreshed ("Server unreachable · retrying"); shown while no notice is.
    var refreshProblem: String?
    var connectionLabel = ""
    var shouldQuit = false

    mutating func sidebarModel() -> SidebarModel {
        folders.model(sessions: sessions, sessionsVersion: sessionsVersion, scheduledGroups: Sidebar.scheduledGroups)
    }

    mutating func sidebarEntries() -> [SidebarEntry] {
        folders.entries(sessions: sessions, sessionsVersion: sessionsVersion, scheduledGroups: Sidebar.scheduledGroups)
    }

    /// The open conversation's title for the status bar.
    var title: String {
        guard let sessionID = conversation.sessionID else { return "New conversation" }
        if let settled = settledTitle, settled.sessionID == sessionID, settled.sessionsVersion == sessionsVersion {
            return settled.title
        }
        return sessions.first(where: { $0.id == sessionID })?.displayTitle ?? "New conversation"
    }

    /// Looks the open conversation's title up once per change of the index or of the conversation, so the
    /// status bar does not scan every session each frame (10,000 string comparisons while an answer streams).
    mutating func settleTitle() {
        guard let sessionID = conversation.sessionID else { settledTitle = nil; return }
        if let settled = settledTitle, settled.sessionID == sessionID, settled.sessionsVersion == sessionsVersion { return }
        settledTitle = nil
        settledTitle = (sessionID, sessionsVersion, title)
    }
}

/// What the sidebar's sections depend on.
struct SidebarCacheKey: Equatable {
    var sessionsVersion: Int
    var foldersVersion: Int
    /// What "Needs you" is derived from (`NeedsYou.sessions`).
    var approvalsVersion: Int
    /// The features' items (`ScreenState.needsYou`).
    var needsYouVersion = 0
    var questionWaits: QuestionWaits
    var search: SearchOutcome?
    var second: Int
}

/// What the sidebar list's cells depend on: its sections (by their cache key),
/// the list's own state (selection, folds, scroll), where it is drawn and
/// whether it has the focus (the selected row's style).
struct SidebarPictureKey: Equatable {
    var sections: SidebarCacheKey?
    var list: SectionedList
    var rect: GridRect
    var focused: Bool

    init(_ state: ScreenState, rect: GridRect) {
        sections = state.sidebarCache?.key
        list = state.sidebar
        self.rect = rect
        focused = state.focus == .sidebar
    }
}
