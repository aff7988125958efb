import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetCalls

/// The rules, on scripted answers.
@Suite struct CallsAPITests {
    static let id = "5f0c2a9e-8d41-4b7a-9e36-2c1d7f4a8b90"

    private func api(_ server: ScriptedServer) -> CallsAPI { CallsAPI(sender: server.sender, retry: .never) }

    static func live(_ id: String = id, status: String = "completed", created: String = "2026-09-20T17:04:11.532871+00:00",
                     extra: [String: Any] = [:]) -> [String: Any] {
        var call: [String: Any] = [
            "provider_call_id": id, "request_id": NSNull(), "number": "+14155550123", "counterparty": "+14155550187",
            "direction": "outbound", "status": status, "created_at": created, "duration_minutes": 2.4,
            "summary": "Ready after 3 pm.", "summary_complete": true, "transcript_complete": false, "call_id": id,
            "trust": "EXTERNAL_UNTRUSTED", "account_id": "veetbot-main", "source": "bland",
            "caller_identity_verified": false,
        ]
        call.merge(extra) { $1 }
        return call
    }

    @Test func theListReadsCallsNotItemsAndKeepsUnknownStatusesRaw() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/calls", .json([
            "calls": [Self.live(status: "transferred", extra: ["future_key": 1]),
                      ["call_id": "3e9a0b12-6c47-4d8e-a2f1-7b5c9d0e1f23", "erased": true, "provider_deleted": false],
                      ["no_id": true]],
            "next_cursor": NSNull(),
        ]))
        let page = try await api(server).list(limit: 99)
        #expect(page.calls.count == 2)  // the record without an id is skipped, not the page
        #expect(page.calls[0].status == .unknown("transferred") && page.calls[0].status?.words == "Transferred")
        #expect(page.calls[0].transcript == nil && page.calls[0].transcriptState == nil)
        #expect(page.calls[1].erased && page.calls[1].status == nil && !page.calls[1].canBeErased)
        #expect(server.requests[0].queryValue("limit") == "25")  // the server refuses > 25 rather than clamping
    }

    @Test func aServerWithoutCallsIsNotAnError() async throws {
        for status in [404, 405] {
            let server = ScriptedServer()
            server.on("GET", "/v1/calls", .apiError(status, "not_found"))
            #expect(try await api(server).isOffered() == false)
            await #expect(throws: CallsError.self) { _ = try await api(server).listAll() }
        }
    }

    @Test func aMissingCallIsToldApartFromAMissingFamilyByTheProbe() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/calls/*", .apiError(404, "not_found", message: "call not found"))
        server.on("GET", "/v1/calls", .json(["calls": [], "next_cursor": NSNull()]))
        let missing = await #expect(throws: CallsError.self) { _ = try await api(server).read(id: Self.id) }
        #expect(missing == .notFound(id: Self.id, try #require(missing?.answer)))

        let off = ScriptedServer()
        off.on("GET", "/v1/calls/*", .apiError(404, "not_found"))
        off.on("GET", "/v1/calls", .apiError(404, "not_found"))
        let notOffered = await #expect(throws: CallsError.self) { _ = try await api(off).read(id: Self.id) }
        #expect(notOffered?.description == CallWords.notOffered)
    }

    @Test func erasingAnActiveCallIsRefusedInTheFeaturesWords() async throws {
        let server = ScriptedServer()
        server.on("DELETE", "/v1/calls/*", .apiError(409, "conflict", message: "the call must finish before its content can be erased"))
        let error = await #expect(throws: CallsError.self) { _ = try await api(server).delete(id: Self.id) }
        #expect(error == .stillInProgress(id: Self.id, try #require(error?.answer)))
    }

    @Test func aBadIdSendsNothingAndIdsAreLowercased() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/calls/*/stop", .json(["call_id": Self.id, "termination": "uncertain"]))
        await #expect(throws: CallsError.invalidID("nope")) { _ = try await api(server).stop(id: "nope") }
        #expect(server.requests.isEmpty)
        let stop = try await api(server).stop(id: Self.id.uppercased())
        #expect(stop.termination == .uncertain)
        #expect(server.requests[0].path == "/v1/calls/\(Self.id)/stop")
        #expect(CallWords.stopped(stop.termination).contains("may still be live"))
    }

    @Test func stopAndEraseAreRetriedBecauseTheyAreSafeToRepeat() async throws {
        let server = ScriptedServer()
        server.on("DELETE", "/v1/calls/*", sequence: [.apiError(503, "service_unavailable"),
                                                      .json(["call_id": Self.id, "erased": true, "provider_deleted": false])])
        let erased = try await CallsAPI(sender: server.sender).delete(id: Self.id)
        #expect(erased.erased && erased.providerDeleted == false)
        #expect(server.requests.count == 2)
    }

    @Test func everyPageIsWalkedThenTheNewestComesFirst() async throws {
        let server = ScriptedServer()
        let a = "00000000-0000-4000-8000-00000000000a", b = "00000000-0000-4000-8000-00000000000b"
        server.on("GET", "/v1/calls") { request in
            request.queryValue("cursor") == nil
                ? .json(["calls": [Self.live(a, created: "2026-09-01T10:00:00+00:00")], "next_cursor": a])
                : .json(["calls": [Self.live(b, created: "2026-09-02T10:00:00Z"),
                                   ["call_id": "00000000-0000-4000-8000-000000000001", "erased": true]],
                         "next_cursor": NSNull()])
        }
        let calls = try await api(server).listAll()
        #expect(calls.map(\.id) == [b, a, "00000000-0000-4000-8000-000000000001"])
    }

    @Test func completenessFollowsTheContractsTable() {
        #expect(TextCompleteness(text: "x", complete: true) == .whole)
        #expect(TextCompleteness(text: "x", complete: false) == .truncated)
        #expect(TextCompleteness(text: "", complete: false) == .notYet)
        #expect(TextCompleteness(text: "", complete: true) == .empty)
        #expect(CallWords.note(.truncated, "transcript") == "The transcript was truncated.")
        #expect(CallWords.note(.whole, "summary") == nil)
    }

    @Test func onlyAnExplicitTrueClaimsAVerifiedCaller() throws {
        let data = try JSONSerialization.data(withJSONObject: Self.live(extra: ["caller_identity_verified": "yes"]))
        let call = try WireJSON.decoder().decode(Call.self, from: data)
        #expect(!call.callerIdentityVerified && call.status == .completed && !call.isInProgress)
    }

    @Test func providerTextCannotDriveTheTerminal() {
        #expect(CallWords.plain("Hi\u{1B}[2J there\u{07}\nbye\u{202E}") == "Hi?[2J there?\nbye?")
        #expect(CallWords.duration(2.4) == "2.4 min" && CallWords.duration(0) == nil && CallWords.duration(3) == "3 min")
    }
}
