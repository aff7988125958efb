import Foundation
import VeetChat

/// The attachment tray's files as the conversation surface keeps them: the
/// list, the file its keys act on, and the files taken off it. A removed file
/// is gone at once and stays gone, whatever the composer still reports about
/// it (progress, a late answer, a listing made before the removal; ids are
/// never reused). The shell keeps one and says which conversation news is for.
public struct TrayFiles: Sendable, Equatable {
    public var files: [Attachment] = []
    /// The file the tray's keys act on while it has the focus.
    public var cursor: UUID?
    public private(set) var removed: Set<UUID> = []

    public init(files: [Attachment] = [], cursor: UUID? = nil) {
        self.files = files
        self.cursor = cursor
    }

    /// How the status bar starts while a file travels ("Attaching report.pdf...").
    public static let attachingNotice = "Attaching "

    /// The chosen file's place, else the last file's.
    public var chosenIndex: Int { cursor.flatMap { id in files.firstIndex { $0.id == id } } ?? files.count - 1 }

    /// Takes file `index` off; the cursor moves to its neighbour. Returns the status bar's words.
    public mutating func remove(at index: Int) -> String {
        let file = files.remove(at: index)
        removed.insert(file.id)
        cursor = files.isEmpty ? nil : files[min(index, files.count - 1)].id
        return "Removed \(file.filename) from the message."
    }

    /// One file's news (added, progress, its answer); nothing for a file removed (false).
    @discardableResult
    public mutating func apply(_ attachment: Attachment) -> Bool {
        guard !removed.contains(attachment.id) else { return false }
        if let index = files.firstIndex(where: { $0.id == attachment.id }) {
            files[index] = attachment
        } else {
            files.append(attachment)
        }
        return true
    }

    /// The composer's whole list, without the files removed meanwhile.
    public mutating func apply(listed: [Attachment]) {
        files = listed.filter { !removed.contains($0.id) }
        if let chosen = cursor, !files.contains(where: { $0.id == chosen }) { cursor = files.last?.id }
    }

    /// The status bar after news: "Attaching x..." is said while a file travels; once none is
    /// in flight the tray says how it went.
    public func notice(afterNews notice: String) -> String {
        notice.hasPrefix(Self.attachingNotice) && !files.contains(where: \.state.isInFlight) ? "" : notice
    }

    /// What `r` on a file comes to: sent again (only a failed file), or why not, in words.
    public enum Retry: Sendable, Equatable {
        case send(notice: String)
        case refused(String)
    }

    public static func retry(_ file: Attachment) -> Retry {
        switch file.state {
        case .failed: .send(notice: "Sending \(file.filename) again...")
        case .notAccepted: .refused("\(file.filename) was not accepted; sending it again would not help (x removes it).")
        case .queued, .uploading: .refused("\(file.filename) is still uploading.")
        case .uploaded: .refused("\(file.filename) is already on the server.")
        }
    }
}
