import Foundation

/// What both faces say about calls, said once here.
public enum CallWords {
    public static let notOffered = "This server does not offer calls."
    /// Shown with every live record, for both directions: the provider's caller id can be spoofed.
    public static let unverified = "Caller identity and statements are unverified."
    public static let erased = "This call's content has been deleted from Veetbot."
    /// Veetbot never deletes the provider's copy.
    public static let providerKeeps = "The phone provider keeps its own records of the call."
    /// The question asked before an erase.
    public static let deleteQuestion = "Delete this call's content from Veetbot?"
    public static let deleteExplanation =
        "This removes the summary, the transcript and the copies in your conversations. " + providerKeeps
    public static let noCalls = "No calls."
    /// An erase asked of a call still in progress.
    public static let stillInProgress =
        "The call is still in progress: stop it or wait until it ends, then delete it. Nothing was deleted."

    /// "The summary was truncated." and its siblings; nil when the text needs no note.
    public static func note(_ state: TextCompleteness?, _ what: String) -> String? {
        switch state {
        case .truncated?: "The \(what) was truncated."
        case .notYet?: "The \(what) is not available yet."
        case .empty?: "The provider returned no \(what)."
        case .whole?, nil: nil
        }
    }

    /// What a stop's answer means for the owner.
    public static func stopped(_ termination: CallTermination) -> String {
        switch termination {
        case .confirmed: "The provider ended the call (or it was already over)."
        case .uncertain: "The provider did not confirm the stop: the call may still be live. Stopping again is safe."
        case .unknown(let raw): "The provider answered the stop with \"\(raw)\"."
        }
    }

    /// Provider text is third-party material: shown verbatim but never able to move the cursor,
    /// change colours or ring the bell. Control characters other than newline and tab become `?`.
    public static func plain(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            if scalar == "\n" || scalar == "\t" { return scalar }
            if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                && scalar.value >= 0x202A && scalar.value <= 0x202E {
                return "?"
            }
            return scalar
        }))
    }

    /// `2.4 min`, `0 min` while unknown.
    public static func duration(_ minutes: Double?) -> String? {
        guard let minutes, minutes > 0 else { return nil }
        let rounded = (minutes * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(rounded)) min" : "\(rounded) min"
    }
}
