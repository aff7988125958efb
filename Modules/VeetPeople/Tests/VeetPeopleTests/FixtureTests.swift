import Foundation
import Testing
import VeetFixture
import VeetTransport
@testable import VeetPeople

/// The library against the reference server's People directory.
@Suite struct FixtureTests {
    static let token = "people-test-token"

    static func start(_ configure: (inout FixtureOptions) -> Void = { _ in }) throws -> (FixtureServer, HTTPClient) {
        var options = FixtureOptions.testing
        configure(&options)
        let server = FixtureServer(token: Self.token, options: options)
        let url = try server.start()
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: Self.token),
                                writeTimeout: 2)
        return (server, client)
    }

    static func api(_ client: HTTPClient) async throws -> PeopleAPI {
        let api = PeopleAPI(sender: .live(client: client))
        return api.auditing(in: try await api.openAuditSession())
    }

    /// A server from before imports: the directory and profiles work; the imports say they are missing.
    @Test func aServerWithoutImportsHidesOnlyThem() async throws {
        let (server, client) = try Self.start { $0.peopleImports = false }
        defer { server.stop() }
        let api = try await Self.api(client)
        let everyone = try await api.directory()
        #expect(!everyone.isEmpty)
        _ = try await api.profile(id: everyone[0].id)
        #expect(try await api.importsIfOffered() == nil)
        let missing = await #expect(throws: PeopleError.self) { _ = try await api.imports() }
        #expect(missing == .partUnavailable(.imports))
    }

    @Test func theReadmeExampleListsThePinnedPeople() async throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        #expect(try await pinnedPeople(on: client) == ["MC Maya Chen", "JM Jules Moreau", "AS Ana Silva"])
    }

    @Test func theDirectoryHasItsCollections() async throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        let api = try await Self.api(client)
        let everyone = try await api.directory()
        #expect(everyone.count >= 80)
        #expect(!everyone.contains { $0.state == .merged })
        let all = try await api.directory(DirectoryQuery(collection: .all))
        #expect(all.contains { $0.displayName == "Sam O." && $0.state == .merged })
        let review = try await api.directory(DirectoryQuery(collection: .needsReview)).map(\.displayName)
        #expect(review.contains("Dr. Patel") && review.contains("the plumber"))
        #expect(!review.contains("Maya Chen"))
        let found = try await api.directory(DirectoryQuery(collection: .all, text: "maya.chen@"))
        #expect(found.map(\.displayName) == ["Maya Chen"])
        // Restricted people only show under the owner's ceiling.
        #expect(everyone.contains { $0.displayName == "Elena Vasquez" })
        let internalOnly = PeopleAPI(sender: .live(client: client), ceiling: .internal)
        #expect(try await internalOnly.directory().isEmpty)  // every seeded person is sensitive or more
        let reasons = Set(await api.mergeSuggestions().map(\.reason))
        #expect(reasons == [.sameName, .firstName, .nickname, .sameAddress])
    }

    @Test func mayasProfileHasALongHistoryAcrossTimeZones() async throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        let api = try await Self.api(client)
        let maya = try #require(server.personID(named: "Maya Chen"))
        let profile = try await api.profile(id: maya)
        #expect(profile.truncated)
        #expect(profile.history.count == 10)
        let history = try await api.history(personID: maya)
        #expect(history.count == 60)
        #expect(Set(history.compactMap(\.sourceTimezone)).count >= 4)
        #expect(history.contains { $0.channel == .email && $0.summary.hasPrefix("Email:") })
        #expect(Set(history.map(\.precision)).isSuperset(of: [.instant, .day, .month, .year, .unknownTime]))
        let facts = try await api.facts(personID: maya)
        #expect(facts.facts.count == 5)
        let reference = try #require(facts.facts.first(where: { $0.statement == "Prefers morning meetings" })?.supportIDs.first)
        let evidence = try await api.evidence(personID: maya, reference: reference)
        #expect(evidence.emailThreadID != nil)
        #expect(profile.label(for: profile.relationships[1].object) == "Jules Moreau")
    }

    @Test func mergePreviewApplyUndoAndAConflict() async throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        let api = try await Self.api(client)
        let people = try await api.directory(DirectoryQuery(collection: .all, text: "lee"))
        let bob = try #require(people.first { $0.displayName == "Bob Lee" })
        let robert = try #require(people.first { $0.displayName == "Robert Lee" })
        let preview = try await api.previewMerge(source: bob, into: robert)
        #expect(preview.state == .preview && !preview.assignments.isEmpty)
        let merged = try await api.apply(preview)
        #expect(merged.state == .completed)
        #expect(try await api.profile(id: bob.id).person.state == .merged)
        let undone = try await api.undo(operationID: merged.id, expectedRevision: merged.revision)
        #expect(undone.undoOf == merged.id)
        #expect(try await api.profile(id: bob.id).person.state != .merged)

        // Another device changes Robert between preview and apply: 409 with the re-read state.
        let bobNow = try await api.profile(id: bob.id).person, robertNow = try await api.profile(id: robert.id).person
        let second = try await api.previewMerge(source: bobNow, into: robertNow)
        server.touchPerson(robert.id)
        await #expect(throws: IdentityConflict.self) { try await api.apply(second) }

        // An expired preview is refused by the server too.
        let third = try await api.previewMerge(source: bobNow, into: try await api.profile(id: robert.id).person)
        server.expirePeoplePreviews()
        do {
            _ = try await api.apply(third, now: Date.distantPast)  // the client's own check passes; the server's does not
            Issue.record("expected a conflict")
        } catch let conflict as IdentityConflict {
            #expect(conflict.current?.state == .cancelled)
        }
    }

    @Test func theAutomaticMergeCanBeUndone() async throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        let api = try await Self.api(client)
        let sam = try #require(server.personID(named: "Sam Okafor"))
        let merge = try #require(try await api.profile(id: sam).automaticMerges.first)
        #expect(merge.merged?.displayName == "Sam O.")
        let op = try await api.operation(id: merge.operationID)
        #expect(op.automatic)
        _ = try await api.undo(operationID: op.id, expectedRevision: op.revision)
        let samO = try #require(server.personID(named: "Sam O."))
        #expect(try await api.profile(id: samO).person.state == .active)
        #expect(try await api.profile(id: sam).automaticMerges.isEmpty)
    }

    @Test func suggestionsAreAnsweredAndASplitRepairsAnIdentity() async throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        let api = try await Self.api(client)
        let suggestions = await api.mergeSuggestions()
        let sameName = try #require(suggestions.first { $0.reason == .sameName })
        #expect(try await api.decide(sameName, .separate).state == .separated)
        let first = try #require(suggestions.first { $0.reason == .firstName })
        #expect(try await api.decide(first, .merge).state == .merged)
        let left = await api.mergeSuggestions().map(\.id)
        #expect(!left.contains(sameName.id) && !left.contains(first.id))

        let maya = try await api.profile(id: try #require(server.personID(named: "Maya Chen"))).person
        let evidence = try await api.identityEvidence(personID: maya.id)
        let phone = try #require(evidence.first { $0.label == "+351 912 345 678" })
        let split = try await api.previewSplit(maya, selecting: [phone.id])
        let done = try await api.apply(split)
        #expect(done.state == .completed && done.personIDs.count == 2)
        #expect(!(try await api.identityEvidence(personID: maya.id)).contains { $0.id == phone.id })
    }

    @Test func correctionsChangeFacts() async throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        let api = try await Self.api(client)
        let maya = try #require(server.personID(named: "Maya Chen"))
        let profile = try await api.profile(id: maya)
        let fact = try #require(profile.facts.first { $0.statement == "Lives in Lisbon" })
        let revision = try #require(profile.factRevisions[fact.id])
        let corrected = try await api.correct(personID: maya, Correction(
            beliefID: fact.id, kind: .correct, expectedRevision: revision, statement: "Lives in Porto"))
        #expect(corrected.belief?.statement == "Lives in Porto")
        // The old revision is stale now.
        await #expect(throws: APIError.self) {
            try await api.correct(personID: maya, Correction(beliefID: fact.id, kind: .affirm, expectedRevision: revision))
        }
        let removed = try await api.correct(personID: maya, Correction(beliefID: fact.id, kind: .neverTrue,
                                                                      expectedRevision: revision + 1))
        #expect(removed.removed)
        #expect(!(try await api.facts(personID: maya)).facts.contains { $0.id == fact.id })
    }

    @Test func forgetRemovesEverythingAndIsPolledToCompletion() async throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        let api = try await Self.api(client)
        let maya = try await api.profile(id: try #require(server.personID(named: "Maya Chen"))).person
        let preview = try await api.previewForget(maya)
        #expect(preview.counts["interaction"] == 60)
        #expect(preview.scope?.contains("Original messages stay") == true)
        let applied = try await api.applyForget(personID: maya.id, preview: preview)
        #expect(applied.state == .cleanupPending)
        let done = try await api.waitForCompletion(operationID: applied.id, interval: .milliseconds(10))
        #expect(done.state == .completed)
        #expect(server.peopleRecords(of: maya.id) == 0)
        await #expect(throws: APIError.self) { try await api.profile(id: maya.id) }
    }

    @Test func aRetriedWriteIsAnsweredOnceAndWritesCanBeDenied() async throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        let api = try await Self.api(client)
        let key = IdempotencyKey()
        let first = try await api.create(displayName: "Nadia Haddad", key: key)
        let again = try await api.create(displayName: "Nadia Haddad", key: key)
        #expect(first.id == again.id)
        await #expect(throws: APIError.self) { try await api.create(displayName: "Someone else", key: key) }

        let (denied, deniedClient) = try Self.start { $0.peopleWritesDenied = true }
        defer { denied.stop() }
        let readOnly = PeopleAPI(sender: .live(client: deniedClient)).auditing(in: UUID().uuidString.lowercased())
        #expect(try await readOnly.directory().count >= 80)
        do {
            _ = try await readOnly.create(displayName: "X")
            Issue.record("expected a refusal")
        } catch {
            #expect(!PeopleWriteAccess().after(error).showsWrites)
        }
    }

    @Test func aServerWithoutPeopleAnswers404() async throws {
        let (server, client) = try Self.start { $0.people = false }
        defer { server.stop() }
        do {
            _ = try await PeopleAPI(sender: .live(client: client)).directory()
            Issue.record("expected 404")
        } catch {
            #expect(PeopleError.from(error, isWrite: false) == .unavailable)
        }
    }
}

