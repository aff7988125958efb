import Foundation
import Testing

extension CommandTour {
    /// Calls and messaging surfaces, plain and with --json (the fixture's seeded ids: CallsSurfacesJourneyTests).
    func callsAndSurfaces() throws {
        let completed = CallsSurfacesJourneyTests.completedCall, active = CallsSurfacesJourneyTests.activeCall
        let telegram = CallsSurfacesJourneyTests.telegram
        try run.veet(["calls", "list"])
        try run.veet(["calls", "list", "--json"])
        try run.veet(["calls", "show", completed])
        try run.veet(["calls", "show", completed, "--json"])
        try run.veet(["calls", "delete", active, "--yes"], expect: [1])
        try run.veet(["calls", "stop", active, "--json"])
        try run.veet(["calls", "stop", active], expect: nil)
        try run.veet(["calls", "delete", completed, "--yes", "--json"])
        try run.veet(["calls", "delete", active, "--yes"], expect: nil)

        try run.veet(["surfaces", "list"])
        try run.veet(["surfaces", "list", "--json"])
        try run.veet(["surfaces", "pairings", telegram])
        let pairings = try run.veet(["surfaces", "pairings", telegram, "--json"])
        try run.veet(["surfaces", "pair", telegram, "--label", "tour phone"])
        try run.veet(["surfaces", "pair", telegram, "--json"])
        let pairing = try run.value(pairings, "id")
        try run.veet(["surfaces", "revoke", pairing, "--yes", "--json"], expect: nil)
        try run.veet(["surfaces", "revoke", pairing, "--yes"], expect: nil)
        try run.veet(["surfaces", "delete", CallsSurfacesJourneyTests.revokedPairing, "--yes", "--json"])
        try run.veet(["surfaces", "delete", CallsSurfacesJourneyTests.revokedPairing, "--yes"], expect: nil)
    }
}
