import Foundation

/// A draft's revisions as the owner reads them (docs/wire/email.md §6.4): the server
/// does not promise an order, and a save that collided appears as a second snapshot
/// with the same revision number, so they are sorted here by revision, then time.
public enum DraftHistory {
    public static func ordered(_ revisions: [EmailDraft]) -> [EmailDraft] {
        revisions.enumerated().sorted { left, right in
            if left.element.revision != right.element.revision { return left.element.revision < right.element.revision }
            let (a, b) = (left.element.updatedAt?.text ?? "", right.element.updatedAt?.text ?? "")
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
    }

    /// Whether `revision` is the draft as it stands (a collided snapshot shares the number, not the text).
    public static func isCurrent(_ revision: EmailDraft, of draft: EmailDraft) -> Bool {
        revision.revision == draft.revision && revision.content == draft.content
    }

    /// One revision's line: its number, when, and who wrote it.
    public static func label(_ revision: EmailDraft) -> String {
        "revision \(revision.revision)" + (revision.updatedAt.map { " · \($0.text)" } ?? "")
            + (revision.ownerEdited ? " · edited by you" : " · drafted by Veetbot")
    }

    public static func restored(_ old: Int, as new: Int) -> String { "Restored revision \(old) as revision \(new)." }
}
