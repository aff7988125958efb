import Foundation
import VeetChat
import VeetCurses
import VeetTokens
import VeetTransport

/// An open conversation that cannot be shown as a transcript, said in words
/// instead of an empty page or "Loading...". It takes the transcript's and the
/// composer's place: nothing can be typed or sent while it shows.
public enum ConversationPage: Sendable, Hashable {
    /// A read of the conversation answered 404: it was deleted (here or on another device).
    case deleted
    /// The conversation was never read on this machine and the server cannot be
    /// reached; `lastReached` is when this device last heard from it (nil: never).
    case unreachable(lastReached: Date?)
    /// The server predates the route the conversation needs (it answered as a missing route).
    case serverTooOld

    public var title: String {
        switch self {
        case .deleted: "This conversation was deleted"
        case .unreachable: "Can't reach the server"
        case .serverTooOld: "This server is too old for this feature"
        }
    }

    /// How long ago a date was, in the shell's words ("3h"; the sidebar's, so the two agree).
    public typealias Age = (_ date: Date, _ now: Date) -> String

    /// The lines under the title: what happened, then what the owner can do.
    public func detail(now: Date, age: Age) -> [String] {
        switch self {
        case .deleted:
            ["It no longer exists on the server, so nothing can be sent to it.",
             "Ctrl-N starts a new conversation; Tab reaches the others."]
        case .unreachable(let lastReached):
            ["Nothing of it is cached on this machine yet.",
             "Last reached: " + Self.lastReachedText(lastReached, now: now, age: age),
             "Enter: try again"]
        case .serverTooOld:
            ["The server did not recognise the request: it needs a newer release.",
             "Update the server, then open the conversation again."]
        }
    }

    /// Only "Can't reach the server" has something to retry.
    public var retries: Bool {
        if case .unreachable = self { true } else { false }
    }

    public static func lastReachedText(_ date: Date?, now: Date, age: Age) -> String {
        guard let date else { return "never" }
        return age(date, now).trimmingCharacters(in: .whitespaces) + " ago"
    }

    /// Fills `rect` (the transcript and the composer's rows) and centres the words in it.
    public func draw(in grid: inout ScreenGrid, rect: GridRect, now: Date, age: Age) {
        grid.fill(rect, style: TranscriptStyles.page)
        let lines = detail(now: now, age: age)
        var row = rect.row + max(0, (rect.height - lines.count - 2) / 2)
        _ = grid.put(title, row: row, column: rect.column + 2, style: headline, limit: rect.right)
        row += 2
        for line in lines where row < rect.row + rect.height {
            let style = line.hasPrefix("Enter:") ? TranscriptStyles.attention : TranscriptStyles.tool
            _ = grid.put(line, row: row, column: rect.column + 2, style: style, limit: rect.right)
            row += 1
        }
        grid.cursor = nil
    }

    private var headline: TextStyle {
        switch self {
        case .deleted: TranscriptStyles.failure
        case .unreachable, .serverTooOld: TranscriptStyles.attention
        }
    }
}

extension ConversationPage {
    /// The page for a failed opening, or nil when the failure is an ordinary
    /// problem for the status bar (the cached transcript then stays on screen).
    public init?(openingFailedWith error: any Error, cachedAnything: Bool, lastReached: Date?) {
        if HistoryRoutes.meansRouteUnavailable(error) {
            self = .serverTooOld
        } else if HistoryRoutes.meansConversationDeleted(error) {
            self = .deleted
        } else if let transport = error as? TransportError, Self.meansUnreachable(transport), !cachedAnything {
            self = .unreachable(lastReached: lastReached)
        } else {
            return nil
        }
    }

    /// No answer came at all (a TLS or redirect refusal is a different problem, said as such).
    public static func meansUnreachable(_ error: TransportError) -> Bool {
        [.cannotConnect, .timedOut, .connectionLost].contains(error.kind)
    }
}
