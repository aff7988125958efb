import Foundation
import Testing
import VeetChat
import VeetTestSupport
import VeetTransport
import VeetWire

/// The store's sources over the chat routes (moved here from VeetStore, which makes no request).
@Suite struct HTTPStoreSourceTests {
    typealias S = ChatAPIScriptedTests

    static func source(_ server: ScriptedServer) -> HTTPStoreSource {
        HTTPStoreSource(sender: server.sender, retry: S.retry)
    }

    @Test func aPageIsOneIndexReadWithItsLimitAndCursor() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/sessions", sequence: [.apiError(503, "unavailable"), try S.page(["s1"], next: "c2")])
        let page = try await Self.source(server).page(cursor: "c1", limit: 50)
        #expect(page.items.map(\.id) == ["s1"])
        #expect(page.nextCursor == "c2")
        #expect(server.requests.count == 2, "index reads retry")
        #expect(server.requests.allSatisfy { $0.queryValue("limit") == "50" && $0.queryValue("cursor") == "c1" })
    }

    @Test func aSessionTheServerDoesNotHaveIsNil() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/sessions/*", .apiError(404, "not_found"))
        #expect(try await Self.source(server).session(id: "gone") == nil)
    }

    @Test func anyOtherRefusalOfAPointReadIsThrown() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/sessions/*", .apiError(403, "forbidden"))
        await #expect(throws: APIError.self) { try await Self.source(server).session(id: "s1") }
    }

    @Test func aTranscriptIsReadToItsLastPage() async throws {
        let server = ScriptedServer()
        let first = SessionMessageView(sequence: 1, role: .user, content: [.text("hello")])
        let second = SessionMessageView(sequence: 4, role: .assistant, content: [.text("hi")])
        server.on("GET", "/v1/sessions/*/messages") { request in
            request.queryValue("cursor") == nil
                ? try S.answer(Page(items: [first], nextCursor: "after-1"))
                : try S.answer(Page(items: [second], nextCursor: nil))
        }
        let transcript = try await Self.source(server).transcript(sessionID: "s/1")
        #expect(transcript.map(\.sequence) == [1, 4])
        #expect(server.requests.map(\.path) == Array(repeating: "/v1/sessions/s%2F1/messages", count: 2))
        #expect(server.requests.map { $0.queryValue("cursor") } == [nil, "after-1"])
    }
}
