import Foundation
import VeetFixture
import VeetSettings
import VeetTransport

/// The reference server, started with `change` made to its options, and the API on it.
func startFixture(token: String, _ change: (inout FixtureOptions) -> Void = { _ in }) throws -> (FixtureServer, SettingsAPI) {
    var options = FixtureOptions.testing
    change(&options)
    let server = FixtureServer(token: token, options: options)
    let url = try server.start()
    let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: token), writeTimeout: 2)
    return (server, SettingsAPI(sender: .live(client: client)))
}
