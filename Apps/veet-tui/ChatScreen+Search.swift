import Foundation
import VeetStore

extension ChatScreen {
    /// The background fill read more transcripts: the sidebar says how many
    /// are left, and an open search is asked again (it may find more now).
    func searchCoverageChanged(_ coverage: SearchCoverage) {
        guard coverage != state.searchCoverage else { return }
        state.searchCoverage = coverage
        if !state.search.isEmpty { searchChanged() }
    }
}
