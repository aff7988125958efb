import Foundation
import VeetStore

/// The saved connections as both faces use them (`veet connections`, the
/// TUI's switcher): which one is current, and forgetting one whole.
extension ConnectionRegistry {
    /// Makes the saved connection `name` the current one; returns it and the one that was current before.
    @discardableResult
    public func makeCurrent(_ name: String) throws -> (connection: SavedConnection, previous: String?) {
        var file = try load()
        guard let connection = file.connection(named: name) else { throw ConnectionResolutionError.unknownConnection(name) }
        let previous = file.current
        file.upsert(connection, makeCurrent: true)
        try save(file)
        return (connection, previous)
    }

    /// Forgets the saved connection `name` as `forgetConnection` does: its device is revoked first
    /// when one is registered (`registrar` opens the connection's; nil or a throw: none to revoke),
    /// then the entry, the token and its local rows go whatever the revocation answered.
    public func forget(_ name: String, registrar: () throws -> DeviceRegistrar?) async throws -> ForgetOutcome {
        let registrar = (try? registrar()) ?? nil
        return try await forgetConnection(
            deviceID: try? registrar?.registeredDeviceID(),
            revoke: { _ in _ = try await registrar?.revokeOwnDevice() },
            forgetLocally: { try forget(name: name) })
    }
}
