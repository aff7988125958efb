import Foundation

// Controls for tests and journeys: the same four in code (FixtureServer) and
// over HTTP under `/_fixture/email/` (outside /v1, bearer token required), so a
// test driving a `veet-fixture` process can use them too.
extension EmailState {
    /// Another device saves the draft: a new revision, so a save from the old one meets `409`.
    func editElsewhere(_ draftID: String, body: String?, now: Instant) -> Draft? {
        guard let draft = drafts[draftID.lowercased()], !["sent", "discarded"].contains(draft.status) else { return nil }
        draft.revision += 1
        draft.body = body ?? draft.body + "\n\nP.S. Edited on another device."
        draft.ownerEdited = true
        draft.status = "ready"
        draft.approvalID = nil
        draft.updatedAt = now
        snapshot(draft)
        return draft
    }

    /// A new message arrives on the thread: its revision goes up (a draft from before becomes stale).
    func deliverMessage(to threadID: String, now: Instant) -> Thread? {
        guard let thread = threads[threadID.lowercased()] else { return nil }
        let header = "<\(thread.id.suffix(4)).late\(thread.messages.count)@mail.example.test>"
        let sender = thread.senders.first ?? "Someone <someone@example.test>"
        thread.messages.append(.init(
            id: String(format: "18f%013x", thread.messages.count + 7), sender: sender,
            to: [account(thread.accountID)?.address ?? "owner@example.test"], subject: "Re: " + thread.subject,
            body: "One more thing: could we settle this by tomorrow?", sentAt: now, messageIDHeader: header,
            inReplyTo: thread.messages.last?.messageIDHeader, references: thread.messages.map(\.messageIDHeader)))
        thread.revision += 1
        thread.updatedAt = now
        return thread
    }
}

extension FixtureServer {
    /// Another device edits the draft (docs/wire/email.md §6.3): returns its new revision, nil for an unknown or final draft.
    @discardableResult
    public func editEmailDraftElsewhere(_ draftID: String, body: String? = nil) -> Int? {
        store.transaction { state in
            state.email.seedIfNeeded(now: state.now())
            return state.email.editElsewhere(draftID, body: body, now: state.now())?.revision
        }
    }

    /// The next `count` email operations and approved sends end with `outcome`, whatever the options say.
    public func forceNextEmailOutcomes(_ outcome: EmailOutcome, count: Int = 1) {
        store.transaction { state in
            state.email.forcedOutcomes.append(contentsOf: Array(repeating: outcome, count: max(0, count)))
        }
    }

    /// The next `count` send proposals park on an approval whose arguments differ
    /// from the draft as `alteration` says: a client must refuse to send them.
    public func alterNextEmailSendProposal(_ alteration: EmailProposalAlteration = .recipient, count: Int = 1) {
        store.transaction { state in
            state.email.alteredProposals.append(contentsOf: Array(repeating: alteration, count: max(0, count)))
        }
    }

    /// A new message arrives on a thread; returns its new revision.
    @discardableResult
    public func deliverEmailMessage(toThread threadID: String) -> Int? {
        store.transaction { state in
            state.email.seedIfNeeded(now: state.now())
            return state.email.deliverMessage(to: threadID, now: state.now())?.revision
        }
    }

    /// A draft's status (`ready`, `sent`, …), nil when unknown.
    public func emailDraftStatus(_ draftID: String) -> String? {
        store.transaction { state in
            state.email.seedIfNeeded(now: state.now())
            return state.email.drafts[draftID.lowercased()]?.status
        }
    }
}

extension Router {
    /// `POST /_fixture/email/drafts/{id}/edit-elsewhere` (`{"body"?}`),
    /// `POST /_fixture/email/next-outcome` (`{"outcome", "count"?}`),
    /// `POST /_fixture/email/threads/{id}/new-message`,
    /// `POST /_fixture/email/alter-next-proposal` (`{"alteration"?, "count"?}`); nil for any other path.
    func emailControlResponse(
        _ head: RequestHead, authorized: Bool, readBody: (Int) -> RequestReader.BodyResult
    ) throws -> HTTPResponse? {
        let segments = head.rawPath.split(separator: "/").map(String.init)
        guard segments.count >= 3, segments[0] == "_fixture", segments[1] == "email" else { return nil }
        guard authorized else { throw APIFailure.routeAuthentication }
        guard head.method == "POST" else { throw APIFailure.unsupportedMethod }
        var fields: [String: JSON] = [:]
        if case .body(let data) = readBody(options.maximumBodyBytes), !data.isEmpty {
            fields = try Validation.closedObject(try Validation.jsonBody(data), allowed: ["body", "outcome", "count", "alteration"])
        }
        let answer: JSON = try store.transaction { state in
            state.email.seedIfNeeded(now: state.now())
            switch (segments.count, segments[2]) {
            case (5, "drafts") where segments[4] == "edit-elsewhere":
                guard let draft = state.email.editElsewhere(segments[3], body: fields["body"]?.stringValue, now: state.now())
                else { throw APIFailure.notFound("email draft") }
                return state.email.view(draft)
            case (3, "next-outcome"):
                guard let name = fields["outcome"]?.stringValue, let outcome = EmailOutcome(rawValue: name) else {
                    throw APIFailure.malformed("outcome: succeed, fail or uncertain")
                }
                let count = Int(fields["count"]?.intValue ?? 1)
                state.email.forcedOutcomes.append(contentsOf: Array(repeating: outcome, count: max(0, count)))
                return ["forced": .array(state.email.forcedOutcomes.map { .string($0.rawValue) })]
            case (3, "alter-next-proposal"):
                let name = fields["alteration"]?.stringValue ?? EmailProposalAlteration.recipient.rawValue
                guard let alteration = EmailProposalAlteration(rawValue: name) else {
                    throw APIFailure.malformed("alteration: recipient or no_digest")
                }
                let count = Int(fields["count"]?.intValue ?? 1)
                state.email.alteredProposals.append(contentsOf: Array(repeating: alteration, count: max(0, count)))
                return ["altered": .array(state.email.alteredProposals.map { .string($0.rawValue) })]
            case (5, "threads") where segments[4] == "new-message":
                guard let thread = state.email.deliverMessage(to: segments[3], now: state.now()) else {
                    throw APIFailure.notFound("email thread")
                }
                return state.email.summary(thread, now: state.now())
            default:
                throw APIFailure.unknownRoute
            }
        }
        return .json(200, answer)
    }
}
