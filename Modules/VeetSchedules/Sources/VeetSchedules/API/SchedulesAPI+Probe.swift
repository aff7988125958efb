import Foundation
import VeetTransport

extension SchedulesAPI {
    /// The harmless read that tells whether this server offers the feature and the token may read it
    /// (`veet doctor`): one page of one item, or a singleton read.
    public static let probes: [FamilyProbe] = [
        FamilyProbe("schedules", "/v1/schedules", query: [.init(name: "limit", value: "1")], scope: "schedule.read"),
    ]
}
