import VeetWebsiteAccess

/// What `veet sites add|signin` says after `CeremonyDriver.undo`: each
/// answer worded as it is, so a rollback that failed never reads as done and
/// whatever is left names its profile and the commands that remove it.
enum SignInUndoWording {
    /// Why the sign-in stopped being followed.
    enum Stop {
        /// `--open` could not hand the link to the desktop.
        case linkNotOpened
        /// Ctrl-C, or the wait failed.
        case stopped
        /// The wait ended unready: expired, cancelled, or still open when it ran out.
        case endedUnready
    }

    /// The line to print, or nil when nothing was undone and nothing needs saying.
    static func message(_ undo: SignInUndo, after stop: Stop) -> String? {
        let lead = switch stop {
        case .linkNotOpened: "veet: the link could not be opened here"
        case .stopped: "Stopped"
        case .endedUnready: "The sign-in did not finish"
        }
        switch undo {
        case .nothing:
            return stop == .linkNotOpened ? "\(lead)." : nil
        case .cancelledCeremony:
            return "\(lead); the sign-in was cancelled and the earlier sign-in kept."
        case .cancelFailed(let reason):
            return "\(lead); the sign-in could not be cancelled (\(reason)). The earlier sign-in is kept; "
                + "the open sign-in expires by itself within five minutes."
        case .removedProfile:
            return stop == .endedUnready
                ? "The new profile was removed so you can start over with `veet sites add`."
                : "\(lead); the half-made profile was removed, nothing was kept."
        case .leftBehind(let profileID, let report):
            let remove = report.revoked
                ? "`veet sites delete \(profileID)`"
                : "`veet sites revoke \(profileID)` then `veet sites delete \(profileID)`"
            let state = report.revoked ? "revoked but not deleted" : "not revoked or deleted"
            return "\(lead); the half-made profile \(profileID) could not be removed and is still on the server, "
                + "\(state) (\(report.failures.joined(separator: "; "))). Remove it with \(remove)."
        }
    }
}
