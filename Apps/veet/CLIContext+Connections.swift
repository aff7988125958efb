import Foundation
import VeetAccount
import VeetAccountCommands
import VeetChat
import VeetStore
import VeetTransport
import VeetWebsiteAccess

extension CLIContext {
    /// What `veet connect` and `veet connections` are handed: the saved connections, the token
    /// check (a Chat read), Website Access's cancelling of open sign-ins, and a connection's registrar.
    var connections: ConnectionsCommandContext {
        ConnectionsCommandContext(registry: registry, verify: { settings in
            switch await ConnectionCheck.check(HTTPClient(settings: settings, clientVersion: VeetCLI.version)) {
            case .accepted: return
            case .tokenRefused(let error): throw error
            case .noVeetbotAPI(let missing): throw missing
            case .failed(let error): throw error
            }
        }, cancelSignIns: { settings in
            // A few seconds at most: leaving a connection waits for no slow server.
            let client = HTTPClient(settings: settings, clientVersion: VeetCLI.version, idleTimeout: 5, writeTimeout: 5)
            return await CeremonyDriver(api: WebsiteAccessAPI(sender: .live(client: client), retry: .never)).cancelOpenSignIns().count
        }, registrar: { [registry] name in
            let resolved = try registry.resolve(named: name, environment: [:])
            let url = resolved.settings.serverURL.url.absoluteString
            let store = try LocalStore.open(paths: registry.paths, connection: name, url: url)
            let client = HTTPClient(settings: resolved.settings, clientVersion: VeetCLI.version)
            return DeviceRegistrar(api: AccountAPI(sender: .live(client: client)), settings: store.preferences)
        }, readToken: { [environment] console in try ConnectCommand.readToken(console, environment: environment) })
    }
}
