import Foundation

// Feedback, handled, discussion, exclusion and the suspected-spam flag (docs/wire/email.md §7, §8.1, §10.2, §12, §14).
extension EmailHandlers {
    func recordFeedback() throws -> JSON {
        let f = try fields(["thread_id", "target", "judgment", "explanation", "target_value", "expected_revision"])
        guard let threadText = f["thread_id"]?.stringValue else { throw APIFailure.malformed("body.thread_id: field required") }
        guard let target = f["target"]?.stringValue, ["thread", "person", "topic"].contains(target) else {
            throw APIFailure.malformed("body.target: one of thread, person, topic")
        }
        guard let judgment = f["judgment"]?.stringValue,
              ["important", "less_important", "needs_reply", "no_reply_needed"].contains(judgment) else {
            throw APIFailure.malformed("body.judgment: one of important, less_important, needs_reply, no_reply_needed")
        }
        let explanation = try optionalString(f, "explanation", max: 2000)
        let given = try optionalString(f, "target_value", max: 320)
        let expected = try positiveInt(f, "expected_revision")
        let found = try thread(threadText)
        if let expected, expected != found.revision { throw Self.staleThread }
        var value: String?
        switch target {
        case "person":
            value = try choose(given?.lowercased(), from: unique(found.senders.map(EmailState.address)))
        case "topic":
            value = try choose(given, from: unique(found.topics.map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }))
        default:
            guard given == nil else { throw Self.refused }
        }
        let id = Identifier.make()
        email.feedback[id] = .init(id: id, threadID: found.id, target: target, value: value, judgment: judgment,
                                   explanation: explanation)
        email.feedbackOrder.append(id)
        email.profileRevision += 1
        return ["feedback_id": .string(id), "thread": email.summary(found, now: now)]
    }

    private func unique(_ values: [String]) -> [String] {
        var seen: [String] = []
        for value in values where !seen.contains(value) { seen.append(value) }
        return seen
    }

    /// The named candidate, or the only one; otherwise the generic 400 (a choice is needed, or it is not this thread's).
    private func choose(_ given: String?, from candidates: [String]) throws -> String {
        if let given {
            guard candidates.contains(given) else { throw Self.refused }
            return given
        }
        guard candidates.count == 1 else { throw Self.refused }
        return candidates[0]
    }

    func undoFeedback(_ raw: String) throws -> JSON {
        let id = try Validation.uuid(raw)
        guard let given = email.feedback[id], let found = email.threads[given.threadID] else {
            throw APIFailure.notFound("email feedback")
        }
        if !given.undone {
            email.feedback[id]?.undone = true
            email.profileRevision += 1
        }
        return email.summary(found, now: now)
    }

    func dismiss(_ raw: String) throws -> JSON {
        let f = try fields(["expected_revision", "dismissed"])
        let expected = try expectedRevision(f)
        let dismissed = try strictBool(f, "dismissed", default: true)
        let found = try thread(raw)
        guard expected == found.revision else { throw Self.staleThread }
        found.dismissedRevision = dismissed ? expected : nil
        return email.summary(found, now: now)
    }

    /// No body is read (none or `{}`); a repeat reuses the bound session.
    func discussion(_ raw: String) throws -> JSON {
        let found = try thread(raw)
        if found.sessionID.flatMap({ state.sessions[$0] }) == nil {
            let created = try state.createSession(
                agentID: "general", metadata: ["purpose": "email-discussion", "email_thread_id": .string(found.id)])
            guard let id = created["id"]?.stringValue else { throw APIFailure.internalError }
            state.sessions[id]?.title = "Email discussion"
            found.sessionID = id
            if let draftID = found.draftID { email.drafts[draftID]?.sessionID = id }
        }
        return email.summary(found, now: now)
    }

    func exclude(_ raw: String) throws -> JSON {
        let f = try fields(["expected_revision"])
        let expected = try expectedRevision(f)
        let id = try Validation.uuid(raw)
        if let earlier = email.excludedThreadIDs[id] { return earlier }
        let found = try thread(raw)
        guard expected == found.revision else { throw Self.staleThread }
        if let session = found.sessionID.flatMap({ state.sessions[$0] }), session.activeRunID != nil {
            throw APIFailure.conflict("The thread's conversation has an active run.")
        }
        let result: JSON = ["source_id": .string(SHA256.hex("source:" + found.providerThreadID)), "status": "erased",
                            "pending_artifacts": 0, "pending_people_cleanup": 0]
        email.threads[id] = nil
        email.threadOrder.removeAll { $0 == id }
        for (draftID, draft) in email.drafts where draft.threadID == id {
            email.drafts[draftID] = nil
            email.draftHistory[draftID] = nil
        }
        email.excludedSources += 1
        email.profileRevision += 1
        email.excludedThreadIDs[id] = result
        return result
    }

    func spamFlag(_ raw: String) throws -> JSON {
        let f = try fields(["cleared"])
        let cleared = try strictBool(f, "cleared")
        let found = try thread(raw)
        if cleared {
            found.suspectedSpam = false
            found.spamCleared = true
        } else {
            found.spamCleared = false
            found.suspectedSpam = found.flaggedByAssessment
        }
        return email.summary(found, now: now)
    }
}
