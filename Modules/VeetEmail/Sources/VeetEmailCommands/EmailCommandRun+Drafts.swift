import Foundation
import VeetConsole
import VeetEmail
import VeetTransport

/// `reply` through $EDITOR, and the draft's history, restore, discard and endorse.
extension EmailCommandRun {
    /// The thread's current draft (read from the draft route when the detail
    /// leaves it out); nil when there is none, or only a finished one.
    func currentDraft(_ detail: EmailThreadDetail) async throws -> EmailDraft? {
        var draft = detail.draft
        if draft == nil, let id = detail.thread.draftID { draft = try await api.draft(id: id) }
        guard let draft, draft.status != .discarded, draft.status != .sent else { return nil }
        return draft
    }

    func requireDraft(_ threadID: String) async throws -> (EmailThreadDetail, EmailDraft) {
        let detail = try await api.thread(id: threadID)
        guard let draft = try await currentDraft(detail) else {
            throw fail("\(program): this thread has no reply draft: `veet email reply \(threadID)` drafts one.", .notFound)
        }
        return (detail, draft)
    }

    func printDraft(_ draft: EmailDraft, done: String? = nil) throws -> ExitCode {
        if console.json {
            try console.printJSON(draft)
            return .success
        }
        let style = console.outStyle
        if let done { console.out.writeLine(done) }
        for (name, value) in [("To", draft.to.joined(separator: ", ")), ("Cc", draft.cc.joined(separator: ", ")),
                              ("Bcc", draft.bcc.joined(separator: ", ")), ("Subject", draft.subject)] where !value.isEmpty {
            console.out.writeLine("\(style.dim(name + ":")) \(ServerText.line(value, limit: 1000))")
        }
        console.out.writeLine("")
        for line in Self.paragraphs(draft.body) { console.out.writeLine(line) }
        console.out.writeLine("")
        var state = "\(draft.status.rawValue), revision \(draft.revision)"
        if draft.stale { state += ", the thread changed since it was written" }
        console.out.writeLine(style.dim(state))
        if draft.status == .uncertain {
            console.out.writeLine(style.warning(SendOutcome.unknown.description))
        }
        return .success
    }

    // MARK: reply

    func reply(_ threadID: String, _ command: ParsedCommand) async throws -> ExitCode {
        let keep = command.value(EmailCommands.keep)
        if let keep, !["mine", "theirs"].contains(keep) {
            throw fail("\(program): --keep \(keep): use mine or theirs.", .usage)
        }
        let detail = try await api.thread(id: threadID)
        var draft: EmailDraft
        if let current = try await currentDraft(detail) {
            draft = current
        } else {
            if let blocked = detail.thread.replyBlockedReason {
                throw fail("\(program): no reply is drafted for this thread: \(ServerText.line(blocked))", .failure)
            }
            console.err.writeLine("Drafting a reply…")
            do {
                guard let made = try await DraftSession.generate(api: api, threadID: threadID,
                                                                 instruction: command.value(EmailCommands.instruction)) else {
                    throw fail("\(program): the server started no draft for this thread.", .server)
                }
                draft = made
            } catch let error as APIError where BudgetRefusal(error) != nil {
                let refusal = BudgetRefusal(error) ?? BudgetRefusal()
                throw fail("\(program): \(refusal.description)", .failure, answer: error)
            }
        }
        do {
            draft = try await DraftSession.settled(draft, api: api)
        } catch let busy as DraftStillBusy {
            throw fail("\(program): \(busy.description)", .failure)
        }
        guard draft.status.isEditable else {
            let why = draft.status == .uncertain ? SendOutcome.unknown.description : "it is \(draft.status.rawValue)."
            throw fail("\(program): this draft cannot be edited: \(why)", .failure)
        }
        if draft.stale {
            console.err.writeLine("The thread changed after this draft was written; `veet email show \(threadID)` shows what is new.")
        }
        let session = DraftSession(api: api, draft: draft)
        await session.reviewed(threadRevision: detail.thread.revision)
        return try await editAndSave(session, threadID: threadID, start: draft.content, keep: keep)
    }

