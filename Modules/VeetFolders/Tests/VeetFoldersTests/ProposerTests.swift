import Foundation
import Testing
import VeetFixture
import VeetStore
import VeetTransport
import VeetWire
@testable import VeetFolders

/// The fixture proposes folders itself, deterministically, and the library
/// shows, accepts and declines them.
@Suite struct ProposerTests {
    static let token = "proposer-token"

    private func start() throws -> (FixtureServer, HTTPClient) {
        var options = FixtureOptions.testing
        options.folders = true
        options.holdRuns = true  // titles come from the first message; no run needs to play
        let server = FixtureServer(token: Self.token, options: options)
        let url = try server.start()
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: Self.token),
                                writeTimeout: 2)
        return (server, client)
    }

    /// A conversation titled by its first message.
    @discardableResult
    private func chat(_ text: String, _ client: HTTPClient) async throws -> String {
        let session: SessionView = try await client.decode(.post("/v1/sessions", json: ["agent_id": "general"]))
        let submit = try HTTPRequest.post("/v1/sessions/\(session.id)/messages",
                                          json: ["content": [["type": "text", "text": text]]])
        _ = try await client.sendRetrying(submit, idempotencyKey: IdempotencyKey())
        return session.id
    }

    @Test func sharedTitleWordsBecomeSuggestionsThatCanBeAcceptedOrDeclined() async throws {
        let (server, client) = try start()
        defer { server.stop() }
        let lisbon = [try await chat("Lisbon trip packing list", client), try await chat("Lisbon trip budget", client),
                      try await chat("Lisbon trip restaurants", client)]
        let bread = [try await chat("Sourdough bread starter", client), try await chat("Bread rolls for Sunday", client),
                     try await chat("Rye bread with seeds", client)]
        try await chat("Tax return questions", client)
        let center = FolderCenter(api: FoldersAPI(sender: .live(client: client)))
        try await center.refresh()
        let proposals = await center.proposals
        #expect(Set(proposals.map { $0.proposedName ?? "" }) == ["Bread", "Lisbon"])
        let lisbonProposal = try #require(proposals.first { $0.proposedName == "Lisbon" })
        let breadProposal = try #require(proposals.first { $0.proposedName == "Bread" })
        #expect(Set(lisbonProposal.memberSessionIDs) == Set(lisbon) && Set(breadProposal.memberSessionIDs) == Set(bread))
        #expect(lisbonProposal.derivation == "lexical" && lisbonProposal.kind == .newFolder)

        // Declined: never proposed again. Accepted: the conversations are filed.
        try await center.decline(proposalID: breadProposal.id)
        let accepted = try await center.accept(proposalID: lisbonProposal.id)
        try await center.refresh()
        #expect(await center.proposals.isEmpty)
        let folderID = try #require(accepted.resultingFolderID)
        #expect(await center.folders.map(\.name) == ["Lisbon"])

        // Two new Lisbon conversations: a suggestion to add them to the folder.
        let more = [try await chat("Lisbon museums", client), try await chat("Day trips from Lisbon", client)]
        try await center.refresh()
        let addition = try #require(await center.proposals.first)
        #expect(addition.kind == .addToFolder && addition.targetFolderID == folderID)
        #expect(Set(addition.memberSessionIDs) == Set(more))
    }

    @Test func atMostThreeAreOpenAndTheSwitchTurnsThemOff() async throws {
        let (server, client) = try start()
        defer { server.stop() }
        for topic in ["Garden", "Budget", "Running", "Piano"] {
            for detail in ["one", "two", "six"] { try await chat("\(topic) \(detail)", client) }
        }
        server.setFolderProposalsEnabled(false)
        let center = FolderCenter(api: FoldersAPI(sender: .live(client: client)))
        try await center.refresh()
        #expect(await center.proposals.isEmpty)
        server.setFolderProposalsEnabled(true)
        try await center.refresh()
        #expect(await center.proposals.count == 3)
        #expect(Set(await center.proposals.compactMap(\.proposedName)) == ["Budget", "Garden", "Piano"])
    }
}
