import Foundation
import VeetTransport

extension SubscriptionsAPI {
    /// The harmless read that tells whether this server offers the feature and the token may read it
    /// (`veet doctor`): one page of one item, or a singleton read.
    public static let probes: [FamilyProbe] = [
        FamilyProbe("subscriptions", "/v1/email/subscriptions", query: [.init(name: "limit", value: "1")], scope: "email.read"),
    ]
}
