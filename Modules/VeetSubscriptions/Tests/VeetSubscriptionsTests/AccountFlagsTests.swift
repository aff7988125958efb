import Foundation
import Testing
import VeetSubscriptions
import VeetTestSupport
import VeetTransport

/// The accounts' flags read from Email's account list, and none known when the server has no such list.
@Suite struct AccountFlagsTests {
    @Test func theFlagsComeFromTheAccountListAndAMissingListMeansNoneKnown() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/email/accounts", .json(["items": [
            ["id": "default", "label": "Personal", "unsubscribe_supported": true, "spam_supported": true],
            ["id": "work"],
        ], "next_cursor": NSNull()]))
        let api = SubscriptionsAPI(sender: server.sender, retry: .never)
        let flags = try await api.accountFlags()
        #expect(flags?.unsubscribeSupported("default") == true && flags?.spamSupported("default") == true)
        #expect(flags?.unsubscribeSupported("work") == false)
        for status in [404, 405] {
            server.on("GET", "/v1/email/accounts", .json(["error": ["code": "x", "message": "no"]], status: status))
            #expect(try await api.accountFlags() == nil)
        }
        server.on("GET", "/v1/email/accounts", .json(["error": ["code": "x", "message": "no"]], status: 403))
        await #expect(throws: APIError.self) { _ = try await api.accountFlags() }
    }
}
