import Foundation
import VeetChat
import VeetChatScreens
import VeetStore
import Synchronization
import VeetTransport
import VeetWire

/// The sidebar's and the transcript's actions: search, delete, artifacts, attachments.
extension Backend {
    /// Sends text with the draft's uploaded files (when `files` holds any) and follows the run.
    /// Files refused by the library's own check (one changed after the screen's)
    /// hand the words back under `clientKey`, the optimistic bubble's key.
    func send(text: String, files: AttachmentComposer?, clientKey: String, sessionID: String?,
              conversationKey: IdempotencyKey, work: Int) -> Task<Void, Never> {
        guard let files else {
            return send(content: [.text(text)], sessionID: sessionID, conversationKey: conversationKey, work: work)
        }
        return Task {
            let content: [ContentBlock]
            do {
                content = try await files.messageContent(text: text)
                await files.clear()
            } catch {
                // The screen checked the same rule first; a file that changed meanwhile keeps the draft.
                inbox.post(.messageRefused(text: text, clientKey: clientKey, reason: "\(error)"))
                inbox.post(.attachmentsListed(sessionID: files.sessionID, await files.attachments))
                inbox.post(.workEnded(work: work, problem: nil))
                return
            }
            let turn = send(content: content, sessionID: sessionID, conversationKey: conversationKey, work: work)
            await withTaskCancellationHandler { await turn.value } onCancel: { turn.cancel() }
        }
    }

    /// Searches the cached conversations. Each call supersedes the ones before
    /// it: an older query still in SQLite is interrupted and posts nothing, so
    /// only the newest answer arrives, whatever order the tasks run in.
    func search(_ query: String) -> Task<Void, Never> {
        let mine = searchGeneration.next()
        let generation = searchGeneration
        return Task.detached { [store, inbox] in
            do {
                let outcome = try store.search(query, limit: 30, width: 60, isCancelled: { generation.current != mine })
                guard generation.current == mine else { return }
                inbox.post(.searchResults(query: query, outcome))
            } catch {
                guard generation.current == mine else { return }
                inbox.post(.notice("Search failed: \(Self.describe(error))"))
            }
        }
    }

    /// Delete Everywhere: the server first, then the local rows (a refusal keeps both).
    func delete(sessionID: String) -> Task<Void, Never> {
        Task {
            do {
                try await store.deleteEverywhere(sessionID: sessionID) { try await api.deleteSession(id: sessionID) }
                await artifacts.forgetConversations([sessionID])
                inbox.post(.deleted(sessionID: sessionID))
            } catch where HistoryRoutes.meansRouteUnavailable(error) {
                inbox.post(.notice("Not deleted: " + ConversationPage.serverTooOld.title.lowercased() + " · update the server"))
            } catch {
                inbox.post(.notice("Could not delete the conversation: \(Self.describe(error))"))
            }
            _ = reconcile()
        }
    }

    /// Reads an artifact for the viewer: text shown as it is, anything else
    /// described (which is which: the chat feature's `ArtifactPreview`).
    /// The bytes are cached under `sessionID`, so deleting or pruning that conversation drops them.
    func openArtifact(_ file: FileReference, sessionID: String?) -> Task<Void, Never> {
        Task {
            do {
                let content = try await artifacts.content(id: file.artifactID, sessionID: sessionID)
                let name = file.filename ?? file.artifactID
                let size = ByteCountFormatter.string(fromByteCount: Int64(content.bytes.count), countStyle: .file)
                let lines: [String] = switch ArtifactPreview(mediaType: file.mediaType, bytes: content.bytes) {
                case .text(let text): text.components(separatedBy: "\n")
                case .empty: ["(empty)"]
                case .notText: ["(\(file.mediaType), \(size): not text; press e to export it to a file)"]
                }
                inbox.post(.artifactOpened(ArtifactViewer(artifactID: file.artifactID,
                                                          title: "\(name) · \(file.mediaType) · \(size)", lines: lines)))
            } catch {
                inbox.post(.notice("Could not open the file: \(Self.describe(error))"))
            }
        }
    }

