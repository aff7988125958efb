import Foundation

/// `veet-tui --session ID [--run ID] [--focus approval|question]`: where a
/// notification leads (veetd's Open). The conversation opens with its durable
/// transcript, the named run (else the one in flight or the latest) is
/// attached, and the keys go to the card named. `veet-tui --call ID` (a
/// `call_finished` alert's Open) opens the Calls page on that call instead.
struct DeepLink: Sendable, Equatable {
    enum Focus: String, Sendable, CaseIterable {
        case approval, question
    }

    /// The conversation to open; nil when the link names a call.
    var sessionID: String?
    var runID: String?
    var focus: Focus?
    /// The phone call whose result to show.
    var callID: String?

    init(sessionID: String, runID: String? = nil, focus: Focus? = nil) {
        self.sessionID = sessionID
        self.runID = runID
        self.focus = focus
    }

    init(callID: String) {
        self.callID = callID
    }

    /// A server id (a UUID), lowercased; anything else is refused before the terminal is taken.
    static func identifier(_ text: String, option: String, what: String, listedBy: String = "veet sessions list") throws -> String {
        guard UUID(uuidString: text) != nil else {
            throw DeepLinkError("\(option) needs a \(what) id, a UUID such as 0198d6a2-4c1e-7b3a-9f21-5e8c0d4a7b61, "
                                + "not '\(text)' (`\(listedBy)` shows them)")
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