extension FixtureTests {
    @Test func importsGoThroughEveryPhase() async throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        let api = try await Self.api(client)
        let past = try await api.imports()
        #expect(Set(past.map(\.state)) == [.completed, .budgetPaused, .failed])
        let scope = ImportScope(accountIDs: ["default"], since: "2026-01-01T00:00:00.000Z",
                                until: "2026-09-01T00:00:00.000Z", maxRecords: 300, maxCostUSD: Decimal(string: "2.00")!)
        let preview = try await api.previewImport(scope)
        #expect(preview.state == .preview && preview.knownRecords == 200)
        var job = try await api.applyImport(preview)
        #expect(job.state == .queued)
        job = try await api.importJob(id: job.id)
        #expect(job.state == .running && job.recordsRead == 100)
        job = try await api.importJob(id: job.id)
        #expect(job.state == .completed && job.spentUSD == 2)

        // A cap too small pauses the job; resuming with a larger cap finishes it.
        var small = try await api.applyImport(try await api.previewImport(ImportScope(
            accountIDs: ["default"], since: "2026-01-01T00:00:00Z", until: "2026-09-01T00:00:00Z",
            maxCostUSD: Decimal(string: "0.50")!)))
        while small.state.isActive { small = try await api.importJob(id: small.id) }
        #expect(small.state == .budgetPaused && small.recordsRead == 50)
        var resumed = try await api.resumeImport(small, maxCostUSD: 5)
        while resumed.state.isActive { resumed = try await api.importJob(id: resumed.id) }
        #expect(resumed.state == .completed && resumed.recordsRead == 200)

        // A running job can be cancelled, then resumed.
        let running = try await api.applyImport(try await api.previewImport(scope))
        let cancelled = try await api.cancelImport(running)
        #expect(cancelled.state == .cancelled)
        #expect(try await api.resumeImport(cancelled).state == .queued)
    }
}
