import VeetWebsiteAccess

/// What the Website Access screen says when a sign-in on this device ends,
/// from the feature's outcome (every answer of the hand-off has its words
/// there) and what was undone. Never a value of the session: only counts.
public enum WebsiteAccessWords {
    /// The key that takes a refused device sign-in's offer, and the one that declines it.
    public static let offer = "The browser window's data is already wiped. Press b to sign in through the remote browser instead, or n to stop."

    public static func ended(_ setup: DeviceSetup) -> [String] {
        var words: [String] = []
        if case .answered(_, _, let leftOut) = setup.outcome, leftOut.foreignCookies + leftOut.refusedCookies > 0 {
            words.append("Left out \(leftOut.foreignCookies) cookies of other websites and \(leftOut.refusedCookies) the service would refuse.")
        }
        words.append(setup.outcome.description)
        if setup.offersRemote {
            words.append(offer)
        } else if let undo = setup.undo, let line = undone(undo) {
            words.append(line)
        }
        return words
    }

    /// What was undone after a sign-in stopped, in one sentence; nil when nothing needs saying.
    public static func undone(_ undo: SignInUndo) -> String? {
        switch undo {
        case .nothing: nil
        case .cancelledCeremony: "The sign-in was cancelled and the earlier sign-in kept."
        case .cancelFailed(let reason):
            "The sign-in could not be cancelled (\(reason)); it expires by itself within five minutes."
        case .removedProfile: "The half-made profile was removed, nothing was kept."
        case .leftBehind(_, let report):
            "The half-made profile could not be removed (\(report.failures.joined(separator: "; "))): "
                + (report.revoked ? "delete it here (x)." : "revoke it (r), then delete it (x).")
        }
    }
}
