/// What a shell offers for an option's value or a positional.
public enum CompletionSource: Sendable, Equatable {
    /// Nothing to offer (free text, a number).
    case none
    /// One of these words.
    case choices([String])
    /// A path on disk.
    case files
    /// Values the program lists itself without a network call:
    /// `PROGRAM __complete KIND` prints one `value<TAB>description` per line.
    case live(String)

    /// The words a generated script switches on: `files`, `live KIND`, `choices A B`, or `none`.
    var scriptWords: String {
        switch self {
        case .none: "none"
        case .files: "files"
        case .live(let kind): "live \(kind)"
        case .choices(let words): (["choices"] + words).joined(separator: " ")
        }
    }
}
