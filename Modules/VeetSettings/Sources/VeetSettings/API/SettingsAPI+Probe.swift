import Foundation
import VeetTransport

extension SettingsAPI {
    /// The harmless reads that tell whether this server offers the feature and the token may read it
    /// (`veet doctor`): one page of one item, or a singleton read.
    public static let probes: [FamilyProbe] = [
        FamilyProbe("model settings", "/v1/settings/models", scope: "settings.read"),
        FamilyProbe("persona", "/v1/persona", scope: "persona.read"),
    ]
}
