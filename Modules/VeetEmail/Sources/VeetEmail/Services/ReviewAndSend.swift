import Foundation
import VeetTransport
import VeetWire

/// Review & Send (docs/wire/email.md §9): settle the newest revision, freeze it,
/// propose it, wait for the approval, verify the approval against the frozen
/// draft, and only then allow one Approve. An uncertain send is never retried.
public actor ReviewAndSend {
    public let api: EmailAPI
    public let account: EmailAccount?
    public private(set) var stage: SendStage = .idle
    private var approved = false
    private let proposalKey = IdempotencyKey()

    public init(api: EmailAPI, account: EmailAccount?) {
        self.api = api
        self.account = account
    }

    /// Runs every step up to the verified approval (or the step that refused).
    /// `polls` bounds the wait for the approval id.
    public func prepare(_ session: DraftSession, providerThreadID: String? = nil, settleAttempts: Int = 3,
                        polls: Int = 20) async -> SendStage {
        switch await session.settle(attempts: settleAttempts) {
        case .conflict:
            stage = .refused(.saveConflict)
            return stage
        case .willNotSettle:
            stage = .refused(.saveWillNotSettle)
            return stage
        case .settled(let draft):
            let frozen = FrozenDraft(draft: draft, account: account, providerThreadID: providerThreadID)
            stage = .frozen(frozen)
            return await propose(frozen, polls: polls)
        }
    }

    private func propose(_ frozen: FrozenDraft, polls: Int) async -> SendStage {
        let proposal: SendProposal
        do {
            proposal = try await api.proposeSend(draftID: frozen.draftID, expectedRevision: frozen.revision, key: proposalKey)
        } catch {
            stage = .refused(.proposalFailed(EmailError.from(error)?.description ?? String(describing: error)))
            return stage
        }
        var approvalID = proposal.approvalID ?? proposal.draft.approvalID
        var reads = 0
        while approvalID == nil, reads < polls {
            do {
                try await api.send.sleeper(.seconds(1))
                let draft = try await api.draft(id: frozen.draftID)
                guard draft.revision == frozen.revision else {
                    stage = .refused(.draftChanged)
                    return stage
                }
                approvalID = draft.approvalID
            } catch {
                stage = .refused(.proposalFailed(String(describing: error)))
                return stage
            }
            reads += 1
        }
        guard let approvalID else {
            stage = .refused(.noApproval)
            return stage
        }
        let approval: ApprovalView
        do {
            approval = try await api.approval(id: approvalID)
        } catch {
            stage = .refused(.proposalFailed(String(describing: error)))
            return stage
        }
        let report = SendVerification.verify(approval, against: frozen, account: account)
        stage = report.isVerified ? .verified(frozen, approval, report) : .refused(.unverified(report))
        return stage
    }

    /// Approves the verified send, once. Refused unless `prepare` ended verified;
    /// a second call does nothing. Never retried: after no answer, or an
    /// `uncertain` draft, the outcome is reported as unknown.
    public func approve(polls: Int = 30) async -> SendOutcome {
        guard case .verified(let frozen, let approval, _) = stage else { return .notVerified }
        guard !approved else { return .alreadyApproved }
        approved = true
        do {
            _ = try await api.resolveSendApproval(id: approval.id, decision: .approveOnce)
        } catch let error as APIError {
            stage = .done(.failed(error.description))
            return .failed(error.description)
        } catch {
            stage = .done(.unknown)
            return .unknown
        }
        var reads = 0
        while reads < polls {
            guard let draft = try? await api.draft(id: frozen.draftID) else { break }
            switch draft.status {
            case .sent: stage = .done(.sent); return .sent
            case .failed: stage = .done(.failed("The send failed.")); return .failed("The send failed.")
            case .uncertain: stage = .done(.unknown); return .unknown
            default: break
            }
            reads += 1
            do { try await api.send.sleeper(.seconds(1)) } catch { break }
        }
        stage = .done(.unknown)
        return .unknown
    }
}

/// Where Review & Send is.
public enum SendStage: Sendable, Hashable {
    case idle
    /// The settled revision, frozen: this exact text is what is proposed.
    case frozen(FrozenDraft)
    /// The approval matches the frozen draft: Approve may be offered, once.
    case verified(FrozenDraft, ApprovalView, SendVerificationReport)
    case refused(SendRefusal)
    case done(SendOutcome)
}

/// Why Review & Send stopped before Approve.
public enum SendRefusal: Sendable, Hashable, CustomStringConvertible {
    case saveWillNotSettle
    case saveConflict
    case draftChanged
    case noApproval
    case proposalFailed(String)
    case unverified(SendVerificationReport)

    public var description: String {
        switch self {
        case .saveWillNotSettle:
            "Your latest edits could not be saved, so nothing was proposed: the message you see is not the saved one."
        case .saveConflict: "The draft changed on another device; pick a version before sending."
        case .draftChanged: "The draft changed after it was proposed; review it again."
        case .noApproval: "The server did not prepare the send approval in time; nothing was sent."
        case .proposalFailed(let text): "The send could not be prepared; nothing was sent. \(text)"
        case .unverified(let report): report.description
        }
    }
}

/// How an approved send ended.
public enum SendOutcome: Sendable, Hashable, CustomStringConvertible {
    case sent
    case failed(String)
    /// The outcome is unknown: never resent automatically; check Sent mail.
    case unknown
    case notVerified
    case alreadyApproved

    public var description: String {
        switch self {
        case .sent: "Sent."
        case .failed(let text): "Not sent: \(text)"
        case .unknown: "The send's outcome is unknown; it was not retried. Check your Sent mail before sending again."
        case .notVerified: "Nothing was sent: the approval was not verified."
        case .alreadyApproved: "This send was already approved once."
        }
    }
}
