import Foundation
import VeetTransport

extension AccountAPI {
    /// The harmless reads that tell whether this server offers the feature and the token may read it
    /// (`veet doctor`): one page of one item, or a singleton read.
    public static let probes: [FamilyProbe] = [
        FamilyProbe("devices", "/v1/devices", query: [.init(name: "limit", value: "1")], scope: "device.read"),
        FamilyProbe("notifications", "/v1/notifications", query: [.init(name: "limit", value: "1")], scope: "notification.read"),
    ]
}
