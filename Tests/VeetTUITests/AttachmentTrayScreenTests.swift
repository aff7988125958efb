import Foundation
import Testing
@testable import veet_tui
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetTransport
import VeetWire

/// The attachment tray's states painted (docs/tui.md, Attachment tray): a file uploading with its
/// bytes, one failed with the server's reason and wait, one not accepted by a
/// server without uploads, the tray's keys on its first line.
@Suite struct AttachmentTrayScreenTests {
    static let mib = 1024 * 1024

    static func file(_ name: String, size: Int, _ state: AttachmentState, id: UUID = UUID()) -> VeetChat.Attachment {
        var tray = AttachmentTray(limits: .server)
        var bytes = Data("text".utf8)
        bytes.append(Data(count: size - bytes.count))
        let added = try! tray.add(VeetChat.Attachment(filename: name, bytes: bytes, id: id))
        _ = tray.beginUpload(added.id)
        switch state {
        case .uploading(let sent, _): tray.reportProgress(added.id, sentBytes: sent)
        case .failed(let why): tray.finishUpload(added.id, with: .failed(why))
        case .notAccepted(let why): tray.finishUpload(added.id, with: .notAccepted(why))
        case .queued, .uploaded: break
        }
        return tray.attachments[0]
    }

    static let rateLimited = AttachmentFailure(reason: "the server is taking too many uploads", status: 429,
                                               code: "rate_limited", retryAfter: 30)
    static let noUploads = AttachmentFailure(reason: AttachmentUploader.noUploadsReason, status: 404, code: "not_found")

    static func tray(_ files: [VeetChat.Attachment], focused: Bool = false) -> ScreenState {
        var state = ScreenGoldenTests.withTranscript()
        state.conversation.attachments = files
        if focused {
            state.focus = .tray
            state.conversation.trayCursor = files.last?.id
        }
        return state
    }

    static let states: [(String, ScreenState)] = [
        ("tray-uploading", tray([file("report.pdf", size: 4 * mib, .uploading(sentBytes: Int(1.2 * Double(mib)), totalBytes: 4 * mib))])),
        ("tray-failed", tray([file("report.pdf", size: 4 * mib, .uploading(sentBytes: 0, totalBytes: 0)),
                              file("notes.txt", size: 2048, .failed(rateLimited))], focused: true)),
        ("tray-not-accepted", tray([file("photo.png", size: 300 * 1024, .notAccepted(noUploads)),
                                    file("notes.txt", size: 2048, .notAccepted(noUploads))])),
    ]

    @Test(arguments: [(80, 24), (160, 48)])
    func theTraysStatesPaintTheirGoldenScreens(size: (width: Int, height: Int)) {
        for (name, state) in Self.states {
            let (_, grid) = ScreenGoldenTests.settledGrid(state, width: size.width, height: size.height)
            GoldenScreen.check(grid.snapshot, named: "\(name)-\(size.width)x\(size.height)")
        }
    }

    @Test func theTraySaysProgressReasonAndKeysInWords() {
        let (_, uploading) = ScreenGoldenTests.settledGrid(Self.states[0].1, width: 160, height: 48)
        #expect(uploading.snapshot.contains("report.pdf · 4.0 MiB · uploading 1.2 of 4.0 MiB"))
        #expect(uploading.snapshot.contains("Tab or ↑: r retry · x remove"))
        let (_, failed) = ScreenGoldenTests.settledGrid(Self.states[1].1, width: 160, height: 48)
        #expect(failed.snapshot.contains("▸ notes.txt · 2.0 KiB · failed: the server is taking too many uploads (429 rate_limited) · try again in 30 s"))
        #expect(failed.snapshot.contains("↑↓ choose · r retry · x remove"))
        let (_, refused) = ScreenGoldenTests.settledGrid(Self.states[2].1, width: 80, height: 24)
        #expect(refused.snapshot.contains("not accepted: this server does not accept attachments"))
        // At 80 columns a long reason wraps onto a second line rather than being cut.
        let (_, narrow) = ScreenGoldenTests.settledGrid(Self.states[1].1, width: 80, height: 24)
        #expect(narrow.snapshot.contains("try again in 30 s"), "\(narrow.snapshot)")
    }

