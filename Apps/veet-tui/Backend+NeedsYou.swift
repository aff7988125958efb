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
    static let order = [EmailNeedsYou.feature, SubscriptionsNeedsYou.feature, MemoryNeedsYou.feature, PeopleNeedsYou.feature]

    private let skipped = Mutex<Set<String>>([])

    /// Each offered feature's report, read side by side.
    func gather(sender: HTTPRequestSender) async -> [(feature: String, report: NeedsYouReport)] {
        let asked = skipped.withLock { skipped in Self.order.filter { !skipped.contains($0) } }
        let reports = await withTaskGroup(of: (String, NeedsYouReport).self) { group in
            for feature in asked {
                group.addTask { (feature, await Self.read(feature, sender: sender)) }
            }
            var reports: [String: NeedsYouReport] = [:]
            for await (feature, report) in group { reports[feature] = report }
            return reports
        }
        skipped.withLock { skipped in
            for (feature, report) in reports where report == .notOffered { skipped.insert(feature) }
        }
        return asked.compactMap { feature in reports[feature].map { (feature, $0) } }
    }

    private static func read(_ feature: String, sender: HTTPRequestSender) async -> NeedsYouReport {
        switch feature {
        case EmailNeedsYou.feature: await EmailNeedsYou(api: EmailAPI(sender: sender)).read()
        case SubscriptionsNeedsYou.feature: await SubscriptionsNeedsYou(api: SubscriptionsAPI(sender: sender)).read()
        case MemoryNeedsYou.feature: await MemoryNeedsYou(api: MemoryAPI(sender: sender)).read()
        case PeopleNeedsYou.feature: await PeopleNeedsYou(api: PeopleAPI(sender: sender)).read()
        default: .notOffered
        }
    }
}
