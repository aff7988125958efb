/// The words every face of Memory says about a belief, said once here: where
/// it came from and why a flagged one needs the owner's review.
extension Belief {
    /// "from email", "from a conversation", or "about Ana, from email" when the
    /// subject is someone else. `naming` makes the subject's name safe to show
    /// (a terminal face strips control characters from server text).
    public func origin(naming: (String) -> String = { $0 }) -> String {
        let about = MemorySubject(subject).displayName
        let source = derivation == "email" ? "from email" : "from a conversation"
        return about == "owner" || about.isEmpty ? source : "about \(naming(about)), \(source)"
    }

    /// Why a flagged belief needs review: learned from email, or the agent is unsure.
    public var reviewReason: String {
        derivation == "email" ? "Learned from email: check it before the agent relies on it."
            : "The agent is not sure of this: check it."
    }
}
