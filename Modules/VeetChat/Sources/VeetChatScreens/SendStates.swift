import Foundation
import VeetChat
import VeetStore

/// The line under each of the owner's messages the server has not confirmed:
/// the transcript's unconfirmed messages matched to their outbox entries
/// (the chat feature's `SendState` for each), and the status bar's word for the newest one held.
public enum SendStates {
    /// The entries of `sessionID`'s conversation matched to its unconfirmed messages (by key, else by
    /// words), by transcript item id. Entries newer than `floor` with no conversation yet belong to
    /// it too (a message sent here before its conversation existed). In an open conversation an entry
    /// the transcript does not show (sent before a restart, say) joins it, so nothing typed is hidden.
    public static func match(_ outbox: [OutboxEntry], into transcript: inout Transcript, sessionID: String?, floor: Int64,
                             delivering: Bool) -> [String: SendState] {
        var remaining = outbox.filter { entry in
            entry.sessionID == sessionID || (entry.id > floor && (sessionID == nil || entry.sessionID == nil))
        }
        var states: [String: SendState] = [:]
        for item in transcript.items {
            guard let message = item.user, message.isOptimistic else { continue }
            guard let index = remaining.firstIndex(where: { $0.key.rawValue == message.clientKey })
                ?? remaining.firstIndex(where: { $0.text == message.text }) else { continue }
            states[item.id] = SendState(entry: remaining.remove(at: index), isBeingDelivered: delivering)
        }
        if let sessionID {
            for entry in remaining where entry.sessionID == sessionID {
                let id = transcript.addOptimisticUserMessage(entry.content, clientKey: entry.key.rawValue)
                states[id] = SendState(entry: entry, isBeingDelivered: delivering)
            }
        }
        return states
    }

    /// The status bar's notice for a send that did not go out: short enough
    /// for 80 columns, naming the newest entry held (`veet outbox` knows it by that number).
    public static func heldNotice(_ states: [String: SendState]) -> String? {
        guard let held = states.values.filter({ $0.entryID != nil }).max(by: { $0.entryID! < $1.entryID! }),
              let id = held.entryID else { return nil }
        return held.canRetry ? "Not sent · kept in the outbox as #\(id)" : "Refused · kept in the outbox as #\(id)"
    }
}
