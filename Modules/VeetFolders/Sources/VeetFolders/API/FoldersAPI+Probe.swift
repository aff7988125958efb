import Foundation
import VeetTransport

extension FoldersAPI {
    /// The harmless read that tells whether this server offers the feature and the token may read it
    /// (`veet doctor`): one page of one item, or a singleton read.
    public static let probes: [FamilyProbe] = [
        FamilyProbe("folders", "/v1/folders", query: [.init(name: "limit", value: "1")], scope: "session.read"),
    ]
}