    /// Writes an artifact's exact bytes (checked against its size and SHA-256) to `path`.
    func export(artifactID: String, to path: String) -> Task<Void, Never> {
        Task {
            let expanded = (path as NSString).expandingTildeInPath
            do {
                let view = try await artifacts.export(id: artifactID, to: URL(fileURLWithPath: expanded))
                inbox.post(.notice("Exported \(view.sizeBytes) bytes to \(expanded)"))
            } catch {
                inbox.post(.notice("Could not export: \(Self.describe(error))"))
            }
        }
    }

    /// Uploads a file named by path into the conversation's draft, reporting progress
    /// (a new conversation is created first, since uploads belong to a session).
    func attach(path: String, sessionID: String?, composers: AttachmentComposers) -> Task<Void, Never> {
        Task {
            do {
                let session: String
                if let sessionID { session = sessionID } else {
                    session = try await apiCreatingNow().createSession().id
                    inbox.post(.sessionCreated(sessionID: session))
                }
                let composer = composers.composer(for: session, api: api, inbox: inbox)
                let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
                try await composer.addFile(at: url)
            } catch let problem as AttachmentProblem {
                inbox.post(.notice("Not attached: \(problem)"))
            } catch {
                inbox.post(.notice("Not attached: \(Self.describe(error))"))
            }
        }
    }
}

extension Backend {
    /// Sends a failed file again (same idempotency key); its progress and result arrive as `attachmentChanged`.
    func retryAttachment(_ id: UUID, sessionID: String, composers: AttachmentComposers) -> Task<Void, Never> {
        Task {
            guard let composer = composers.existing(for: sessionID) else { return }
            await composer.retry(id)
        }
    }

    /// The files a conversation's draft already holds (attached before the owner
    /// went to another conversation), for its tray: a file the tray does not
    /// show must never travel with the message.
    /// `restoring`: a kept draft's files, put back in the tray (after a relaunch) as uploaded.
    func listAttachments(sessionID: String, composers: AttachmentComposers, restoring files: [Draft.File] = []) -> Task<Void, Never> {
        Task {
            let composer = files.isEmpty ? composers.existing(for: sessionID)
                : composers.composer(for: sessionID, api: api, inbox: inbox)
            guard let composer else { return }
            if !files.isEmpty { await composer.restore(files) }
            inbox.post(.attachmentsListed(sessionID: sessionID, await composer.attachments))
        }
    }

    /// Drops a file from the draft; the list after it replaces whatever the screen heard before.
    func removeAttachment(_ id: UUID, sessionID: String, composers: AttachmentComposers) -> Task<Void, Never> {
        Task {
            guard let composer = composers.existing(for: sessionID) else { return }
            await composer.remove(id)
            inbox.post(.attachmentsListed(sessionID: sessionID, await composer.attachments))
        }
    }
}

/// The number of the newest search (read by SQLite's progress callback).
final class SearchGeneration: Sendable {
    private let value = Atomic<Int>(0)

    func next() -> Int { value.add(1, ordering: .sequentiallyConsistent).newValue }
    var current: Int { value.load(ordering: .sequentiallyConsistent) }
}

/// One attachment composer per conversation, made on first use.
final class AttachmentComposers: Sendable {
    private let composers = Mutex<[String: AttachmentComposer]>([:])

    func composer(for sessionID: String, api: ChatAPI, inbox: Inbox) -> AttachmentComposer {
        composers.withLock { all in
            if let existing = all[sessionID] { return existing }
            let made = api.attachmentComposer(sessionID: sessionID) { attachment in
                inbox.post(.attachmentChanged(sessionID: sessionID, attachment))
            }
            all[sessionID] = made
            return made
        }
    }

    func existing(for sessionID: String) -> AttachmentComposer? {
        composers.withLock { $0[sessionID] }
    }
}
