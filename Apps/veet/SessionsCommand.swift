import Foundation
import VeetChat
import VeetConsole
import VeetStore
import VeetTransport
import VeetWire

/// `veet sessions list|show|delete`, `veet sync`, `veet search`.
struct SessionsCommand {
    let context: CLIContext

    func sync(_ command: ParsedCommand) async throws -> ExitCode {
        if let answered = try DaemonCommand.syncThroughDaemon(context: context) { return answered }
        let (store, client) = try context.store()
        let source = HTTPStoreSource(sender: .live(client: client))
        let report = try await store.reconcile(from: source)
        // Transcripts of what changed, so search finds what was said (newest first, bounded).
        let limit = try command.int("transcripts") ?? 200
        let changed = Array((report.added + report.updated).prefix(max(0, limit)))
        let fetched = await store.refreshTranscripts(changed, from: source)
        if context.json {
            try JSONOutput.print(SyncSummary(report: ReconcileRow(report: report), transcriptsFetched: fetched), layout: .compact)
        } else {
            context.out.writeLine("\(report.added.count) added, \(report.updated.count) updated, \(report.pruned.count) removed "
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
        let limit = try command.int("limit") ?? 50
        guard limit > 0 else {
            return context.fail("veet: --limit must be at least 1.", .usage)
        }
        let (store, client) = try context.store()
        if command.flag("all-kinds") {
            return try await listAllKinds(client: client, limit: command.flag("all") ? nil : limit)
        }
        // An empty mirror has never been filled: fill it rather than show nothing.
        let isEmpty = try store.sessionCount() == 0
        if command.flag("refresh") || isEmpty, try DaemonCommand.daemonSync(context: context, client: "veet sessions") == nil {
            _ = try await store.reconcile(from: HTTPStoreSource(sender: .live(client: client)))
        }
        let sessions = try store.sessions(limit: command.flag("all") ? nil : limit)
        if context.json {
            try JSONOutput.print(sessions.map(SessionRow.init), layout: .compact)
            return .success
        }
        if sessions.isEmpty {
            context.err.writeLine("No conversations yet. `veet chat` starts one.")
            return .success
        }
        let style = context.outStyle
        for session in sessions {
            let when = session.updatedAt.date.map(Self.format) ?? session.updatedAt.text
            let state = session.activeRunID == nil ? "      " : "active"
            context.out.writeLine("\(style.dim(when))  \(style.accent(state))  \(ServerText.line(session.displayTitle ?? "(untitled)"))  \(style.dim(session.id))")
        }
        return .success
    }

    /// Every session the server lists, the server's own included and marked. The
    /// local mirror holds only the owner's conversations (`SessionKind`), so this
    /// reads the server.
    private func listAllKinds(client: HTTPClient, limit: Int?) async throws -> ExitCode {
        let views = try await ChatAPI(sender: .live(client: client)).allSessions(pageSize: min(limit ?? 200, 200), maxItems: limit)
        let rows = views.map { SessionKindRow(view: $0) }
        if context.json {
            try JSONOutput.print(rows, layout: .compact)
            return .success
        }
        if rows.isEmpty {
            context.err.writeLine("The server lists no sessions.")
            return .success
        }
        let style = context.outStyle
        for view in views {
            let when = view.updatedAt.date.map(Self.format) ?? view.updatedAt.text
            let state = view.activeRunID == nil ? "      " : "active"
            let mark = SessionKind(view).mark.map { "  " + style.warning("[\(ServerText.line($0))]") } ?? ""
            context.out.writeLine("\(style.dim(when))  \(style.accent(state))  \(ServerText.line(view.title ?? "(untitled)"))\(mark)  \(style.dim(view.id))")
        }
        return .success
    }

    func show(_ id: String) async throws -> ExitCode {
        let (store, client) = try context.store()
        // Not cached yet: read from the server (and kept); a 404 or no answer is an error, never an empty transcript.
        let read = try await ConversationMirror(api: ChatAPI(sender: .live(client: client)), store: store)
            .transcript(sessionID: id)
        let messages = read.messages
        if let problem = read.problem {
            context.err.writeLine(context.errStyle.warning("Showing the cached transcript; the server could not be read (\(CommandHints.message(for: problem)))."))
        }
        if context.json {
            try JSONOutput.print(messages.map { ["sequence": String($0.sequence), "role": $0.role,
                                                 "text": $0.content.compactMap(\.text).joined()] }, layout: .compact)
            return .success
        }
        let style = context.outStyle
        let renderer = TerminalTurnView.renderer(for: context)
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
                context.out.writeLine(style.emphasis("You: ") + text + (files.isEmpty ? "" : " " + files.joined(separator: " ")))
            } else if let renderer {
                for line in renderer.render(markdown: text).lines { context.out.writeLine(line) }
                if !files.isEmpty { context.out.writeLine(style.dim(files.joined(separator: " "))) }
            } else {
                context.out.writeLine(text)
            }
            context.out.writeLine("")
        }
        return .success
    }

