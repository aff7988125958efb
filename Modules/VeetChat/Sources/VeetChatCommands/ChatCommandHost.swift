import Foundation
import VeetChat
import VeetStore
import VeetTransport

/// What Chat's command face gets from the app that hosts it: the connection
/// (its sender, its identity and its local store, as the app resolved them),
/// the other features' and veetd's parts as plain closures, and the app's
/// words for an error. The face makes no client, reads no HTTP status and
/// imports no other feature.
public struct ChatCommandHost: Sendable {
    /// The way to the chosen connection's server; throws when there is none.
    public var sender: @Sendable () throws -> HTTPRequestSender
    /// Who the chosen connection is (approval cards and the artifact cache are tagged with it).
    public var identity: @Sendable () throws -> ConnectionIdentity
    /// The local store of the chosen connection.
    public var store: @Sendable () throws -> LocalStore
    /// The website-access profile a new conversation starts with (another feature's choice), and how a
    /// new conversation checks it: nil when none is chosen.
    public var browserProfile: @Sendable (LocalStore) -> BrowserProfileChoice?
    /// veetd, when one runs: a sync through it, a run left waiting, the conversation on screen.
    public var daemon: ChatDaemonHooks
    /// An error in the app's words (the command that fixes it, where there is one).
    public var describe: @Sendable (any Error) -> String
    /// Reports an error of one interactive line on stderr, and the chat goes on.
    public var reportError: @Sendable (any Error) -> Void
    /// The process environment (the clipboard's route reads it).
    public var environment: [String: String]

    public init(sender: @escaping @Sendable () throws -> HTTPRequestSender,
                identity: @escaping @Sendable () throws -> ConnectionIdentity,
                store: @escaping @Sendable () throws -> LocalStore,
                browserProfile: @escaping @Sendable (LocalStore) -> BrowserProfileChoice? = { _ in nil },
                daemon: ChatDaemonHooks = ChatDaemonHooks(),
                describe: @escaping @Sendable (any Error) -> String = { String(describing: $0) },
                reportError: @escaping @Sendable (any Error) -> Void = { _ in },
                environment: [String: String] = [:]) {
        self.sender = sender
        self.identity = identity
        self.store = store
        self.browserProfile = browserProfile
        self.daemon = daemon
        self.describe = describe
        self.reportError = reportError
        self.environment = environment
    }

    /// A ChatAPI over the chosen connection.
    func api() throws -> ChatAPI { ChatAPI(sender: try sender()) }
}

/// The profile chosen for new conversations (`veet sites use`) and its check when one is created.
public struct BrowserProfileChoice: Sendable {
    public var profileID: String?
    public var check: @Sendable (String) async -> String?

    public init(profileID: String?, check: @escaping @Sendable (String) async -> String?) {
        self.profileID = profileID
        self.check = check
    }
}

/// What the face asks of veetd; each hook does nothing without one.
public struct ChatDaemonHooks: Sendable {
    /// Reconciles this connection through a running veetd (`client` names the asker); nil when none did.
    public var sync: @Sendable (_ client: String) throws -> DaemonSyncCounts?
    /// Tells veetd that a run was left waiting for the owner, so its alert comes at once.
    public var runLeftWaiting: @Sendable (_ runID: String, _ sessionID: String) -> Void
    /// A reporter of the conversation on screen, alive as long as the interactive chat.
    public var visibility: @Sendable () -> any ConversationOnScreen

    public init(sync: @escaping @Sendable (String) throws -> DaemonSyncCounts? = { _ in nil },
                runLeftWaiting: @escaping @Sendable (String, String) -> Void = { _, _ in },
                visibility: @escaping @Sendable () -> any ConversationOnScreen = { NoConversationOnScreen() }) {
        self.sync = sync
        self.runLeftWaiting = runLeftWaiting
        self.visibility = visibility
    }
}

/// What veetd's sync of one connection changed.
public struct DaemonSyncCounts: Sendable, Equatable {
    public var connection: String
    public var added: Int
    public var updated: Int
    public var pruned: Int

    public init(connection: String, added: Int, updated: Int, pruned: Int) {
        self.connection = connection
        self.added = added
        self.updated = updated
        self.pruned = pruned
    }
}

/// Tells whoever raises alerts which conversation the owner is looking at.
public protocol ConversationOnScreen: Sendable {
    func report(_ sessionID: String?)
}

/// No one to tell (no veetd, or a tool that runs none).
public struct NoConversationOnScreen: ConversationOnScreen {
    public init() {}
    public func report(_ sessionID: String?) {}
}
