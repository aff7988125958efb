import Foundation
import VeetChat
import VeetWire

/// What the conversation surface says and does when a turn hands something
/// back: a message that was not sent leaves its bubble and its words return to
/// the composer (before anything typed since); such a notice outlives the end
/// of its work; an approval's notice grows the run's outcome once read.
public enum HandBack {
    /// What every hand-back notice ends with.
    public static let handedBackSuffix = " · your text is back in the composer"
    /// A message that met another run of its conversation (that run is followed instead).
    public static let notSentNotice = "Not sent: a reply was already running" + handedBackSuffix

    /// A message whose files the chat library refused after the screen's own check passed.
    public static func refusedNotice(reason: String) -> String { "Not sent: \(reason)" + handedBackSuffix }

    /// The bubble that goes: the one sent with `clientKey`, else the last unsent bubble with these words.
    public static func bubbleKey(of words: String, clientKey: String?, in transcript: Transcript) -> String? {
        clientKey ?? transcript.items.last(where: {
            $0.runID == nil && $0.user?.isOptimistic == true && $0.user?.text == words
        })?.user?.clientKey
    }

    /// The composer once `words` are back: before what was typed since; nil leaves it as typed (no words).
    public static func composerText(handing words: String, typed: String) -> String? {
        words.isEmpty ? nil : (typed.isEmpty ? words : words + "\n" + typed)
    }

    /// The status bar when work ends: its problem, else nothing, except that a
    /// message handed back stays said while its words wait in the composer.
    public static func notice(_ notice: String, afterWork problem: String?) -> String {
        problem ?? (notice.hasSuffix(handedBackSuffix) ? notice : "")
    }

    /// The status bar after an approval settled, with the run's outcome once read.
    public static func settledNotice(_ decided: String, run: RunView?) -> String {
        guard let run else { return decided }
        switch ApprovalRunOutcome(run) {
        case .completed: return decided + " · the run completed"
        case .failed(let failure): return decided + " · the run failed" + (failure.map { ": " + $0.message } ?? "")
        case .cancelled: return decided + " · the run was cancelled"
        case .active: return decided
        }
    }
}
