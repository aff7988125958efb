import Foundation
import VeetTransport

extension ChatAPI {
    /// The harmless reads that tell whether this server offers the feature and the token may read it
    /// (`veet doctor`): one page of one item, or a singleton read.
    public static let probes: [FamilyProbe] = [
        FamilyProbe("conversations", "/v1/sessions", query: [.init(name: "limit", value: "1")], scope: "session.read"),
        FamilyProbe("approvals", "/v1/approvals", query: [.init(name: "status", value: "pending"), .init(name: "limit", value: "1")],
                    scope: "approval.read"),
    ]
}
