import Foundation

extension EmailThreadSummary {
    /// Important, waiting for a reply, and no reply drafted yet: the owner has to answer it
    /// ("Needs a reply", as `veet email inbox` and "Needs you" say).
    public var awaitsOwnersReply: Bool { isImportant && needsReply && draftID == nil }

    /// A drafted reply on a thread still in play, whose send outcome may be worth checking
    /// (its draft is read to know: `EmailDraft.sendOutcomeUnknown`).
    public var hasDraftToCheck: Bool { draftID != nil && !isHandled && !isArchived && !isReportedSpam }
}

extension EmailDraft {
    /// The send's outcome is unknown ("Check send status"): it is never sent again by itself.
    public var sendOutcomeUnknown: Bool { status == .uncertain }
}
