import Foundation
import VeetFixture

/// veet-fixture's command line: its options, switches and faults, and the usage text.
struct CommandLineOptions {
    var port: UInt16 = 0
    var token: String?
    var options = FixtureOptions()
    var faults = FixtureFaults()
    var autoNotify = false
    var hostile: HostileKind?

    static let usage = """
        usage: veet-fixture [--port P] [--token T] [options]

        Serves the Veetbot /v1 API on 127.0.0.1 with a scripted agent.
        Prints the base URL as the first line of stdout, then serves until SIGINT or SIGTERM.

          --port P               port to bind (default 0: a free port)
          --token T              bearer token (default: $VEET_FIXTURE_TOKEN, else generated and printed on stderr)
          --heartbeat SECONDS    heartbeat after this much stream silence (default 15)
          --step-delay SECONDS   pause between scripted events (default 0.05)
          --slow-seconds S       duration of the "slow" reply (default 10)
          --hold-runs            keep new runs QUEUED (for demos of queued states)
          --seed-sessions N      start with N finished sessions (searchable transcripts; see docs/fixture.md)
          --seed-messages N      messages per seeded session (default 4: two question/answer turns)
          --server-sessions N    add N "Skill background review" sessions (metadata run_kind) with runs
                                 stuck QUEUED, and a People audit and import session: the server's own
          --no-uploads           answer 404 to POST /v1/sessions/{id}/artifacts, like the snapshot
          --no-folders           no folder routes (404) and no folder_id on session views, like the snapshot
          --no-folder-proposals  folders served, their proposals 404 (a server from before proposals)
          --no-schedules         no schedule routes (404), like a server with the schedule API off
          --no-calls             no call routes (404), like a server with calling off
          --no-surfaces          no messaging-surface routes (404), like a server with the surface API off
          --no-devices           no device or notification routes (404), like a server with the notification API off
          --no-task-permissions  no task grants or scopes (404), approve_for_task 400, no task fields on approvals
          --no-task-scopes       task grants served, /v1/browser-task-scopes 404
          --no-session-website   PUT /v1/sessions/{id}/website answers 404
          --no-device-sign-in    website sign-in refuses mode "device" (409 tool.browser.provider_unavailable)
          --no-memory            no memory routes at all (404), like a server with the memory API off
          --no-memory-synthesis  no synthesis history (404), and so no dreaming either
          --no-dreaming          no dreaming review routes (404)
          --no-memory-write      the token lacks memory.write: every memory write answers 403
          --no-memory-changes    memories can be read but not changed (the framework's 404/400 texts)
          --no-people            no People routes (404), like a server with the People flag off
          --no-people-imports    People served, its history imports 404 (a server from before imports)
          --people-read-only     answer every People write 403, like a token without people.write
          --people-edited-elsewhere  the first edit of each person meets 409 (changed on another device)
          --no-email             no email routes (404), like a server with Email mode off
          --no-email-learning    Email served, its learning routes 404 (a server from before learning)
          --no-email-spam        no thread spam routes (404), like a server with unsubscribe assistance off
          --email-read-only      answer every email write 403, like a token without email.write
          --email-operations O   email operations (refresh, draft generation, archive, spam) end: succeed
                                 (default), fail, or uncertain (Inbox changes unconfirmed; refresh and
                                 generation never finish)
          --email-send O         approved sends end: succeed (default), fail, or uncertain
          --email-budget-exhausted  refresh, draft generation and send proposals answer 402 budget_exceeded
          --email-late-approval  a send proposal answers only run_id and draft; the approval appears on the
                                 next read of the draft
          --no-model-settings    no /v1/settings/models (404), like a server without model settings
          --no-persona           no persona, history or nomination routes (404)
          --no-persona-nominations  persona and history served, nominations 404 (before nominations existed)
          --no-subscriptions     unsubscribe assistance off: no census or thread spam routes (404), no thread
                                 subscription blocks, unsubscribe_supported false on every account
          --no-email-accounts    GET /v1/email/accounts answers 404 (no real server does; tests of a client
                                 that cannot read the account flags)
                 --profile NAME         full (default) or snapshot: only what the August 2026 server offers (no folders,
                                  devices, notifications, uploads, task permissions, session website binding, memory, People,
                                  Email, model settings or persona)
          --auto-notify          raise inbox notifications when a run waits on an approval or a question, or fails
          --strict-attachments   attachment blocks must name an upload of the session (else 404)
          --churn-paging MODE    move a session after each session-list page: promote (an unseen one
                                 jumps to the top) or demote (a seen one drops to the bottom)
          --churn-limit N        churn only after the first N pages
          --repeat-cursor N      the next N session pages requested with a cursor repeat it as next_cursor
          --cut-after N          cut every event stream after N frames (before the terminal event)
          --cut-limit N          cut only the first N streams
          --overflow-after N     send stream.overflow and close after N frames
          --overflow-limit N     overflow only the first N streams
          --drop-after-submit N  drop the connection after N applied message submissions
          --fail-submit N        answer the next N message submissions with 500 (nothing applied)
          --fail-transcripts N   answer the next N transcript reads with 500
          --fail-uploads N       answer the next N uploads with 429 rate_limited, Retry-After 30 (nothing stored)
          --reject-status CODE   answer the next requests with CODE (503 or 429)
          --reject-count N       how many requests get --reject-status (default 1)
          --retry-after VALUE    Retry-After for rejected requests (default 1)
          --redirect CODE        test only: answer every /v1/ request with redirect CODE (301, 302, 303,
                                 307 or 308) to --redirect-to + the request's path; never on by default
          --redirect-to URL      the redirect target's base URL (default http://127.0.0.1:9)
          --hostile KIND         instead of the reference server, a hostile one that breaks the contract
                                 in one way (docs/reliability.md): \(HostileKind.allCases.map(\.rawValue).joined(separator: ", "))
          --help                 show this help

        Prompts (first match wins): "approv" (approval; with "long": a cut argument with a digest),
        "artifact", "export" (files in the answer), "brows" (browser.act approval with a task-grant
        offer), "ask", "deadline" (cancelled by deadline; with "fail": failed deadline_exceeded),
        "research" (mixed tools, every outcome), "fetch" (web.fetch outcomes), "fail", "slow",
        "reasoning summary" or "summar…think" (reasoning summaries), "think", "markdown" or "long"
        (long Markdown), arithmetic such as "17 * 23" (calculator); anything else gets a short
        Markdown answer.
        """

