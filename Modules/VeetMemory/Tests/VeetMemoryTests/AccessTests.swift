import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetMemory

/// Each family detected by its own read route; writes hidden on 403 with the reason.
@Suite struct AccessTests {
    private func server(memories: HTTPResponse = Wire.page([]), synthesis: HTTPResponse = Wire.page([]),
                        dreaming: HTTPResponse = .json(Wire.journal)) -> ScriptedServer {
        let server = ScriptedServer()
        server.on("GET", "/v1/memories", memories)
        server.on("GET", "/v1/memory-reconsolidations", synthesis)
        server.on("GET", "/v1/dreaming", dreaming)
        return server
    }

    private static let missing = HTTPResponse.apiError(404, "not_found", message: "The requested resource was not found.")

    @Test func everyFamilyOffered() async {
        let access = await Wire.api(server()).probe()
        for family in MemoryFamily.allCases { #expect(access[family].offersWrites, "\(family)") }
    }

    @Test func eachFamilyIsHiddenOnItsOwn404Or405() async {
        let noDreaming = await Wire.api(server(dreaming: Self.missing)).probe()
        #expect(noDreaming.memories.offersWrites && noDreaming.synthesis.offersWrites)
        #expect(noDreaming.dreaming == .unavailable)

        let noSynthesis = await Wire.api(server(synthesis: .apiError(405, "method_not_allowed"), dreaming: Self.missing))
            .probe()
        #expect(noSynthesis.memories.offersWrites && noSynthesis.synthesis == .unavailable)
        #expect(noSynthesis.writeRefusal(.synthesis) == .unavailable(.synthesis))

        let probed = server(memories: Self.missing)
        let none = await Wire.api(probed).probe()
        #expect(MemoryFamily.allCases.allSatisfy { none[$0] == .unavailable })
        #expect(probed.requests.count == 1)  // the others need the memory flag too
        #expect(none.writeRefusal(.memories)?.description == "This server does not offer memory browsing.")
    }

    @Test func aReadRefusedWith403HidesTheFamilyWithTheReason() async {
        let access = await Wire.api(server(dreaming: .apiError(403, "authorization_error"))).probe()
        guard case .readDenied(let reason) = access.dreaming else { Issue.record("\(access.dreaming)"); return }
        #expect(reason.contains("memory.read"))
        #expect(!access.dreaming.offersWrites)
    }

    @Test func aWriteRefusedWith403HidesTheWritesWithTheReason() async throws {
        let server = server()
        server.on("POST", "/v1/memories/b1/review", .apiError(403, "authorization_error"))
        let api = Wire.api(server)
        var access = await api.probe()
        do {
            _ = try await api.review(id: "b1", .dismiss)
            Issue.record("a 403 must throw")
        } catch {
            access.noteWrite(.memories, error: error)
        }
        #expect(access.memories.isReadable && !access.memories.offersWrites)
        let refusal = try #require(access.writeRefusal(.memories))
        #expect(refusal.description.contains("memory.write"))
        #expect(access.synthesis.offersWrites)  // the other families keep theirs
        #expect(MemoryAccess.writeRefusalWords(APIError(status: 403, code: .authorizationError, message: ""))
            == refusal.description)
        #expect(MemoryAccess.writeRefusalWords(APIError(status: 404, code: .notFound, message: "memory not found")) == nil)
    }

    @Test func changesTheServerCannotMakeHideTheWrites() async {
        var access = MemoryAccess()
        access.noteRead(.memories, error: nil)
        access.noteWrite(.memories, error: APIError(status: 404, code: .notFound, message: "memory not found"))
        #expect(access.memories.offersWrites)  // an ordinary missing belief
        access.noteWrite(.memories, error: MemoryChangesUnsupported(
            underlying: APIError(status: 404, code: .notFound, message: "The requested resource was not found.")))
        #expect(!access.memories.offersWrites)
        // The server's own answers, not an already-built refusal: both framework texts count.
        for raw in [APIError(status: 404, code: .notFound, message: "The requested resource was not found."),
                    APIError(status: 400, code: .malformedRequest, message: "The HTTP request is not supported.")] {
            var fresh = MemoryAccess()
            fresh.noteRead(.memories, error: nil)
            fresh.noteWrite(.memories, error: raw)
            #expect(!fresh.memories.offersWrites, "\(raw)")
        }
    }
}
