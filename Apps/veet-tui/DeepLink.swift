import Foundation

/// `veet-tui --session ID [--run ID] [--focus approval|question]`: where a
/// notification leads (veetd's Open). The conversation opens with its durable
/// transcript, the named run (else the one in flight or the latest) is
/// attached, and the keys go to the card named.
struct DeepLink: Sendable, Equatable {
    enum Focus: String, Sendable, CaseIterable {
        case approval, question
    }

    var sessionID: String
    var runID: String?
    var focus: Focus?

    /// A server id (a UUID), lowercased; anything else is refused before the terminal is taken.
    static func identifier(_ text: String, option: String, what: String) throws -> String {
        guard UUID(uuidString: text) != nil else {
            throw DeepLinkError("\(option) needs a \(what) id, a UUID such as 0198d6a2-4c1e-7b3a-9f21-5e8c0d4a7b61, "
                                + "not '\(text)' (`veet sessions list` shows them)")
        }
        return text.lowercased()
    }

    /// What the status bar says when the card named by `--focus` is not there.
    var missingCardNotice: String? {
        switch focus {
        case .approval: "No approval is waiting in this conversation now."
        case .question: "No question is waiting in this conversation now."
        case nil: nil
        }
    }
}

struct DeepLinkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
