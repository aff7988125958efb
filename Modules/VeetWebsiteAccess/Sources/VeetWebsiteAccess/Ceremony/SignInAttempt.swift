import Foundation
import VeetTransport

/// A sign-in the person is taking part in, and what giving it up must undo.
public struct SignInAttempt: Sendable, Hashable {
    public var ceremonyID: String
    /// The profile made for this sign-in (a website being added); nil when an
    /// existing profile signs in again.
    public var newProfileID: String?

    public init(ceremonyID: String, newProfileID: String?) {
        self.ceremonyID = ceremonyID
        self.newProfileID = newProfileID
    }

    /// A new website's first sign-in: the profile goes if the sign-in does not succeed.
    public static func adding(_ setup: SiteSetup) -> SignInAttempt {
        SignInAttempt(ceremonyID: setup.started.ceremony.id, newProfileID: setup.profile.id)
    }

    /// Signing in again to an existing profile: the profile and its earlier sign-in stay.
    public static func again(_ started: StartedCeremony) -> SignInAttempt {
        SignInAttempt(ceremonyID: started.ceremony.id, newProfileID: nil)
    }
}

/// How a sign-in attempt stopped being followed.
public enum SignInEnding: Sendable, Hashable {
    /// Given up before an outcome: the link could not be opened, or the wait
    /// was interrupted or failed.
    case givenUp
    /// The wait returned this last read: ready, ended, or still open when a
    /// bounded wait ran out.
    case waited(Ceremony)
}

/// What undoing a sign-in attempt did. A step that failed is its own case,
/// so a caller never words a partial undo as done.
public enum SignInUndo: Sendable, Hashable {
    /// Nothing needed undoing: the sign-in is ready, or an existing profile's
    /// sign-in was left to be finished (or started over) later.
    case nothing
    /// Signing in again was given up: its ceremony was cancelled and the
    /// earlier sign-in kept.
    case cancelledCeremony
    /// Signing in again was given up but its ceremony could not be cancelled
    /// (`reason`); the earlier sign-in is kept and the open ceremony expires by itself.
    case cancelFailed(reason: String)
    /// The profile made for this sign-in is gone (deleted). A ceremony that
    /// had already ended cannot be cancelled; the report still names that step.
    case removedProfile(RollbackReport)
    /// The profile made for this sign-in could not be deleted: it is still
    /// on the server (revoked or not, as the report says) and needs removing by hand.
    case leftBehind(profileID: String, RollbackReport)
}

extension CeremonyDriver {
    /// Undoes what an attempt leaves behind once it ended without a ready
    /// sign-in, so a retry starts clean: a new website's half-made profile is
    /// rolled back whatever the ending; signing in again cancels its
    /// ceremony only when given up, and never touches the profile.
    public func undo(_ attempt: SignInAttempt, after ending: SignInEnding) async -> SignInUndo {
        if case .waited(let outcome) = ending, outcome.status == .ready { return .nothing }
        if let profileID = attempt.newProfileID {
            let report = await rollback(profileID: profileID, ceremonyID: attempt.ceremonyID)
            return report.deleted ? .removedProfile(report) : .leftBehind(profileID: profileID, report)
        }
        guard ending == .givenUp else { return .nothing }
        do {
            _ = try await api.cancelCeremony(id: attempt.ceremonyID)
            return .cancelledCeremony
        } catch {
            return .cancelFailed(reason: "\(error)")
        }
    }
}
