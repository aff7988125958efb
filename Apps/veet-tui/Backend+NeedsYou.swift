import Foundation
import Synchronization
import VeetConsole
import VeetEmail
import VeetEmailCommands
import VeetMemory
import VeetMemoryCommands
import VeetPeople
import VeetPeopleCommands
import VeetSubscriptions
import VeetSubscriptionsCommands
import VeetTransport

/// The features' own "Needs you" reads (each face reports plain `NeedsYouItem`s), made on the
/// reconcile's cadence and only when it asks the server: never on a timer of their own, never per frame.
/// A feature the server answered "not offered" is not asked again on this connection.
final class NeedsYouGatherer: Sendable {
    /// The features asked, in the order the sidebar and `veet needs-you` list them (after the chat's).
    static func sources(_ sender: HTTPRequestSender) -> [any NeedsYouSource] {
        [EmailNeedsYou(api: EmailAPI(sender: sender)), SubscriptionsNeedsYou(api: SubscriptionsAPI(sender: sender)),
         MemoryNeedsYou(api: MemoryAPI(sender: sender)), PeopleNeedsYou(api: PeopleAPI(sender: sender))]
    }

    static let order = [EmailNeedsYou.feature, SubscriptionsNeedsYou.feature, MemoryNeedsYou.feature, PeopleNeedsYou.feature]

    private let skipped = Mutex<Set<String>>([])

    /// Each offered feature's report, one read after another: in the background, never holding
    /// the connections an owner's send or an opening conversation needs at the same moment.
    func gather(sender: HTTPRequestSender) async -> [(feature: String, report: NeedsYouReport)] {
        let asked = skipped.withLock { skipped in Self.sources(sender).filter { !skipped.contains($0.feature) } }
        var reports: [(feature: String, report: NeedsYouReport)] = []
        for source in asked { reports.append((source.feature, await source.read())) }
        skipped.withLock { skipped in
            for (feature, report) in reports where report == .notOffered { skipped.insert(feature) }
        }
        return reports
    }
}
