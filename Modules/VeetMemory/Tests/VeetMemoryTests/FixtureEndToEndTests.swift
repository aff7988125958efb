import Foundation
import Testing
import VeetFixture
import VeetTransport
@testable import VeetMemory

/// The library against the reference server.
@Suite struct MemoryFixtureTests {
    static let token = "memory-test-token"

    private func start(_ change: (inout FixtureOptions) -> Void = { _ in }) throws -> (FixtureServer, MemoryAPI) {
        var options = FixtureOptions.testing
        change(&options)
        let server = FixtureServer(token: Self.token, options: options)
        let url = try server.start()
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: Self.token),
                                writeTimeout: 2)
        return (server, MemoryAPI(sender: .live(client: client)))
    }

    @Test func eachReviewActionHasItsEffectOnTheList() async throws {
        let (server, api) = try start()
        defer { server.stop() }
        var queue = MemoryList(filter: .needsReview, records: try await api.listAll(.needsReview))
        #expect(queue.records.count >= 10 && queue.records.allSatisfy(\.flaggedForReview))
        let (first, second, third) = (queue.ids[0], queue.ids[1], queue.ids[2])

        #expect(queue.apply(.notHere, returned: try await api.review(id: second, .notHere)) == .updatedInPlace)
        #expect(queue.ids[1] == second && queue.records[1].belief?.portability == .local)
        #expect(try await api.listAll(.needsReview).map(\.id).contains(second))  // still flagged on the server

        #expect(queue.apply(.untrue, returned: try await api.review(id: first, .untrue)) == .leftTheList)
        #expect(!(try await api.listAll()).map(\.id).contains(first))  // gone from the live list

        var live = MemoryList(records: try await api.listAll())
        #expect(live.apply(.dismiss, returned: try await api.review(id: third, .dismiss)) == .movedToTop)
        #expect(try await api.listAll().first?.id == third && live.ids.first == third)

        try await api.delete(id: third)
        live.applyDelete(id: third)
        #expect(try await api.listAll().map(\.id) == live.ids)
        let gone = await #expect(throws: APIError.self) { _ = try await api.record(id: third) }
        #expect(gone?.status == 404)
    }

    @Test func aRetriedDeleteReplaysWithItsKey() async throws {
        let (server, api) = try start()
        defer { server.stop() }
        let id = try #require(try await api.list(limit: 1).items.first?.id)
        let key = IdempotencyKey()
        try await api.delete(id: id, key: key)
        try await api.delete(id: id, key: key)  // the lost answer's retry: 204 again
        await #expect(throws: APIError.self) { try await api.delete(id: id) }  // a new intent: 404
    }

    @Test func theProbeFollowsTheFlags() async throws {
        for (change, expected) in [
            ({ (o: inout FixtureOptions) in o.memoryDreaming = false }, [true, true, false]),
            ({ (o: inout FixtureOptions) in o.memorySynthesis = false }, [true, false, false]),
            ({ (o: inout FixtureOptions) in o.memory = false }, [false, false, false]),
        ] as [((inout FixtureOptions) -> Void, [Bool])] {
            let (server, api) = try start(change)
            let access = await api.probe()
            server.stop()
            #expect(MemoryFamily.allCases.map { access[$0].isReadable } == expected)
        }
        let (server, api) = try start { $0.memoryWriteScope = false }
        defer { server.stop() }
        var access = await api.probe()
        let id = try #require(try await api.list(limit: 1).items.first?.id)
        do { _ = try await api.review(id: id, .dismiss) } catch { access.noteWrite(.memories, error: error) }
        #expect(access.memories.isReadable && access.writeRefusal(.memories) != nil)
    }

    @Test func undoAndDecisionsAgainstTheServer() async throws {
        let (server, api) = try start()
        defer { server.stop() }
        let operations = try await api.allOperations()
        let undoable = try #require(operations.first(where: UndoGate.offersUndo))
        let undone = try await api.undo(undoable)
        #expect(undone.state == .undone && undone.revision == undoable.revision + 1)
        let conflict = await #expect(throws: SynthesisConflict.self) {
            _ = try await api.undo(undoable)  // the old revision, with a new key
        }
        #expect(conflict?.current?.state == .undone)
        let proposal = try #require(try await api.allOperations(state: .proposed).first)
        #expect(try await api.decide(proposal, .approved).state == .committed)
        let journal = try await api.dreaming()
        let paused = try await api.setDreaming(paused: true, expectedRevision: journal.schedule.revision)
        #expect(paused.paused && paused.nextRunAt == nil)
    }
}
