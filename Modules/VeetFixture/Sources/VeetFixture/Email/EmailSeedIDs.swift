import Foundation

/// Ids of the seeded mailboxes a test (or a journey) can rely on.
public enum EmailSeedIDs {
    /// "Personal": every capability.
    public static let personalAccount = "default"
    /// "Work": no archive, spam or unsubscribe support.
    public static let workAccount = "work"
    /// "Family": still waiting for its first update (`unavailable`, no error, no threads).
    public static let waitingAccount = "family"

    static func thread(_ number: Int) -> String { String(format: "e1000000-0000-4000-8000-%012d", number) }
    static func draft(_ number: Int) -> String { String(format: "d1000000-0000-4000-8000-%012d", number) }

    /// Important, needs a reply, two attachments; its reply draft is over 512 characters (revision 3, history 1–3).
    public static let boardMaterialsThread = thread(1)
    /// The >512-character reply draft of `boardMaterialsThread`.
    public static let longReplyDraft = draft(1)
    /// Important, needs a reply, a short ready draft (`shortReplyDraft`).
    public static let leaseThread = thread(2)
    public static let shortReplyDraft = draft(2)
    /// Important, needs a reply, no draft yet.
    public static let dinnerThread = thread(3)
    /// Important "for your attention": no reply needed, replies blocked (no-reply sender).
    public static let flightThread = thread(4)
    /// Important, 50 messages.
    public static let longThread = thread(5)
    /// Important: its draft's send outcome is `uncertain` ("Check send status").
    public static let uncertainSendThread = thread(6)
    public static let uncertainSendDraft = draft(6)
    /// Work, important, needs a reply.
    public static let roadmapThread = thread(7)
    /// Work, important until its attention expires (two hours after start).
    public static let incidentThread = thread(8)
    /// Work, priority exactly 0.7 (the important boundary).
    public static let contractThread = thread(9)
    /// Handled for its current revision (priority 0.8, listed under Other mail).
    public static let handledThread = thread(10)
    /// Attention already expired: priority 0 at read time.
    public static let expiredThread = thread(12)
    /// Archived in Gmail (`in_inbox: false`, a completed archive operation).
    public static let archivedThread = thread(31)
    /// Its last Inbox operation is `uncertain`: archive answers 409 until checked.
    public static let uncertainArchiveThread = thread(35)
    /// Flagged `suspected_spam` (demoted; still in the Inbox).
    public static let suspectedSpamThread = thread(36)
    /// In Gmail Spam (`in_spam: true`, not in the Inbox).
    public static let inSpamThread = thread(37)
    /// The owner cleared the suspected-spam flag (`spam_cleared: true`).
    public static let spamClearedThread = thread(38)
    /// Bulk sender "Example News" (one-click unsubscribe, verified): its thread detail carries `subscription`.
    public static let newsletterThread = thread(39)
    /// Bulk sender with a `mailto` unsubscribe.
    public static let mailtoNewsletterThread = thread(46)
    /// Bulk sender whose evidence is unverified (mechanism `none`, no digest).
    public static let unverifiedBulkThread = thread(48)
    /// Summary and reason still "Assessment pending".
    public static let pendingAssessmentThread = thread(51)
    /// Not wholly fetched (`complete: false`).
    public static let incompleteThread = thread(52)
    /// Two senders and two topics: person and topic feedback need a choice.
    public static let neighbourhoodThread = thread(53)
    /// Its draft is stale: the thread changed (revision 2) after the draft (source revision 1).
    public static let staleDraftThread = thread(54)
    public static let staleDraft = draft(54)
    /// Its draft's send failed (`failed`, editable and sendable again).
    public static let failedSendThread = thread(55)
    public static let failedSendDraft = draft(55)
    /// Its draft was sent.
    public static let sentThread = thread(56)
    public static let sentDraft = draft(56)
    /// New mail the first successful refresh brings (important, Personal).
    public static let lateMailThread = thread(99)
}
