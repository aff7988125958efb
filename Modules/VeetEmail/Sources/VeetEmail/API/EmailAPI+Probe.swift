import Foundation
import VeetTransport

extension EmailAPI {
    /// The harmless read that tells whether this server offers the feature and the token may read it
    /// (`veet doctor`): one page of one item, or a singleton read.
    public static let probes: [FamilyProbe] = [
        FamilyProbe("email", "/v1/email/accounts", scope: "email.read"),
    ]
}