    /// `x` on a file still uploading: it leaves the tray at once, and what the composer still
    /// reports about it (progress, the cancelled request's end, a listing made before) changes nothing.
    @Test func aFileRemovedWhileUploadingLeavesAtOnceAndLateWordOfItChangesNothing() {
        let uploading = Self.file("report.pdf", size: 4 * Self.mib, .uploading(sentBytes: Self.mib, totalBytes: 4 * Self.mib))
        let other = Self.file("notes.txt", size: 2048, .uploading(sentBytes: 0, totalBytes: 2048))
        var state = Self.tray([uploading, other], focused: true)
        state.conversation.trayCursor = uploading.id
        let session = state.conversation.sessionID!
        #expect(state.take(state.conversation.trayKey(.char("x"))) == .removeAttachment(uploading.id, sessionID: session))
        #expect(state.conversation.attachments.map(\.id) == [other.id])
        #expect(state.conversation.trayCursor == other.id && state.focus == .tray)
        #expect(state.notice == "Removed report.pdf from the message.")

        let later = Self.file("report.pdf", size: 4 * Self.mib, .uploading(sentBytes: 3 * Self.mib, totalBytes: 4 * Self.mib),
                              id: uploading.id)
        let ended = Self.file("report.pdf", size: 4 * Self.mib, .failed(AttachmentFailure(reason: "Cancelled.")),
                              id: uploading.id)
        state.applyAttachment(later, sessionID: session)
        state.applyAttachment(ended, sessionID: session)
        state.applyAttachments([later, other], sessionID: session)
        #expect(state.conversation.attachments.map(\.id) == [other.id])
        // The other file's news still arrives.
        let otherDone = Self.file("notes.txt", size: 2048, .failed(Self.rateLimited), id: other.id)
        state.applyAttachment(otherDone, sessionID: session)
        #expect(state.conversation.attachments == [otherDone])
        let (_, grid) = ScreenGoldenTests.settledGrid(state, width: 80, height: 24)
        #expect(!grid.snapshot.contains("report.pdf · "))  // the status bar still says it was removed
        #expect(grid.snapshot.contains("Attachments · 1 file"))

        // The last file removed: the tray closes and the keys go back to the message.
        _ = state.take(state.conversation.trayKey(KeyPress(.delete)))
        #expect(state.conversation.attachments.isEmpty && state.conversation.trayCursor == nil && state.focus == .composer)
        state.applyAttachment(otherDone, sessionID: session)
        #expect(state.conversation.attachments.isEmpty)
    }

    @MainActor @Test func theHelpListsTheTraysKeys() {
        let entries = ChatScreen.help.groups.flatMap(\.entries)
        #expect(entries.contains { $0.keys == "r" && $0.description.contains("failed file again") })
        #expect(entries.contains { $0.keys == "x, Delete" && $0.description.contains("remove the file") })
    }
}

/// A photo re-encoded before upload says so in the tray, beside its state.
@Suite struct AttachmentNoticeTests {
    @Test func theTraySaysAPhotoLostItsLocation() {
        let photo = VeetChat.Attachment(filename: "IMG_1.jpg", bytes: Data(repeating: 1, count: 2048),
                                        notice: "re-encoded, location removed")
        let lines = AttachmentTrayView.lines(for: photo, width: 120, chosen: false)
        #expect(lines.joined().contains("IMG_1.jpg · ") && lines.joined().hasSuffix(" · re-encoded, location removed"),
                "\(lines)")
        let plain = VeetChat.Attachment(filename: "notes.txt", bytes: Data("hi".utf8))
        #expect(!AttachmentTrayView.lines(for: plain, width: 120, chosen: false).joined().contains("re-encoded"))
    }
}
