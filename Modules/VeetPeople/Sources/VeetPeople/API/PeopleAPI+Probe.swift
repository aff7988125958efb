import Foundation
import VeetTransport

extension PeopleAPI {
    /// The harmless read that tells whether this server offers the feature and the token may read it
    /// (`veet doctor`): one page of one item, or a singleton read.
    public static let probes: [FamilyProbe] = [
        FamilyProbe("people", "/v1/people", query: [.init(name: "ceiling", value: "restricted"), .init(name: "limit", value: "1")], scope: "people.read"),
    ]
}
