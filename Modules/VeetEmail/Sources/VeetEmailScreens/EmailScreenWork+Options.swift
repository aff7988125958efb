import Foundation
import VeetCurses
import VeetEmail

/// The work of the page's options: the discussion, the draft options and the learning pane,
/// through VeetEmail's calls as `veet email` makes them.
extension EmailScreenWork {
    func runOption(_ effect: EmailScreenEffect, _ report: @escaping @Sendable (EmailScreenResult) -> Void) async {
        switch effect {
        case .discuss(let threadID):
            do {
                let thread = try await api.openDiscussion(threadID: threadID)
                guard let session = thread.sessionID else {
                    report(.message("The server did not open a discussion for this conversation."))
                    return
                }
                report(.discussion(threadID: threadID, sessionID: session))
            } catch {
                report(.message("No discussion: \(words(error))"))
            }
        case .saveNow(let session, let content, let threadID):
            await session.type(content)
            switch await session.settle() {
            case .settled(let saved):
                report(.draftSaved(threadID: threadID, await session.editor, status: "Saved (revision \(saved.revision))"))
            case .conflict:
                report(.draftSaved(threadID: threadID, await session.editor, status: "Changed on another device: pick a version"))
            case .willNotSettle:
                report(.draftSaved(threadID: threadID, await session.editor, status: ""))
                report(.draftOptionFailed(threadID: threadID, .save, "Not saved: the server did not confirm the text; it stays here."))
            }
        case .loadHistory(let session, let threadID):
            do {
                report(.draftHistory(threadID: threadID, DraftHistory.ordered(try await session.history())))
            } catch {
                report(.draftOptionFailed(threadID: threadID, .history, "History not read: \(words(error))"))
            }
        case .restore(let session, let revision, let threadID):
            await session.restore(revision)
            switch await session.settle() {
            case .settled(let saved):
                report(.draftSaved(threadID: threadID, await session.editor,
                                   status: DraftHistory.restored(revision.revision, as: saved.revision)))
            case .conflict:
                report(.draftSaved(threadID: threadID, await session.editor, status: "Changed on another device: pick a version"))
            case .willNotSettle:
                report(.draftSaved(threadID: threadID, await session.editor, status: ""))
                report(.draftOptionFailed(threadID: threadID, .history,
                                          "Restored into the editor but not saved yet; it is saved with your next change."))
            }
        case .discard(let session, let threadID):
            do {
                _ = try await session.discard()
                report(.draftDiscarded(threadID: threadID))
            } catch {
                report(.draftOptionFailed(threadID: threadID, .discard, "Not discarded: \(words(error))"))
            }
        case .endorse(let session, let threadID):
            do {
                let revision = await session.editor.saved.revision
                report(.endorsed(threadID: threadID, revision: revision, try await session.endorse()))
            } catch let refused as DraftSessionError {
                report(.draftOptionFailed(threadID: threadID, .endorse, refused.description))
            } catch {
                report(.draftOptionFailed(threadID: threadID, .endorse, "Not endorsed: \(words(error))"))
            }
        default: await runLearning(effect, report)
        }
    }

    private func runLearning(_ effect: EmailScreenEffect, _ report: @escaping @Sendable (EmailScreenResult) -> Void) async {
        do {
            switch effect {
            case .loadLearning: report(.learning(try await api.learningIfOffered()))
            case .setLearningPaused(let paused):
                let state = try await api.setLearningPaused(paused)
                report(.learningChanged(state, state.paused ? "Paused: nothing new is learned from your mail."
                                            : "Resumed: Veetbot learns from your mail again."))
            case .resetLearning(let scope):
                report(.learningChanged(try await api.resetLearning(scope), LearningDisclosure.describe(scope)))
            case .exclude(let threadID, let revision):
                let result = try await api.exclude(threadID: threadID, expectedRevision: revision)
                report(.excluded(threadID: threadID, LearningDisclosure.excluded(result)))
            default: break
            }
        } catch EmailError.partUnavailable(.learning) {
            report(.learning(nil))
        } catch {
            report(.learningFailed("Not done: \(words(error))"))
        }
    }
}