    func delete(_ id: String) async throws -> ExitCode {
        let (store, client) = try context.store()
        let api = ChatAPI(sender: .live(client: client))
        do {
            try await store.deleteEverywhere(sessionID: id) { try await api.deleteSession(id: id) }
        } catch let error as APIError where [.runInProgress, .changedElsewhere].contains(error.refusal) {
            return context.fail("veet: this conversation has a run in progress; stop it first (`veet run cancel \(error.details["run_id"]?.stringValue ?? "RUN")`), then delete again.", .failure, answer: error)
        }
        if !context.json { context.out.writeLine("Deleted \(id) on the server and here.") }
        return .success
    }

    func search(_ command: ParsedCommand) async throws -> ExitCode {
        let query = command.positionals.joined(separator: " ")
        let (store, _) = try context.store()
        let outcome = try store.search(query, limit: try command.int("limit") ?? 50, width: max(40, context.terminal.width - 4))
        switch outcome {
        case .emptyQuery:
            return context.fail("veet: give some words to search for.", .usage)
        case .refine(let firstOnes):
            // The first ones found still show (newest first, unranked), as the TUI lists them.
            if context.json {
                try JSONOutput.print(JSONValue.object(["refine": .bool(true), "first": .array(firstOnes.map(Self.jsonRow))]), layout: .compact)
                return .success
            }
            context.err.writeLine("More than 100 matches: refine your query. The first \(firstOnes.count) found:")
            printHits(firstOnes)
            return .success
        case .results(let hits):
            if context.json {
                try JSONOutput.print(JSONValue.array(hits.map(Self.jsonRow)), layout: .compact)
                return .success
            }
            if hits.isEmpty { context.err.writeLine("Nothing found. (`veet sync` fetches new history.)") }
            printHits(hits)
            return .success
        }
    }

    private static func jsonRow(_ hit: SearchHit) -> JSONValue {
        .object(["session_id": .string(hit.sessionID), "title": .string(hit.title ?? ""), "excerpt": .string(hit.excerpt.text),
                 "matches": .string(String(hit.matchCount)), "updated_at": .string(hit.updatedAt.text)])
    }

    private func printHits(_ hits: [SearchHit]) {
        let style = context.outStyle
        for hit in hits {
            let when = hit.updatedAt.date.map(Self.format) ?? hit.updatedAt.text
            context.out.writeLine(style.emphasis(ServerText.line(hit.title ?? "(untitled)")) + "  " + style.dim(when)
                                  + "  " + style.dim(hit.sessionID))
            let open = style.isEnabled ? "\u{1B}[1;4m" : "[", close = style.isEnabled ? "\u{1B}[22;24m" : "]"
            context.out.writeLine("  " + hit.excerpt.marked(open: open, close: close))
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
