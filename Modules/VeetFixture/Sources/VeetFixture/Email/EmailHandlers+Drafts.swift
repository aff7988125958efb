import Foundation

// Drafts: generation, optimistic saves, history, discard, style examples (docs/wire/email.md §6, §12).
extension EmailHandlers {
    static let finalForSaving: Set<String> = ["sending", "sent", "uncertain", "discarded"]

    func readDraft(_ raw: String) throws -> JSON {
        let found = try draft(raw)
        advancePending(where: { $0 == .draft(found.id) })
        settleSend(found)
        parkLateSend(found)
        return email.view(found)
    }

    func revisions(_ raw: String) throws -> JSON {
        let found = try draft(raw)
        return ["items": .array(email.draftHistory[found.id] ?? []), "next_cursor": nil]
    }

    func generateDraft(_ raw: String) throws -> JSON {
        let f = try fields(["instruction"], emptyIsObject: true)
        let instruction = try optionalString(f, "instruction", max: 4000)
        let found = try thread(raw)
        try checkBudget()
        if let session = found.sessionID.flatMap({ state.sessions[$0] }), session.activeRunID != nil {
            throw APIFailure.conflict("The thread's conversation has an active run.")
        }
        let account = email.account(found.accountID)!
        var previous: String?
        let target: EmailState.Draft
        if let id = found.draftID, let existing = email.drafts[id], !["sent", "discarded"].contains(existing.status) {
            guard !["sending", "uncertain", "generating"].contains(existing.status) else {
                throw APIFailure.conflict("The draft is busy.")
            }
            previous = existing.status
            target = existing
        } else {
            let reply = found.messages.last(where: { $0.direction == "received" }) ?? found.messages.last
            target = EmailState.Draft(
                id: Identifier.make(), thread: found, account: account, sourceRevision: found.revision,
                profileRevision: email.profileRevision, to: [EmailState.address(reply?.sender ?? found.senders[0])],
                subject: found.subject.hasPrefix("Re: ") ? found.subject : "Re: " + found.subject, body: "", at: now)
            target.sessionID = found.sessionID
            email.drafts[target.id] = target
            found.draftID = target.id
        }
        target.status = "generating"
        let operation = newOperation(.draft(target.id), prompt: "Draft a reply")
        operation.previousDraftStatus = previous
        operation.instruction = instruction
        target.runID = operation.runID
        return ["draft": email.view(target), "run_id": .string(operation.runID), "status": .string(operation.status)]
    }

    func concludeGeneration(of id: String, operation: EmailState.Operation, failed: Bool) {
        guard let target = email.drafts[id], let thread = email.threads[target.threadID] else { return }
        target.runID = nil
        guard !failed else {
            if let previous = operation.previousDraftStatus {
                target.status = previous
            } else {
                email.drafts[id] = nil
                thread.draftID = nil
            }
            return
        }
        let name = (thread.senders.first ?? "").split(separator: " ").first.map(String.init) ?? "there"
        var text = "Hi \(name),\n\nThank you for your message about \(thread.subject.lowercased()). "
        text += operation.instruction.map { "\($0)\n\n" } ?? "I will get back to you with the details shortly.\n\n"
        text += "Best wishes,\nRobin"
        if operation.previousDraftStatus != nil { target.revision += 1 }
        target.body = text
        target.generatedBodyDigest = SHA256.hex(text)
        target.ownerEdited = false
        target.status = "ready"
        target.sourceRevision = thread.revision
        target.profileRevision = email.profileRevision
        target.updatedAt = now
        email.snapshot(target)
    }

