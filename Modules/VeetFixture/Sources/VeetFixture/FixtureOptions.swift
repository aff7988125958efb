import Foundation

/// Fixed settings of a `FixtureServer`.
public struct FixtureOptions: Sendable, Equatable {
    /// Seconds of silence after which an event stream gets `: heartbeat` (the snapshot uses 15).
    public var heartbeatInterval: TimeInterval
    /// Pause between consecutive events of a scripted run (clients can attach mid-run).
    public var stepDelay: TimeInterval
    /// Total duration of the reply to a prompt containing "slow" (twenty deltas).
    public var slowReplyDuration: TimeInterval
    /// Largest accepted request body (bytes); larger is `413 payload_too_large`.
    public var maximumBodyBytes: Int
    /// Largest accepted request line plus headers (bytes); larger is a plain `431`.
    public var maximumHeaderBytes: Int
    /// A keep-alive connection idle this long is closed.
    public var idleConnectionTimeout: TimeInterval
    /// Start with queued runs held (see `FixtureServer.holdRuns(_:)`).
    public var holdRuns: Bool
    /// Serve `POST /v1/sessions/{id}/artifacts` ([newer]); false answers 404 like the snapshot.
    public var uploads: Bool
    /// Largest accepted upload (bytes); larger is `413 payload_too_large`.
    public var maximumUploadBytes: Int
    /// Attachment blocks must name an upload of the same session (else 404), as newer servers
    /// require. Off by default: unknown artifact ids are accepted as given, like the snapshot;
    /// known uploads are checked and claimed either way.
    public var strictAttachments: Bool
    /// Serve the folder routes and `folder_id` on session views ([newer]); false answers 404.
    public var folders: Bool = true
    /// Serve the folder proposals (`/v1/folders/proposals…`); false answers 404 there while the
    /// folders themselves are served, like a server from before proposals.
    public var folderProposals: Bool = true
    /// Accept the fixture's own loopback origin (`http://127.0.0.1:PORT`, its
    /// sign-in website) as a browser profile's origin. For tests only: nothing
    /// else relaxes the public-HTTPS rule, and it stays off by default.
    public var allowsOwnSiteOrigin: Bool = false
    /// Offer the device sign-in hand-off (`mode: "device"`, docs/wire/website-access.md §5);
    /// false refuses it at begin with `409 tool.browser.provider_unavailable`.
    public var deviceSignIn: Bool = true
    /// Serve the schedule routes; false answers 404 like a server with the schedule API off.
    public var schedules: Bool = true
    /// Serve devices and notifications ([newer], Account/); false answers 404 like a server with the notification API off.
    public var devices: Bool = true
    /// Serve task permissions ([newer], docs/wire/website-access.md §8): the task-grant and task-scope routes,
    /// `approve_for_task` and the task fields of `browser.act` approvals. False: the routes answer
    /// 404, `approve_for_task` is 400 and approvals carry no task fields, like the snapshot.
    public var taskPermissions: Bool = true
    /// Serve the task scopes (`/v1/browser-task-scopes`, docs/wire/website-access.md §8.2); false answers 404
    /// there while the task grants are served.
    public var taskScopes: Bool = true
    /// Serve `PUT /v1/sessions/{id}/website` ([newer], docs/wire/website-access.md §6); false answers 404.
    public var sessionWebsite: Bool = true
    /// Serve the memory browser ([newer], docs/wire/memory.md §3-5): false answers 404 on every memory
    /// route, like a server with the memory API off (the synthesis and dreaming routes need it too).
    public var memory: Bool = true
    /// Serve the synthesis history (docs/wire/memory.md §6); false answers 404 there (and on dreaming).
    public var memorySynthesis: Bool = true
    /// Serve dreaming review (docs/wire/memory.md §7); false answers 404 there.
    public var memoryDreaming: Bool = true
    /// The token holds `memory.write`; false answers every memory write with `403 authorization_error`.
    public var memoryWriteScope: Bool = true
    /// The server supports memory changes; false answers a review with the framework's 404 and a
    /// delete with its 400 (`The HTTP request is not supported.`), as a browser-only server does (docs/wire/memory.md §1).
    public var memoryChanges: Bool = true
    /// Serve the People routes ([newer], docs/wire/people.md); false answers 404 like a server with the People flag off.
    public var people: Bool = true
    /// Serve the People history imports (docs/wire/people.md §10); false answers 404 on `/v1/people/imports…`
    /// while the rest of People is served, like a server from before imports.
    public var peopleImports: Bool = true
    /// Answer every People write `403 authorization_error`, as for a token without `people.write`.
    public var peopleWritesDenied: Bool = false
    /// The first edit (PATCH) of each person finds it changed on another device just before: `409`.
    public var peopleEditedElsewhere: Bool = false
    /// Serve the email routes ([newer], docs/wire/email.md); false answers 404 like a server with Email mode off.
    public var email: Bool = true
    /// Serve the learning routes (docs/wire/email.md §12: the state, pause and reset); false answers 404 there
    /// while the rest of Email is served, like a server from before learning.
    public var emailLearning: Bool = true
    /// Serve the two thread spam routes (docs/wire/email.md §10), mounted with the unsubscribe-assistance flag.
    public var emailSpamRoutes: Bool = true
    /// Answer every email write `403 authorization_error`, as for a token without `email.write`.
    public var emailReadOnly: Bool = false
    /// How email operations (refresh, draft generation, archive, spam) end unless a control forces the next one.
    public var emailOperations: EmailOutcome = .succeed
    /// How an approved send ends (`uncertain`: the draft ends `uncertain`, never sent again).
    public var emailSendOutcome: EmailOutcome = .succeed
    /// A send proposal answers with only `run_id` and `draft` (no `status`, no `approval_id`, docs/wire/email.md §9):
    /// the run stays `QUEUED` and its approval appears on the next read of the draft.
    public var emailLateApproval: Bool = false
    /// The automatic-work allowance is spent: refresh, draft generation and send proposals answer `402`.
    public var emailBudgetExhausted: Bool = false
    /// Serve the model settings ([newer], docs/wire/settings.md §3); false answers 404 like a server without them.
    public var modelSettings: Bool = true
    /// Serve the persona, its history and nominations ([newer], docs/wire/settings.md §4); false answers 404.
    public var persona: Bool = true
    /// Serve the persona's nominations (docs/wire/settings.md §4); false answers 404 there while the persona
    /// and its history are served, like a persona from before nominations existed.
    public var personaNominations: Bool = true
    /// Serve the subscription census ([newer], docs/wire/subscriptions.md) and the thread blocks; false answers
    /// 404 like a server with unsubscribe assistance off, and the accounts say `unsubscribe_supported: false`.
    /// The census is served only while `email` is on too.
    public var subscriptions: Bool = true
    /// `GET /v1/email/accounts` answers 404 while the rest of Email is served. No server the contract
    /// describes does this: it lets a test check that a client that cannot read the flags offers nothing.
    public var emailAccountListMissing: Bool = false
    /// Serve the call routes ([newer], docs/wire/calls.md); false answers 404 like a server with calling off.
    public var calls: Bool = true
    /// Serve the messaging-surface routes ([newer], docs/wire/surfaces.md); false answers 404 like a server
    /// with the surface API off.
    public var surfaces: Bool = true
    /// Sessions seeded at start (see `FixtureServer.seedSessions(count:messagesPerSession:)`).
    public var seedSessions: Int
    /// Messages per seeded session (user and assistant, rounded up to whole turns).
    public var seedMessagesPerSession: Int
    /// "Skill background review" sessions with stuck runs added at start, with a People
    /// audit and import session (see `FixtureServer.addServerSessions(reviews:)`); 0: none.
    public var serverSessions: Int = 0