    /// Edits `start` in $EDITOR, saves it, and settles a conflict as the owner chooses.
    private func editAndSave(_ session: DraftSession, threadID: String, start: DraftContent, keep: String?) async throws
        -> ExitCode {
        var text = DraftText.render(start)
        while true {
            let edited: String
            do {
                edited = try EditorBuffer(environment: environment).edit(text)
            } catch let failure as EditorBuffer.Failure {
                throw fail("\(program): \(failure.description).", .failure)
            }
            guard edited != text && edited != text + "\n" else {
                console.err.writeLine("No changes; the draft is as it was.")
                return try printDraft(await session.editor.saved)
            }
            guard let content = DraftText.parse(edited) else {
                console.err.writeLine("\(program): the lines before the first blank line must be To:, Cc:, Bcc: and Subject:. "
                                      + "Nothing was saved; your text follows.")
                console.out.writeLine(edited)
                return .failure
            }
            await session.type(content)
            switch await session.settle() {
            case .settled(let saved):
                let done = "Saved revision \(saved.revision). Review & Send: veet email send \(threadID)"
                return try printDraft(saved, done: console.json ? nil : done)
            case .willNotSettle:
                console.err.writeLine("\(program): the draft could not be saved; nothing was lost: your text follows.")
                console.out.writeLine(edited)
                return .failure
            case .conflict:
                guard let conflict = await session.editor.conflict else { return .failure }
                switch try await chooseVersion(conflict, keep: keep) {
                case .mine:
                    await session.resolveConflict(keepingLocal: true)
                    guard case .settled(let saved) = await session.settle() else {
                        console.out.writeLine(edited)
                        throw fail("\(program): the draft could not be saved; your text is above.", .failure)
                    }
                    return try printDraft(saved, done: console.json ? nil : "Saved your version as revision \(saved.revision).")
                case .theirs:
                    await session.resolveConflict(keepingLocal: false)
                    return try printDraft(conflict.server, done: console.json ? nil : "Kept the other device's version.")
                case .both:
                    await session.resolveConflict(keepingLocal: true)
                    var both = content
                    both.body = content.body + "\n\n----- the other device's version -----\n\n" + conflict.server.body
                    text = DraftText.render(both)
                case .undecided:
                    console.out.writeLine(edited)
                    throw fail("\(program): the draft changed on another device and there is no terminal to ask "
                                        + "which version to keep; nothing was saved. Your text is above; run again "
                                        + "with --keep mine or --keep theirs.", .needsInteraction)
                }
            }
        }
    }

    private enum Choice { case mine, theirs, both, undecided }

    /// Shows both versions and asks which to keep (or `--keep` decides).
    private func chooseVersion(_ conflict: DraftConflict, keep: String?) async throws -> Choice {
        if keep == "mine" { return .mine }
        if keep == "theirs" { return .theirs }
        guard console.terminal.stdinIsTerminal else { return .undecided }
        let style = console.errStyle
        console.err.writeLine(style.warning("The draft changed on another device meanwhile. Both versions:"))
        console.err.writeLine(style.emphasis("Yours:"))
        for line in Self.paragraphs(conflict.local.body) { console.err.writeLine("  " + line) }
        console.err.writeLine(style.emphasis("The other device's (revision \(conflict.server.revision)):"))
        for line in Self.paragraphs(conflict.server.body) { console.err.writeLine("  " + line) }
        while true {
            let answer = await console.readLine("Keep [m]ine, [t]heirs, or [b]oth to edit again? ")
            guard let answer = answer?.trimmingCharacters(in: .whitespaces).lowercased() else { return .undecided }
            switch answer.first {
            case "m": return .mine
            case "t": return .theirs
            case "b": return .both
            default: continue
            }
        }
    }

    // MARK: draft …

    func showDraft(_ threadID: String) async throws -> ExitCode {
        try printDraft(try await requireDraft(threadID).1)
    }

    func history(_ threadID: String) async throws -> ExitCode {
        let (_, draft) = try await requireDraft(threadID)
        let revisions = DraftHistory.ordered(try await api.draftRevisions(id: draft.id))
        if console.json {
            try console.printJSON(revisions)
            return .success
        }
        let style = console.outStyle
        for revision in revisions {
            let current = DraftHistory.isCurrent(revision, of: draft) ? style.accent("  (current)") : ""
            console.out.writeLine("\(style.emphasis("revision \(revision.revision)"))  \(style.dim(revision.updatedAt?.text ?? ""))"
                                  + "  \(revision.ownerEdited ? "edited by you" : "drafted by Veetbot")\(current)")
            console.out.writeLine("  " + style.dim(ServerText.line(revision.body, limit: 100)))
        }
        console.out.writeLine(style.dim("Restore one: veet email draft restore REV \(threadID)"))
        return .success
    }

    func restore(_ rev: String, thread threadID: String) async throws -> ExitCode {
        guard let number = Int(rev) else { throw fail("\(program): \(rev) is not a revision number.", .usage) }
        let (detail, draft) = try await requireDraft(threadID)
        guard let old = try await api.draftRevisions(id: draft.id).last(where: { $0.revision == number }) else {
            throw fail("\(program): the draft has no revision \(number); `veet email draft history \(threadID)` lists them.",
                                .notFound)
        }
        let session = DraftSession(api: api, draft: draft)
        await session.reviewed(threadRevision: detail.thread.revision)
        await session.restore(old)
        switch await session.settle() {
        case .settled(let saved):
            return try printDraft(saved, done: DraftHistory.restored(number, as: saved.revision))
        case .conflict:
            throw fail("\(program): the draft changed on another device meanwhile; nothing was restored. "
                                + "See `veet email draft history \(threadID)`.", .failure)
        case .willNotSettle:
            throw fail("\(program): the restored text could not be saved; nothing changed.", .failure)
        }
    }

    func discard(_ threadID: String) async throws -> ExitCode {
        let (_, draft) = try await requireDraft(threadID)
        let discarded = try await DraftSession(api: api, draft: draft).discard()
        if console.json { return try printDraft(discarded) }
        console.out.writeLine("Draft discarded.")
        return .success
    }

    func endorse(_ threadID: String) async throws -> ExitCode {
        let (_, draft) = try await requireDraft(threadID)
        let state = try await DraftSession(api: api, draft: draft).endorse()
        return try await printLearning(state, done: LearningDisclosure.endorsed(revision: draft.revision, state: state))
    }
}
