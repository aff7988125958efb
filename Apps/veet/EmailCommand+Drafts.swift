import Foundation
import VeetConsole
import VeetEmail
import VeetTransport

/// `reply` through $EDITOR, and the draft's history, restore, discard and endorse.
extension EmailCommand {
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
            throw EmailCommandError(message: "this thread has no reply draft: `veet email reply \(threadID)` drafts one.",
                                    code: .notFound)
        }
        return (detail, draft)
    }

    func printDraft(_ draft: EmailDraft, done: String? = nil) throws -> ExitCode {
        if context.json {
            try JSONOutput.print(draft, layout: .compact)
            return .success
        }
        let style = context.outStyle
        if let done { context.out.writeLine(done) }
        for (name, value) in [("To", draft.to.joined(separator: ", ")), ("Cc", draft.cc.joined(separator: ", ")),
                              ("Bcc", draft.bcc.joined(separator: ", ")), ("Subject", draft.subject)] where !value.isEmpty {
            context.out.writeLine("\(style.dim(name + ":")) \(ServerText.line(value, limit: 1000))")
        }
        context.out.writeLine("")
        for line in Self.paragraphs(draft.body) { context.out.writeLine(line) }
        context.out.writeLine("")
        var state = "\(draft.status.rawValue), revision \(draft.revision)"
        if draft.stale { state += ", the thread changed since it was written" }
        context.out.writeLine(style.dim(state))
        if draft.status == .uncertain {
            context.out.writeLine(style.warning(SendOutcome.unknown.description))
        }
        return .success
    }

    // MARK: reply

    func reply(_ threadID: String, _ command: ParsedCommand) async throws -> ExitCode {
        let keep = command.value("keep")
        if let keep, !["mine", "theirs"].contains(keep) {
            return context.fail("veet: --keep \(keep): use mine or theirs.", .usage)
        }
        let detail = try await api.thread(id: threadID)
        var draft: EmailDraft
        if let current = try await currentDraft(detail) {
            draft = current
        } else {
            if let blocked = detail.thread.replyBlockedReason {
                return context.fail("veet: no reply is drafted for this thread: \(ServerText.line(blocked))", .failure)
            }
            context.err.writeLine("Drafting a reply…")
            do {
                guard let made = try await DraftSession.generate(api: api, threadID: threadID,
                                                                 instruction: command.value("instruction")) else {
                    return context.fail("veet: the server started no draft for this thread.", .server)
                }
                draft = made
            } catch let error as APIError where error.status == 402 {
                let refusal = BudgetRefusal(error) ?? BudgetRefusal()
                return context.fail("veet: \(refusal.description)", .failure, answer: error)
            }
        }
        var polls = 0
        while draft.status.isBusy {
            guard polls < 60 else {
                return context.fail("veet: the draft is still being \(draft.status == .sending ? "sent" : "written"); "
                                    + "try again in a moment.", .failure)
            }
            try await Task.sleep(for: .seconds(1))
            draft = try await api.draft(id: draft.id)
            polls += 1
        }
        guard draft.status.isEditable else {
            let why = draft.status == .uncertain ? SendOutcome.unknown.description : "it is \(draft.status.rawValue)."
            return context.fail("veet: this draft cannot be edited: \(why)", .failure)
        }
        if draft.stale {
            context.err.writeLine("The thread changed after this draft was written; `veet email show \(threadID)` shows what is new.")
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
                edited = try EditorBuffer(environment: context.environment).edit(text)
            } catch let failure as EditorBuffer.Failure {
                return context.fail("veet: \(failure.description).", .failure)
            }
            guard edited != text && edited != text + "\n" else {
                context.err.writeLine("No changes; the draft is as it was.")
                return try printDraft(await session.editor.saved)
            }
            guard let content = DraftText.parse(edited) else {
                context.err.writeLine("veet: the lines before the first blank line must be To:, Cc:, Bcc: and Subject:. "
                                      + "Nothing was saved; your text follows.")
                context.out.writeLine(edited)
                return .failure
            }
            await session.type(content)
            switch await session.settle() {
            case .settled(let saved):
                let done = "Saved revision \(saved.revision). Review & Send: veet email send \(threadID)"
                return try printDraft(saved, done: context.json ? nil : done)
            case .willNotSettle:
                context.err.writeLine("veet: the draft could not be saved; nothing was lost: your text follows.")
                context.out.writeLine(edited)
                return .failure
            case .conflict:
                guard let conflict = await session.editor.conflict else { return .failure }
                switch try await chooseVersion(conflict, keep: keep) {
                case .mine:
                    await session.resolveConflict(keepingLocal: true)
                    guard case .settled(let saved) = await session.settle() else {
                        context.out.writeLine(edited)
                        return context.fail("veet: the draft could not be saved; your text is above.", .failure)
                    }
                    return try printDraft(saved, done: context.json ? nil : "Saved your version as revision \(saved.revision).")
                case .theirs:
                    await session.resolveConflict(keepingLocal: false)
                    return try printDraft(conflict.server, done: context.json ? nil : "Kept the other device's version.")
                case .both:
                    await session.resolveConflict(keepingLocal: true)
                    var both = content
                    both.body = content.body + "\n\n----- the other device's version -----\n\n" + conflict.server.body
                    text = DraftText.render(both)
                case .undecided:
                    context.out.writeLine(edited)
                    return context.fail("veet: the draft changed on another device and there is no terminal to ask "
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
        guard context.terminal.stdinIsTerminal else { return .undecided }
        let style = context.errStyle
        context.err.writeLine(style.warning("The draft changed on another device meanwhile. Both versions:"))
        context.err.writeLine(style.emphasis("Yours:"))
        for line in Self.paragraphs(conflict.local.body) { context.err.writeLine("  " + line) }
        context.err.writeLine(style.emphasis("The other device's (revision \(conflict.server.revision)):"))
        for line in Self.paragraphs(conflict.server.body) { context.err.writeLine("  " + line) }
        while true {
            let answer = await BlockingInput.run {
                LinePrompt.readLine(prompt: "Keep [m]ine, [t]heirs, or [b]oth to edit again? ")
            }
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
        let revisions = try await api.draftRevisions(id: draft.id)
        if context.json {
            try JSONOutput.print(revisions, layout: .compact)
            return .success
        }
        let style = context.outStyle
        for revision in revisions {
            let current = revision.revision == draft.revision && revision.body == draft.body ? style.accent("  (current)") : ""
            context.out.writeLine("\(style.emphasis("revision \(revision.revision)"))  \(style.dim(revision.updatedAt?.text ?? ""))"
                                  + "  \(revision.ownerEdited ? "edited by you" : "drafted by Veetbot")\(current)")
            context.out.writeLine("  " + style.dim(ServerText.line(revision.body, limit: 100)))
        }
        context.out.writeLine(style.dim("Restore one: veet email draft restore REV \(threadID)"))
        return .success
    }

    func restore(_ rev: String, thread threadID: String) async throws -> ExitCode {
        guard let number = Int(rev) else { return context.fail("veet: \(rev) is not a revision number.", .usage) }
        let (detail, draft) = try await requireDraft(threadID)
        guard let old = try await api.draftRevisions(id: draft.id).last(where: { $0.revision == number }) else {
            return context.fail("veet: the draft has no revision \(number); `veet email draft history \(threadID)` lists them.",
                                .notFound)
        }
        let session = DraftSession(api: api, draft: draft)
        await session.reviewed(threadRevision: detail.thread.revision)
        await session.restore(old)
        switch await session.settle() {
        case .settled(let saved):
            return try printDraft(saved, done: "Restored revision \(number) as revision \(saved.revision).")
        case .conflict:
            return context.fail("veet: the draft changed on another device meanwhile; nothing was restored. "
                                + "See `veet email draft history \(threadID)`.", .failure)
        case .willNotSettle:
            return context.fail("veet: the restored text could not be saved; nothing changed.", .failure)
        }
    }

    func discard(_ threadID: String) async throws -> ExitCode {
        let (_, draft) = try await requireDraft(threadID)
        let discarded = try await DraftSession(api: api, draft: draft).discard()
        if context.json { return try printDraft(discarded) }
        context.out.writeLine("Draft discarded.")
        return .success
    }

    func endorse(_ threadID: String) async throws -> ExitCode {
        let (_, draft) = try await requireDraft(threadID)
        let state = try await DraftSession(api: api, draft: draft).endorse()
        return try await printLearning(state, done: "Endorsed revision \(draft.revision)'s wording as an example of how you write.")
    }
}