    public init(
        heartbeatInterval: TimeInterval = 15, stepDelay: TimeInterval = 0.05, slowReplyDuration: TimeInterval = 10,
        maximumBodyBytes: Int = 1_048_576, maximumHeaderBytes: Int = 65_536, idleConnectionTimeout: TimeInterval = 120,
        holdRuns: Bool = false, uploads: Bool = true, maximumUploadBytes: Int = 32 * 1_048_576,
        strictAttachments: Bool = false, seedSessions: Int = 0, seedMessagesPerSession: Int = 4
    ) {
        self.heartbeatInterval = heartbeatInterval
        self.stepDelay = stepDelay
        self.slowReplyDuration = slowReplyDuration
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumHeaderBytes = maximumHeaderBytes
        self.idleConnectionTimeout = idleConnectionTimeout
        self.holdRuns = holdRuns
        self.uploads = uploads
        self.maximumUploadBytes = maximumUploadBytes
        self.strictAttachments = strictAttachments
        self.seedSessions = seedSessions
        self.seedMessagesPerSession = seedMessagesPerSession
    }

    /// Only what the August 2026 snapshot server offers (`--profile snapshot`):
    /// no folders, devices, notifications, uploads, task permissions or
    /// session website binding, no memory, no People, no model settings or persona, no calls or surfaces (each answers as the
    /// snapshot does: 404 on the route, no `folder_id` key on session views,
    /// no task fields on approvals), no Email.
    public func applying(_ profile: FixtureProfile) -> FixtureOptions {
        var options = self
        if profile == .snapshot {
            options.folders = false
            options.devices = false
            options.uploads = false
            options.taskPermissions = false
            options.sessionWebsite = false
            options.memory = false
            options.people = false
            options.email = false
            options.modelSettings = false
            options.persona = false
            options.subscriptions = false
            options.calls = false
            options.surfaces = false
        }
        return options
    }

    /// Fast settings for tests: 0.2 s heartbeat, 1 ms steps, 0.5 s slow reply.
    /// Folders are off here so session views keep the snapshot's keys (the
    /// golden comparisons); tests about folders turn them on.
    public static var testing: FixtureOptions {
        var options = FixtureOptions(heartbeatInterval: 0.2, stepDelay: 0.001, slowReplyDuration: 0.5)
        options.folders = false
        return options
    }
}

/// Which server the fixture imitates.
public enum FixtureProfile: String, Sendable, CaseIterable {
    /// Every family the contract describes that the fixture implements (the default).
    case full
    /// The public August 2026 release: only its [snapshot] families.
    case snapshot
}
