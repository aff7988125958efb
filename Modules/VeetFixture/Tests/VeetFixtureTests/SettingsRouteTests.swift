import Foundation
import Testing
import VeetFixture

/// The model-settings and persona routes on the wire (docs/wire/settings.md): closed
/// bodies, the error envelope, versions and `409`, nominations and history.
@Suite struct SettingsRouteTests {
    private func code(_ response: TestResponse) -> String? {
        (response.object["error"] as? [String: Any])?["code"] as? String
    }

    private func models(_ version: Int, chat: String, memory: String = #"{"model_policy":"memory_default","reasoning_effort":null}"#,
                        extra: String = "") -> String {
        #"{"expected_version":\#(version),"chat":\#(chat),"memory":\#(memory)\#(extra)}"#
    }

    @Test func modelSettingsReadAndSaveWithTheExpectedVersion() throws {
        let harness = try Harness()
        let read = try harness.request("GET", "/v1/settings/models")
        #expect(read.status == 200 && read.header("cache-control") == "private, no-store")
        #expect(read.object["version"] as? Int == 0)
        let options = try #require(read.object["chat_options"] as? [[String: Any]])
        #expect(options.map { $0["model_policy"] as? String } == ["frontier", "fast", "balanced"])
        #expect((options[1]["reasoning_efforts"] as? [String])?.isEmpty == true && options[1]["default_reasoning_effort"] is NSNull)
        #expect((read.object["memory"] as? [String: Any])?["reasoning_effort"] is NSNull)

        let saved = try harness.request("PUT", "/v1/settings/models",
                                        body: models(0, chat: #"{"model_policy":"fast","reasoning_effort":null}"#))
        #expect(saved.status == 200 && saved.object["version"] as? Int == 1)
        #expect((saved.object["chat"] as? [String: Any])?["model_policy"] as? String == "fast")

        let stale = try harness.request("PUT", "/v1/settings/models",
                                        body: models(0, chat: #"{"model_policy":"frontier","reasoning_effort":"low"}"#))
        #expect(stale.status == 409 && code(stale) == "conflict")
        #expect((stale.object["error"] as? [String: Any])?["message"] as? String == "model settings expected version 0 but head is 1")
    }

    @Test func aChoiceOutsideTheOffersOrTheClosedSetIsMalformed() throws {
        let harness = try Harness()
        for chat in [#"{"model_policy":"frontier","reasoning_effort":null}"#,  // frontier needs an effort
                     #"{"model_policy":"fast","reasoning_effort":"low"}"#,  // fast takes none
                     #"{"model_policy":"frontier","reasoning_effort":"ultra"}"#,  // outside the closed set
                     #"{"model_policy":"fable","reasoning_effort":"high"}"#,
                     #"{"model_policy":"Frontier","reasoning_effort":"high"}"#] {
            let answer = try harness.request("PUT", "/v1/settings/models", body: models(0, chat: chat))
            #expect(answer.status == 400 && code(answer) == "malformed_request", "\(chat)")
        }
        let pair = try harness.request("PUT", "/v1/settings/models", body: models(
            0, chat: #"{"model_policy":"fast","reasoning_effort":null}"#,
            memory: #"{"model_policy":"memory_deep","reasoning_effort":null}"#))
        #expect(pair.status == 400)
        // Closed bodies: an unknown field, at the top or inside a choice; all three fields required.
        let unknown = try harness.request("PUT", "/v1/settings/models", body: models(
            0, chat: #"{"model_policy":"fast","reasoning_effort":null}"#, extra: #","note":1"#))
        #expect(unknown.status == 400)
        let inner = try harness.request("PUT", "/v1/settings/models", body: models(
            0, chat: #"{"model_policy":"fast","reasoning_effort":null,"x":1}"#))
        #expect(inner.status == 400)
        #expect(try harness.request("PUT", "/v1/settings/models", body: #"{"expected_version":0}"#).status == 400)
        #expect(try harness.request("GET", "/v1/settings/models").object["version"] as? Int == 0)
        #expect(try harness.request("DELETE", "/v1/settings/models").status == 400)
    }

    @Test func aWithdrawnModelShowsTheDefaultAndIsRefused() throws {
        let harness = try Harness()
        harness.server.saveChatModelElsewhere("balanced", effort: "medium")
        #expect(try harness.request("GET", "/v1/settings/models").object["version"] as? Int == 1)
        harness.server.withdrawChatModel("balanced")
        let read = try harness.request("GET", "/v1/settings/models")
        #expect((read.object["chat"] as? [String: Any])?["model_policy"] as? String == "frontier")
        let refused = try harness.request("PUT", "/v1/settings/models",
                                          body: models(1, chat: #"{"model_policy":"balanced","reasoning_effort":"low"}"#))
        #expect(refused.status == 400 && code(refused) == "malformed_request")
    }

    @Test func thePersonaIsVersionedAndClosed() throws {
        let harness = try Harness()
        let read = try harness.request("GET", "/v1/persona")
        #expect(read.status == 200 && read.header("cache-control") == "private, no-store")
        let version = try #require(read.object["version"] as? Int)
        let saved = try harness.request("PUT", "/v1/persona", body: #"""
            {"expected_version":\#(version),"entries":[{"text":"Call me Sam.","sensitivity":"internal","source_belief_id":null}]}
            """#)
        #expect(saved.status == 200 && saved.object["version"] as? Int == version + 1)
        let stale = try harness.request("PUT", "/v1/persona", body: #"{"expected_version":\#(version),"entries":[]}"#)
        #expect(stale.status == 409 && code(stale) == "conflict")
        let long = String(repeating: "a", count: 501)
        for body in [#"{"expected_version":\#(version + 1),"entries":[{"text":""}]}"#,
                     #"{"expected_version":\#(version + 1),"entries":[{"text":"\#(long)"}]}"#,
                     #"{"expected_version":\#(version + 1),"entries":[{"text":"a","source":"user_edit"}]}"#,
                     #"{"expected_version":\#(version + 1),"entries":[],"note":1}"#,
                     #"{"expected_version":\#(version + 1),"entries":[\#(Array(repeating: #"{"text":"a"}"#, count: 31).joined(separator: ","))]}"#] {
            #expect(try harness.request("PUT", "/v1/persona", body: body).status == 400)
        }
        let ok = try harness.request("PUT", "/v1/persona",
                                     body: #"{"expected_version":\#(version + 1),"entries":[{"text":"\#(String(long.dropLast()))"}]}"#)
        #expect(ok.status == 200)
        let history = try harness.request("GET", "/v1/persona/history?limit=2")
        let versions = (history.object["items"] as? [[String: Any]])?.compactMap { $0["version"] as? Int }
        #expect(versions == [version + 2, version + 1])
        #expect(try harness.request("GET", "/v1/persona/history?limit=0").status == 400)
    }

    @Test func nominationsAreAffirmedOrDeclinedOnce() throws {
        let harness = try Harness()
        let open = try harness.request("GET", "/v1/persona/nominations?state=nominated")
        let items = try #require(open.object["items"] as? [[String: Any]])
        #expect((1...5).contains(items.count) && items.allSatisfy { $0["state"] as? String == "nominated" })
        let first = try #require(items.first?["id"] as? String), second = try #require(items.last?["id"] as? String)
        let before = try harness.request("GET", "/v1/persona").object["version"] as? Int ?? -1
        let affirmed = try harness.request("POST", "/v1/persona/nominations/\(first)/affirm")
        #expect(affirmed.status == 200 && affirmed.object["version"] as? Int == before + 1)
        let last = (affirmed.object["entries"] as? [[String: Any]])?.last
        #expect(last?["text"] as? String == items[0]["statement"] as? String && last?["source"] as? String == "affirmation")
        #expect(try harness.request("POST", "/v1/persona/nominations/\(first)/affirm").status == 409)
        let declined = try harness.request("POST", "/v1/persona/nominations/\(second)/decline")
        #expect(declined.status == 200 && declined.object["state"] as? String == "declined")
        let resolved = try harness.request("GET", "/v1/persona/nominations?state=affirmed")
        #expect((resolved.object["items"] as? [[String: Any]])?.first?["affirmed_version"] as? Int == before + 1)
        #expect(try harness.request("POST", "/v1/persona/nominations/\(UUID().uuidString.lowercased())/decline").status == 404)
        #expect(try harness.request("GET", "/v1/persona/nominations?state=open").status == 400)
    }

    @Test func anotherDeviceMakesTheNextSaveStale() throws {
        let harness = try Harness()
        let version = try #require(try harness.request("GET", "/v1/persona").object["version"] as? Int)
        harness.server.editPersonaElsewhere(["Changed on the phone."])
        #expect(harness.server.personaTexts() == (version + 1, ["Changed on the phone."]))
        let stale = try harness.request("PUT", "/v1/persona", body: #"{"expected_version":\#(version),"entries":[]}"#)
        #expect(stale.status == 409)
    }

    @Test func theFlagsHideEachGroup() throws {
        var options = FixtureOptions.testing
        options.modelSettings = false
        let harness = try Harness(options: options)
        let models = try harness.request("GET", "/v1/settings/models")
        #expect(models.status == 404
                && (models.object["error"] as? [String: Any])?["message"] as? String == "The requested resource was not found.")
        #expect(try harness.request("GET", "/v1/persona").status == 200)
        let snapshot = try Harness(options: FixtureOptions.testing.applying(.snapshot))
        #expect(try snapshot.request("GET", "/v1/persona").status == 404)
        #expect(try snapshot.request("GET", "/v1/persona/nominations?state=nominated").status == 404)
        #expect(try snapshot.request("GET", "/v1/settings/models").status == 404)
        #expect(try snapshot.request("GET", "/v1/settings/models", token: nil).status == 404)
        #expect(try harness.request("GET", "/v1/persona", token: nil).status == 401)
    }
}
