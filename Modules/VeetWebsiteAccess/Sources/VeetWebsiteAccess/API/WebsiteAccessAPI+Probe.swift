import Foundation
import VeetTransport

extension WebsiteAccessAPI {
    /// The harmless read that tells whether this server offers the feature and the token may read it
    /// (`veet doctor`): one page of one item, or a singleton read.
    public static let probes: [FamilyProbe] = [
        FamilyProbe("website access", "/v1/browser-profiles", query: [.init(name: "limit", value: "1")], scope: "browser.profile.read"),
    ]
}