    func saveDraft(_ raw: String) throws -> JSON {
        let f = try fields(["expected_revision", "source_revision", "to", "cc", "bcc", "subject", "body"])
        let expected = try expectedRevision(f)
        let source = try positiveInt(f, "source_revision")
        let to = try addresses(f, "to", required: true)
        let cc = try addresses(f, "cc", required: false)
        let bcc = try addresses(f, "bcc", required: false)
        guard let subject = f["subject"]?.stringValue else { throw APIFailure.malformed("body.subject: field required") }
        guard subject.count <= 998 else { throw APIFailure.malformed("body.subject: at most 998 characters") }
        if subject.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) { throw Self.refused }
        guard let text = f["body"]?.stringValue else { throw APIFailure.malformed("body.body: field required") }
        guard text.count <= 500_000 else { throw APIFailure.malformed("body.body: at most 500000 characters") }
        let found = try draft(raw)
        guard !Self.finalForSaving.contains(found.status) else {
            throw APIFailure.conflict("The draft can no longer be edited.")
        }
        guard let thread = email.threads[found.threadID] else { throw APIFailure.notFound("email draft") }
        guard expected == found.revision else {
            // Both versions stay in history: the attempted one carries the revision it collided with.
            var attempted = email.view(found)
            for (key, value) in [("to", strings(to)), ("cc", strings(cc)), ("bcc", strings(bcc)),
                                 ("subject", JSON.string(subject)), ("body", JSON.string(text)),
                                 ("owner_edited", JSON.bool(true)), ("updated_at", JSON.string(now.zulu))] {
                attempted = attempted.setting(key, value)
            }
            email.draftHistory[found.id, default: []].append(attempted)
            throw APIFailure.conflict("The draft changed since it was read.",
                                      details: ["reason": "email_draft_revision_conflict"])
        }
        if thread.revision != found.sourceRevision {
            guard source == thread.revision else { throw APIFailure.conflict("The thread changed; review it first.") }
        }
        if found.status == "awaiting_approval" { cancelParkedSend(found) }
        if let source { found.sourceRevision = source }
        found.revision += 1
        found.to = to
        found.cc = cc
        found.bcc = bcc
        found.subject = subject
        found.body = text
        found.status = "ready"
        found.approvalID = nil
        found.runID = nil
        found.ownerEdited = true
        found.updatedAt = now
        email.snapshot(found)
        return email.view(found)
    }

    private func strings(_ values: [String]) -> JSON { .array(values.map { .string($0) }) }

    /// Case-folded, de-duplicated; a value that is not an address is refused with the generic 400.
    private func addresses(_ f: [String: JSON], _ key: String, required: Bool) throws -> [String] {
        guard let value = f[key] else {
            if required { throw APIFailure.malformed("body.\(key): field required") }
            return []
        }
        guard let items = value.arrayValue else { throw APIFailure.malformed("body.\(key): input should be a valid list") }
        guard items.count <= 100, !required || !items.isEmpty else {
            throw APIFailure.malformed("body.\(key): 1 to 100 addresses")
        }
        var result: [String] = []
        for item in items {
            guard let text = item.stringValue else { throw APIFailure.malformed("body.\(key): input should be a valid string") }
            let folded = text.trimmingCharacters(in: .whitespaces).lowercased()
            let parts = folded.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !folded.contains(" ") else { throw Self.refused }
            if !result.contains(folded) { result.append(folded) }
        }
        return result
    }

    func discardDraft(_ raw: String) throws -> JSON {
        guard let text = head.query("expected_revision"), let expected = Int(text), expected >= 1 else {
            throw APIFailure.malformed("query.expected_revision: field required")
        }
        let found = try draft(raw)
        if found.status == "discarded" { return email.view(found) }
        guard expected == found.revision, !["sending", "uncertain"].contains(found.status) else {
            throw APIFailure.conflict("The draft changed or is being sent.")
        }
        if found.status == "awaiting_approval" { cancelParkedSend(found) }
        found.status = "discarded"
        found.updatedAt = now
        if let thread = email.threads[found.threadID], thread.draftID == found.id { thread.draftID = nil }
        return email.view(found)
    }

    func styleExample(_ raw: String) throws -> JSON {
        let f = try fields(["expected_revision"])
        let expected = try expectedRevision(f)
        let found = try draft(raw)
        guard expected == found.revision else { throw APIFailure.conflict("The draft changed since it was read.") }
        guard !found.body.isEmpty, !found.to.isEmpty else { throw Self.refused }
        if email.endorsed.insert("\(found.id)#\(expected)").inserted {
            email.styleExamples += 1
            email.profileRevision += 1
        }
        return email.learningView
    }

    func setLearning() throws -> JSON {
        let f = try fields(["paused"])
        let paused = try strictBool(f, "paused")
        if paused != email.paused {
            email.paused = paused
            email.profileRevision += 1
        }
        return email.learningView
    }

    func resetLearning() throws -> JSON {
        let f = try fields(["scope"])
        guard let scope = f["scope"]?.stringValue, ["preferences", "style", "all"].contains(scope) else {
            throw APIFailure.malformed("body.scope: one of preferences, style, all")
        }
        if scope != "style" {
            email.feedback = [:]
            email.feedbackOrder = []
        }
        if scope != "preferences" {
            email.styleExamples = 0
            email.endorsed = []
        }
        email.profileRevision += 1
        return email.learningView
    }
}