    enum ParseError: Error { case help, invalid(String) }

    static func parse(_ arguments: [String]) throws -> CommandLineOptions {
        var result = CommandLineOptions()
        var rejectStatus: Int?
        var rejectCount = 1
        var retryAfter = "1"
        var redirectStatus: Int?
        var redirectTarget = "http://127.0.0.1:9"
        var profile = FixtureProfile.full
        var remaining = arguments[...]
        func value(for flag: String) throws -> String {
            guard let next = remaining.popFirst() else { throw ParseError.invalid("\(flag) needs a value") }
            return next
        }
        func number<T: LosslessStringConvertible>(_ flag: String, as: T.Type) throws -> T {
            let text = try value(for: flag)
            guard let parsed = T(text) else { throw ParseError.invalid("\(flag): not a number: \(text)") }
            return parsed
        }
        func outcome(_ flag: String) throws -> EmailOutcome {
            let text = try value(for: flag)
            guard let parsed = EmailOutcome(rawValue: text) else {
                throw ParseError.invalid("\(flag): succeed, fail or uncertain, not \(text)")
            }
            return parsed
        }
        while let flag = remaining.popFirst() {
            switch flag {
            case "--help", "-h": throw ParseError.help
            case "--port": result.port = try number(flag, as: UInt16.self)
            case "--token": result.token = try value(for: flag)
            case "--heartbeat": result.options.heartbeatInterval = try number(flag, as: Double.self)
            case "--step-delay": result.options.stepDelay = try number(flag, as: Double.self)
            case "--slow-seconds": result.options.slowReplyDuration = try number(flag, as: Double.self)
            case "--hold-runs": result.options.holdRuns = true
            case "--seed-sessions": result.options.seedSessions = try number(flag, as: Int.self)
            case "--seed-messages": result.options.seedMessagesPerSession = try number(flag, as: Int.self)
            case "--server-sessions": result.options.serverSessions = try number(flag, as: Int.self)
            case "--no-uploads": result.options.uploads = false
            case "--no-folders": result.options.folders = false
            case "--no-folder-proposals": result.options.folderProposals = false
            case "--no-task-permissions": result.options.taskPermissions = false
            case "--no-task-scopes": result.options.taskScopes = false
            case "--no-session-website": result.options.sessionWebsite = false
            case "--no-device-sign-in": result.options.deviceSignIn = false
            case "--no-people-imports": result.options.peopleImports = false
            case "--no-email-learning": result.options.emailLearning = false
            case "--no-persona-nominations": result.options.personaNominations = false
            case "--no-schedules": result.options.schedules = false
            case "--no-calls": result.options.calls = false
            case "--no-surfaces": result.options.surfaces = false
            case "--no-devices": result.options.devices = false
            case "--no-memory": result.options.memory = false
            case "--no-memory-synthesis": result.options.memorySynthesis = false
            case "--no-dreaming": result.options.memoryDreaming = false
            case "--no-memory-write": result.options.memoryWriteScope = false
            case "--no-memory-changes": result.options.memoryChanges = false
            case "--no-subscriptions":
                result.options.subscriptions = false
                result.options.emailSpamRoutes = false
            case "--no-email-accounts": result.options.emailAccountListMissing = true
            case "--no-people": result.options.people = false
            case "--people-read-only": result.options.peopleWritesDenied = true
            case "--people-edited-elsewhere": result.options.peopleEditedElsewhere = true
            case "--no-email": result.options.email = false
            case "--no-email-spam": result.options.emailSpamRoutes = false
            case "--email-read-only": result.options.emailReadOnly = true
            case "--email-operations": result.options.emailOperations = try outcome(flag)
            case "--email-send": result.options.emailSendOutcome = try outcome(flag)
            case "--email-budget-exhausted": result.options.emailBudgetExhausted = true
            case "--email-late-approval": result.options.emailLateApproval = true
            case "--no-model-settings": result.options.modelSettings = false
            case "--no-persona": result.options.persona = false
            case "--auto-notify": result.autoNotify = true
            case "--profile":
                let name = try value(for: flag)
                guard let chosen = FixtureProfile(rawValue: name) else {
                    throw ParseError.invalid("--profile: full or snapshot, not \(name)")
                }
                profile = chosen
            case "--hostile":
                let name = try value(for: flag)
                guard let kind = HostileKind(rawValue: name) else {
                    throw ParseError.invalid("--hostile: unknown kind \(name); one of "
                                             + HostileKind.allCases.map(\.rawValue).joined(separator: ", "))
                }
                result.hostile = kind
            case "--strict-attachments": result.options.strictAttachments = true
            case "--churn-paging":
                switch try value(for: flag) {
                case "promote": result.faults.touchSessionsDuringPaging = .promoteUnseen
                case "demote": result.faults.touchSessionsDuringPaging = .demoteSeen
                case let other: throw ParseError.invalid("--churn-paging: promote or demote, not \(other)")
                }
            case "--churn-limit": result.faults.touchSessionsLimit = try number(flag, as: Int.self)
            case "--repeat-cursor": result.faults.repeatSessionCursor = try number(flag, as: Int.self)
            case "--cut-after": result.faults.cutStreamsAfterFrames = try number(flag, as: Int.self)
            case "--cut-limit": result.faults.cutStreamsLimit = try number(flag, as: Int.self)
            case "--overflow-after": result.faults.overflowAfterFrames = try number(flag, as: Int.self)
            case "--overflow-limit": result.faults.overflowLimit = try number(flag, as: Int.self)
            case "--drop-after-submit": result.faults.dropAfterSubmit = try number(flag, as: Int.self)
            case "--fail-submit": result.faults.failSubmits = try number(flag, as: Int.self)
            case "--fail-transcripts": result.faults.failTranscripts = try number(flag, as: Int.self)
            case "--fail-uploads": result.faults.failUploads = try number(flag, as: Int.self)
            case "--reject-status": rejectStatus = try number(flag, as: Int.self)
            case "--reject-count": rejectCount = try number(flag, as: Int.self)
            case "--retry-after": retryAfter = try value(for: flag)
            case "--redirect":
                let status = try number(flag, as: Int.self)
                guard [301, 302, 303, 307, 308].contains(status) else {
                    throw ParseError.invalid("--redirect: 301, 302, 303, 307 or 308, not \(status)")
                }
                redirectStatus = status
            case "--redirect-to": redirectTarget = try value(for: flag)
            default: throw ParseError.invalid("unknown option: \(flag)")
            }
        }
        result.options = result.options.applying(profile)
        if let rejectStatus {
            result.faults.rejectNextRequests = .init(status: rejectStatus, count: rejectCount, retryAfter: retryAfter)
        }
        if let redirectStatus {
            result.faults.redirectEveryRequest = .init(status: redirectStatus, location: redirectTarget)
        }
        return result
    }
}
