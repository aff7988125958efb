import Foundation
import VeetTransport

extension MemoryAPI {
    /// The harmless read that tells whether this server offers the feature and the token may read it
    /// (`veet doctor`): one page of one item, or a singleton read.
    public static let probes: [FamilyProbe] = [
        FamilyProbe("memory", "/v1/memories", query: [.init(name: "ceiling", value: "restricted"), .init(name: "limit", value: "1")], scope: "memory.read"),
    ]
}
