import Foundation
import VeetAccount
import VeetDaemonProtocol
import VeetTransport

extension Backend {
    /// Registers this computer as a device of the connection when no veetd answers to do it
    /// (veetd registers each of its connections at start and after a new token:
    /// Apps/veetd/Daemon+Registration.swift). Once per backend, that is after the first frame (which asks
    /// nothing of the server), after switching connections and after signing in again; in the
    /// background, never in the loop's way. The name the device was registered under is kept. A
    /// server without devices marks notifications unavailable (`DeviceRegistrar`) and nothing else.
    func registerDeviceUnlessTheDaemonDoes(daemonPaths: DaemonPaths) {
        let registrar = DeviceRegistrar(api: AccountAPI(sender: .live(client: client)), settings: store.preferences)
        let diagnostics = diagnostics
        Task.detached {
            guard DaemonClient.status(paths: daemonPaths, timeout: 1) == nil else { return }
            do {
                let result = try await registrar.register(registrar.automaticRegistration(defaultName: ProcessInfo.processInfo.hostName))
                diagnostics?.debug("device registration: " + (result.value.map { "registered as \($0.id)" } ?? "the server offers no devices"))
            } catch {
                diagnostics?.debug("device registration failed (\(String(describing: type(of: error))))")
            }
        }
    }
}

extension ChatScreen {
    func registerThisDevice() {
        backend.registerDeviceUnlessTheDaemonDoes(daemonPaths: DaemonPaths(environment: environment))
    }
}
