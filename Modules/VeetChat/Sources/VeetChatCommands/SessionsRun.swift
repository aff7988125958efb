import Foundation
import VeetChat
import VeetConsole
import VeetStore
import VeetTransport
import VeetWire

/// `veet sessions list|show|delete`, `veet sync`, `veet search`.
struct SessionsRun {
    let host: ChatCommandHost
    let console: Console

    func sync(_ command: ParsedCommand) async throws -> ExitCode {
        if let synced = try host.daemon.sync("veet sync") {
            if console.json {
                try console.printJSON(DaemonSyncRow(connection: synced.connection, added: synced.added, updated: synced.updated,
                                                    pruned: synced.pruned))
            } else {
                console.out.writeLine("\(synced.added) added, \(synced.updated) updated, \(synced.pruned) removed (through veetd).")
            }
            return .success
        }
        let store = try host.store()
        let source = HTTPStoreSource(sender: try host.sender())
        let report = try await store.reconcile(from: source)
        // Transcripts of what changed, so search finds what was said (newest first, bounded).
        let limit = try command.int(ChatCommands.transcripts) ?? 200
        let changed = Array((report.added + report.updated).prefix(max(0, limit)))
        let fetched = await store.refreshTranscripts(changed, from: source)
        if console.json {
            try console.printJSON(SyncSummary(report: ReconcileRow(report: report), transcriptsFetched: fetched))
        } else {
            console.out.writeLine("\(report.added.count) added, \(report.updated.count) updated, \(report.pruned.count) removed "
                                  + "(\(report.pagesRead) pages, \(report.pointReads) point reads); "
                                  + "\(fetched) transcripts fetched; \(try store.sessionCount()) conversations.")
        }
        return .success
    }

    struct SyncSummary: Encodable {
        let report: ReconcileRow
        let transcriptsFetched: Int
        enum CodingKeys: String, CodingKey { case report, transcriptsFetched = "transcripts_fetched" }
    }

    func list(_ command: ParsedCommand) async throws -> ExitCode {
        let limit = try command.int(ChatCommands.limit) ?? 50
        guard limit > 0 else {
            throw CommandFailure.usage("\(console.programName): --limit must be at least 1.")
        }
        let store = try host.store()
        if command.flag(ChatCommands.allKinds) {
            return try await listAllKinds( limit: command.flag(ChatCommands.all) ? nil : limit)
        }
        // An empty mirror has never been filled: fill it rather than show nothing.
        let isEmpty = try store.sessionCount() == 0
        if command.flag(ChatCommands.refresh) || isEmpty, try host.daemon.sync("veet sessions") == nil {
            _ = try await store.reconcile(from: HTTPStoreSource(sender: try host.sender()))
        }
        let sessions = try store.sessions(limit: command.flag(ChatCommands.all) ? nil : limit)
        if console.json {
            try console.printJSON(sessions.map(SessionRow.init))
            return .success
        }
        if sessions.isEmpty {
            console.err.writeLine("No conversations yet. `veet chat` starts one.")
            return .success
        }
        for session in sessions {
            printRow(updatedAt: session.updatedAt, active: session.activeRunID != nil, title: session.displayTitle, id: session.id)
        }
        return .success
    }

    /// One conversation: when, whether a run is active, its title (and a mark), its id.
    private func printRow(updatedAt: Timestamp, active: Bool, title: String?, mark: String = "", id: String) {
        let style = console.outStyle
        let when = updatedAt.date.map(Self.format) ?? updatedAt.text
        let state = active ? "active" : "      "
        console.out.writeLine("\(style.dim(when))  \(style.accent(state))  \(ServerText.line(title ?? "(untitled)"))\(mark)  \(style.dim(id))")
    }

    /// Every session the server lists, the server's own included and marked. The
    /// local mirror holds only the owner's conversations (`SessionKind`), so this
    /// reads the server.
    private func listAllKinds(limit: Int?) async throws -> ExitCode {
        let views = try await host.api().allSessions(pageSize: min(limit ?? 200, 200), maxItems: limit)
        let rows = views.map { SessionKindRow(view: $0) }
        if console.json {
            try console.printJSON(rows)
            return .success
        }
        if rows.isEmpty {
            console.err.writeLine("The server lists no sessions.")
            return .success
        }
        let style = console.outStyle
        for view in views {
            let mark = SessionKind(view).mark.map { "  " + style.warning("[\(ServerText.line($0))]") } ?? ""
            printRow(updatedAt: view.updatedAt, active: view.activeRunID != nil, title: view.title, mark: mark, id: view.id)
        }
        return .success
    }

