import Foundation

/// The docs/wire/sessions-runs.md §7.1 registration rules: shape errors are 400, rule errors
/// `422 device_validation_error` with a `device.*` reason.
enum DeviceRegistrationRules {
    static let keys: Set<String> = [
        "client_device_id", "name", "kind", "platform", "app_bundle_id", "push_provider", "push_token",
        "push_environment", "muted_kinds", "capabilities",
    ]

    static func invalid(_ reason: String) -> APIFailure {
        APIFailure(status: 422, code: "device_validation_error", message: "The device registration is invalid.",
                   details: ["reason": .string(reason)])
    }

    static func validate(_ value: JSON) throws -> [String: JSON] {
        let fields = try Validation.closedObject(value, allowed: keys)
        for (key, range) in [("client_device_id", 1...255), ("name", 1...255), ("platform", 1...64)] {
            guard let text = fields[key]?.stringValue, range.contains(text.count) else { throw APIFailure.malformed() }
        }
        func optionalString(_ key: String) throws -> String? {
            switch fields[key] {
            case nil, .null?: return nil
            case .string(let text)?: return text
            default: throw APIFailure.malformed()
            }
        }
        func strings(_ key: String) throws -> [String] {
            guard let array = fields[key] else { return [] }
            guard let items = array.arrayValue?.map(\.stringValue), items.allSatisfy({ $0 != nil }) else {
                throw APIFailure.malformed()
            }
            return items.compactMap { $0 }
        }
        guard let kind = fields["kind"]?.stringValue else { throw APIFailure.malformed() }
        guard AccountState.deviceKinds.contains(kind) else { throw invalid("device.kind_unknown") }
        let provider = try optionalString("push_provider")
        let token = try optionalString("push_token")
        let environment = try optionalString("push_environment")
        let bundle = try optionalString("app_bundle_id")
        if let token, token.count > 8192 { throw APIFailure.malformed() }
        if let provider, !["apns", "telegram"].contains(provider) { throw invalid("device.push_provider_unknown") }
        if let environment, !["sandbox", "production"].contains(environment) {
            throw invalid("device.push_environment_unknown")
        }
        let muted = try strings("muted_kinds")
        if muted.contains(where: { !AccountState.notificationKinds.contains($0) }) {
            throw invalid("device.muted_kind_unknown")
        }
        if Set(muted).count != muted.count { throw invalid("device.muted_kind_duplicate") }
        let capabilities = try strings("capabilities")
        if Set(capabilities).count != capabilities.count { throw invalid("device.capability_duplicate") }
        if capabilities.contains(where: { $0 != "device.sms.send" }) { throw invalid("device.capability_unknown") }
        if (provider == nil) != (token == nil) { throw invalid("device.push_routing_incomplete") }
        if provider == "apns", bundle == nil || environment == nil {
            throw invalid("device.apns_configuration_incomplete")
        }
        if environment != nil, provider != "apns" { throw invalid("device.push_environment_without_apns") }
        return fields
    }
}
