import Foundation
import VeetAccount
import VeetStore
import VeetTransport

/// This computer registers itself as a device of each saved connection, by itself: once per
/// token the daemon holds (so at every start, and again after a new token is saved or a sign-in
/// replaced a refused one), with the connection's one `client_device_id` (`DeviceRegistrar`), so
/// repeating it never makes a second device. A server without devices (404) marks notifications
/// unavailable and nothing else; a failure is tried again at the next sync.
extension Daemon {
    func registerDeviceIfNeeded(_ name: String) async {
        guard let runtime = connections[name], !runtime.deviceRegistered, !runtime.signInNeeded else { return }
        let registrar = DeviceRegistrar(api: AccountAPI(sender: .live(client: runtime.client)), settings: runtime.store.preferences)
        do {
            let result = try await registrar.register(registrar.automaticRegistration(defaultName: Self.deviceName))
            connections[name]?.deviceRegistered = true
            connections[name]?.notifications = result.availability
            if let device = result.value {
                log.info("connection \(name): this computer is registered as device \(device.id)")
            } else {
                log.info("connection \(name): the server offers no devices; notifications unavailable")
            }
        } catch where Self.isUnauthorized(error) {
            signInLost(name)
        } catch {
            log.warn("connection \(name): this computer could not be registered (\(RunHub.kind(of: error))); trying again at the next sync")
        }
    }

    /// The name the owner sees in their devices list: this computer's host name.
    static var deviceName: String { ProcessInfo.processInfo.hostName }
}
