import Testing
@testable import VeetWebsiteAccessCommands
import VeetWebsiteAccess

/// `veet sites add|signin` words each answer of `CeremonyDriver.undo` as it
/// is: a failed rollback names what is left and how to remove it.
@Suite struct SignInUndoWordingTests {
    private let clean = RollbackReport(cancelledCeremony: true, revoked: true, deleted: true)

    @Test func aCleanRollbackSaysTheProfileWasRemoved() {
        #expect(SignInUndoWording.message(.removedProfile(clean), after: .stopped)
                == "Stopped; the half-made profile was removed, nothing was kept.")
        #expect(SignInUndoWording.message(.removedProfile(clean), after: .linkNotOpened)
                == "veet: the link could not be opened here; the half-made profile was removed, nothing was kept.")
        #expect(SignInUndoWording.message(.removedProfile(clean), after: .endedUnready)
                == "The new profile was removed so you can start over with `veet sites add`.")
    }

    @Test func aProfileTheServerKeptIsNamedWithTheCommandsThatRemoveIt() {
        let down = RollbackReport(cancelledCeremony: true, failures: ["revoke: connection lost", "delete: connection lost"])
        #expect(SignInUndoWording.message(.leftBehind(profileID: "bp1", down), after: .stopped)
                == "Stopped; the half-made profile bp1 could not be removed and is still on the server, not revoked or deleted "
                + "(revoke: connection lost; delete: connection lost). "
                + "Remove it with `veet sites revoke bp1` then `veet sites delete bp1`.")
        let revokedOnly = RollbackReport(revoked: true, failures: ["delete: 503"])
        #expect(SignInUndoWording.message(.leftBehind(profileID: "bp1", revokedOnly), after: .endedUnready)
                == "The sign-in did not finish; the half-made profile bp1 could not be removed and is still on the server, "
                + "revoked but not deleted (delete: 503). Remove it with `veet sites delete bp1`.")
    }

    @Test func aCancelThatFailedIsNotWordedAsCancelled() throws {
        let line = try #require(SignInUndoWording.message(.cancelFailed(reason: "connection lost"), after: .stopped))
        #expect(line == "Stopped; the sign-in could not be cancelled (connection lost). The earlier sign-in is kept; "
                + "the open sign-in expires by itself within five minutes.")
        #expect(SignInUndoWording.message(.cancelledCeremony, after: .stopped)
                == "Stopped; the sign-in was cancelled and the earlier sign-in kept.")
    }

    @Test func signingInAgainLeftWaitingSaysNothingMore() {
        #expect(SignInUndoWording.message(.nothing, after: .endedUnready) == nil)
        #expect(SignInUndoWording.message(.nothing, after: .stopped) == nil)
        // Before, "nothing was kept" was printed here even for an existing profile, which is kept.
        #expect(SignInUndoWording.message(.nothing, after: .linkNotOpened) == "veet: the link could not be opened here.")
    }
}
