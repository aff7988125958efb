import Foundation
import VeetAccount
import VeetFixture
import VeetStore
import VeetTransport

enum AccountFixture {
    static let token = "account-test-token"

    static func start(devices: Bool = true) throws -> (FixtureServer, HTTPClient) {
        var options = FixtureOptions.testing
        options.devices = devices
        let server = FixtureServer(token: token, options: options)
        let url = try server.start()
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: token),
                                writeTimeout: 2)
        return (server, client)
    }

    static func tempStore() throws -> LocalStore {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("veet-account-\(UUID().uuidString).sqlite").path
        return try LocalStore(database: Database(path: path), connection: "main")
    }
}

/// Counts the requests that reach the server and can drop the first answers,
/// as a lost connection would, after the server has applied them.
actor RequestTap {
    private(set) var sent: [HTTPRequest] = []
    private var answersToLose: Int

    init(losingFirst answersToLose: Int = 0) {
        self.answersToLose = answersToLose
    }

    func pass(_ request: HTTPRequest, through client: HTTPClient) async throws -> HTTPResponse {
        sent.append(request)
        let response = try await client.send(request)
        if answersToLose > 0 {
            answersToLose -= 1
            throw TransportError(.connectionLost, "answer dropped by the test")
        }
        return response
    }
}