    func show(_ id: String) async throws -> ExitCode {
        let store = try host.store()
        // Not cached yet: read from the server (and kept); a 404 or no answer is an error, never an empty transcript.
        let read = try await ConversationMirror(api: try host.api(), store: store)
            .transcript(sessionID: id)
        let messages = read.messages
        if let problem = read.problem {
            console.err.writeLine(console.errStyle.warning("Showing the cached transcript; the server could not be read (\(host.describe(problem)))."))
        }
        if console.json {
            try console.printJSON(messages.map { ["sequence": String($0.sequence), "role": $0.role,
                                                 "text": $0.content.compactMap(\.text).joined()] })
            return .success
        }
        let style = console.outStyle
        let renderer = TerminalTurnView.renderer(for: console)
        for message in messages {
            let text = message.content.compactMap(\.text).joined()
            let files = message.content.compactMap { block -> String? in
                switch block {
                case .file(let id, _, let name): "[file \(name ?? id)]"
                case .image(let id, _, _, let name): "[image \(name ?? id)]"
                default: nil
                }
            }
            if message.role == "user" {
                console.out.writeLine(style.emphasis("You: ") + text + (files.isEmpty ? "" : " " + files.joined(separator: " ")))
            } else if let renderer {
                for line in renderer.render(markdown: text).lines { console.out.writeLine(line) }
                if !files.isEmpty { console.out.writeLine(style.dim(files.joined(separator: " "))) }
            } else {
                console.out.writeLine(text)
            }
            console.out.writeLine("")
        }
        return .success
    }

    func delete(_ id: String) async throws -> ExitCode {
        let store = try host.store()
        let api = try host.api()
        do {
            try await store.deleteEverywhere(sessionID: id) { try await api.deleteSession(id: id) }
        } catch let error as APIError where [.runInProgress, .changedElsewhere].contains(error.refusal) {
            throw CommandFailure("\(console.programName): this conversation has a run in progress; stop it first "
                                 + "(`\(console.programName) run cancel \(error.details["run_id"]?.stringValue ?? "RUN")`), then delete again.",
                                 cause: error)
        }
        if !console.json { console.out.writeLine("Deleted \(id) on the server and here.") }
        return .success
    }

    func search(_ command: ParsedCommand) throws -> ExitCode {
        let query = command.arguments(ChatCommands.query).joined(separator: " ")
        let store = try host.store()
        let outcome = try store.search(query, limit: try command.int(ChatCommands.searchLimit) ?? 50, width: max(40, console.terminal.width - 4))
        switch outcome {
        case .emptyQuery:
            throw CommandFailure.usage("\(console.programName): give some words to search for.")
        case .refine(let firstOnes):
            // The first ones found still show (newest first, unranked), as the TUI lists them.
            if console.json {
                try console.printJSON(JSONValue.object(["refine": .bool(true), "first": .array(firstOnes.map(Self.jsonRow))]))
                return .success
            }
            console.err.writeLine("More than 100 matches: refine your query. The first \(firstOnes.count) found:")
            printHits(firstOnes)
            return .success
        case .results(let hits):
            if console.json {
                try console.printJSON(JSONValue.array(hits.map(Self.jsonRow)))
                return .success
            }
            if hits.isEmpty { console.err.writeLine("Nothing found. (`veet sync` fetches new history.)") }
            printHits(hits)
            return .success
        }
    }

    private static func jsonRow(_ hit: SearchHit) -> JSONValue {
        .object(["session_id": .string(hit.sessionID), "title": .string(hit.title ?? ""), "excerpt": .string(hit.excerpt.text),
                 "matches": .string(String(hit.matchCount)), "updated_at": .string(hit.updatedAt.text)])
    }

    private func printHits(_ hits: [SearchHit]) {
        let style = console.outStyle
        for hit in hits {
            let when = hit.updatedAt.date.map(Self.format) ?? hit.updatedAt.text
            console.out.writeLine(style.emphasis(ServerText.line(hit.title ?? "(untitled)")) + "  " + style.dim(when)
                                  + "  " + style.dim(hit.sessionID))
            let open = style.isEnabled ? "\u{1B}[1;4m" : "[", close = style.isEnabled ? "\u{1B}[22;24m" : "]"
            console.out.writeLine("  " + hit.excerpt.marked(open: open, close: close))
        }
    }

    static func format(_ date: Date) -> String {
        date.formatted(.dateTime.year().month(.twoDigits).day(.twoDigits).hour().minute())
    }
}

/// One line of `veet sessions list --all-kinds --json`, in the wire's spelling:
/// `kind` is `owner` or `server`; `server_kind` names the metadata that says so.
struct SessionKindRow: Encodable {
    let id: String
    let title: String?
    let status: String
    let updatedAt: String
    let activeRunID: String?
    let kind: String
    let serverKind: String?

    init(view: SessionView) {
        id = view.id
        title = view.title
        status = view.status.rawValue
        updatedAt = view.updatedAt.text
        activeRunID = view.activeRunID
        switch SessionKind(view) {
        case .owners:
            kind = "owner"
            serverKind = nil
        case .serversOwn(let field, let value):
            kind = "server"
            serverKind = "\(field)=\(value)"
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, title, status, kind
        case updatedAt = "updated_at", activeRunID = "active_run_id", serverKind = "server_kind"
    }
}
