import Foundation
import Testing
import VeetChat
import VeetChatScreens
import VeetWire

/// The tray's files as a value: a removed file leaves at once and late word of it changes
/// nothing; "Attaching..." ends when no file travels; what `r` comes to for each state.
@Suite struct TrayFilesTests {
    /// A file in `state`, made as the chat's tray makes it.
    static func file(_ name: String, _ state: AttachmentState, id: UUID = UUID()) -> VeetChat.Attachment {
        var tray = AttachmentTray(limits: .server)
        let added = try! tray.add(VeetChat.Attachment(filename: name, bytes: Data("text".utf8), id: id))
        _ = tray.beginUpload(added.id)
        switch state {
        case .uploading(let sent, _): _ = tray.reportProgress(added.id, sentBytes: sent)
        case .failed(let why): tray.finishUpload(added.id, with: .failed(why))
        case .notAccepted(let why): tray.finishUpload(added.id, with: .notAccepted(why))
        case .queued, .uploaded: break
        }
        return tray.attachments[0]
    }

    static let uploading = AttachmentState.uploading(sentBytes: 0, totalBytes: 2048)

    @Test func aRemovedFileLeavesAtOnceAndLateWordOfItChangesNothing() {
        let report = Self.file("report.pdf", Self.uploading), notes = Self.file("notes.txt", Self.uploading)
        var tray = TrayFiles(files: [report, notes], cursor: report.id)
        #expect(tray.remove(at: 0) == "Removed report.pdf from the message.")
        #expect(tray.files.map(\.id) == [notes.id] && tray.cursor == notes.id)
        let late = tray.apply(Self.file("report.pdf", .failed(AttachmentFailure(reason: "Cancelled.")), id: report.id))
        #expect(!late)
        tray.apply(listed: [report, notes])
        #expect(tray.files.map(\.id) == [notes.id])
        let news = tray.apply(Self.file("notes.txt", .queued, id: notes.id))
        #expect(news)
        _ = tray.remove(at: 0)
        #expect(tray.files.isEmpty && tray.cursor == nil && tray.chosenIndex == -1)
    }

    @Test func attachingIsSaidWhileAFileTravels() {
        var tray = TrayFiles(files: [Self.file("a.txt", Self.uploading)])
        #expect(tray.notice(afterNews: "Attaching a.txt...") == "Attaching a.txt...")
        tray.files = [Self.file("a.txt", .notAccepted(AttachmentFailure(reason: "too large")))]
        #expect(tray.notice(afterNews: "Attaching a.txt...") == "")
        #expect(tray.notice(afterNews: "Removed b.txt from the message.") == "Removed b.txt from the message.")
    }

    @Test func onlyAFailedFileIsSentAgain() {
        #expect(TrayFiles.retry(Self.file("a.txt", .failed(AttachmentFailure(reason: "busy")))) == .send(notice: "Sending a.txt again..."))
        #expect(TrayFiles.retry(Self.file("a.txt", .notAccepted(AttachmentFailure(reason: "no"))))
            == .refused("a.txt was not accepted; sending it again would not help (x removes it)."))
        #expect(TrayFiles.retry(Self.file("a.txt", .queued)) == .refused("a.txt is still uploading."))
    }
}
