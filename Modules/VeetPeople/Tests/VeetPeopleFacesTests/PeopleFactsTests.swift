import Foundation
import Testing
import VeetCurses
import VeetPeople
import VeetPeopleScreens
import VeetTestSupport
import VeetTransport

/// The profile's open threads (leading to Email mode), Inspect evidence and the corrections, driven as values.
@Suite struct PeopleFactsTests {
    let maya = Person(id: "m", displayName: "Maya Chen", pinned: true)

    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    static func profile() throws -> PersonProfile {
        try decode(PersonProfile.self, """
            {"person":{"id":"m","revision":1,"display_name":"Maya Chen","state":"active","pinned":true},
             "history":[{"id":"h1","channel":"email","summary":"Lunch plans","support_ids":["ev1","ev2"]}],
             "facts":[{"id":"f1","statement":"Likes green tea","support_ids":["ev3"]},
                      {"id":"f2","statement":"Lives in Lisbon"}],
             "fact_revisions":{"f1":3,"f2":1}}
            """)
    }

    static let evidence = """
        [{"reference":"ev1","source_kind":"email","email_thread_id":"t-lunch"},
         {"reference":"ev2","source_kind":"email","email_thread_id":"t-lunch"}]
        """

    /// The profile read, its evidence asked for and answered: the open thread is known.
    func opened() throws -> ScreenDriver<PeopleScreen> {
        var driver = ScreenDriver(PeopleScreen(now: { Date(timeIntervalSince1970: 1_796_000_000) }))
        driver.answer(.listed(pinned: [maya], review: [], everyone: [maya]))
        driver.answer(.profile(try Self.profile()))
        driver.answer(.threads(personID: "m", try Self.decode([EvidenceReference].self, Self.evidence)))
        return driver
    }

    @Test func aProfileReadAsksForTheEvidenceThatNamesItsThreadsOnce() throws {
        var driver = ScreenDriver(PeopleScreen())
        driver.answer(.listed(pinned: [maya], review: [], everyone: [maya]))
        driver.answer(.profile(try Self.profile()))
        let asked = driver.effects.compactMap { effect -> [String]? in
            if case .loadThreads("m", let references) = effect { references } else { nil }
        }
        #expect(asked == [["ev1", "ev2", "ev3"]])
        // Read again (after a correction, say): the same person's evidence is not asked for again.
        let before = driver.effects.count
        driver.answer(.profile(try Self.profile()))
        #expect(driver.effects.count == before)
    }

    @Test func theProfileShowsTheOpenThreadAndEnterOpensItInEmailMode() throws {
        var driver = try opened()
        let text = driver.painted(width: 120, height: 30)
        #expect(text.contains("OPEN THREADS"))
        #expect(text.contains("Email thread t-lunch"))
        #expect(KeyHints.items(driver.screen.keyHints).contains { $0.hint == "e" && $0.title == "threads and facts" })
        driver.press(.char("e"))
        #expect(driver.screen.paletteHints(now: Date()) == "↑↓ choose  Enter open in Email  Esc close")
        #expect(driver.painted(width: 120, height: 30).contains("Threads and facts: Maya Chen"))
        driver.press(KeyPress(.enter))
        #expect(driver.routes == [.openEmailThread(id: "t-lunch")])
        #expect(driver.closed)
    }

    @Test func inspectEvidenceReadsTheFactsSourcesAndShowsThem() throws {
        var driver = try opened()
        driver.press(.char("e"), KeyPress(.down))
        let hints = driver.screen.paletteHints(now: Date())
        #expect(KeyHints.items(hints).map(\.hint) == ["Enter", "a", "w", "h", "v", "d", "Esc"])
        let effects = driver.press(KeyPress(.enter))
        guard case .inspectEvidence("m", "f1", ["ev3"])? = effects.first else {
            Issue.record("no inspection: \(effects)")
            return
        }
        let said = try Self.decode([EvidenceReference].self,
                                   #"[{"reference":"ev3","source_kind":"owner","owner_assertion":"She only drinks tea"}]"#)
        driver.answer(.factEvidence(factID: "f1", said))
        #expect(driver.painted(width: 120, height: 30).contains("evidence: you said “She only drinks tea”"))
        // A fact with no sources says so without a call.
        #expect(driver.press(KeyPress(.down), KeyPress(.enter)).isEmpty)
        #expect(driver.painted(width: 120, height: 30).contains("evidence: none recorded"))
    }

    /// Each correction goes against the fact's revision and its place in the list, as `veet people correct` does.
    @Test func correctionsSendTheFactsRevisionAndPlaceAndRemoveAsksFirst() throws {
        var driver = try opened()
        driver.press(.char("e"), KeyPress(.down))
        #expect(Self.corrections(driver.press(.char("a"))) == [Correction(beliefID: "f1", kind: .affirm, expectedRevision: 3,
                                                                             expectedPosition: 1)])
        driver.answer(.factOutcome("Affirmed “Likes green tea”."))
        #expect(driver.painted(width: 120, height: 30).contains("Affirmed “Likes green tea”."))
        driver.press(.char("w"))
        for _ in 0..<"Likes green tea".count { driver.press(KeyPress(.backspace)) }
        driver.send(.paste("Prefers black tea"))
        #expect(Self.corrections(driver.press(KeyPress(.enter))) == [Correction(
            beliefID: "f1", kind: .correct, expectedRevision: 3, expectedPosition: 1, statement: "Prefers black tea")])
        driver.answer(.factOutcome("Corrected."))
        driver.press(KeyPress(.down))
        #expect(driver.press(.char("d")).isEmpty)
        #expect(driver.press(.char("n")).isEmpty)
        guard case .facts(let sheet)? = driver.screen.sheet else { Issue.record("sheet closed"); return }
        #expect(sheet.notice == "Nothing was removed.")
        driver.press(.char("d"))
        #expect(Self.corrections(driver.press(.char("y"))) == [Correction(beliefID: "f2", kind: .remove, expectedRevision: 1,
                                                                            expectedPosition: 2)])
    }

    @Test func withoutWritesTheSheetOffersNoCorrection() throws {
        var driver = try opened()
        driver.screen.writeAccess = PeopleWriteAccess(deniedReason: "read only")
        driver.press(.char("e"), KeyPress(.down))
        #expect(driver.press(.char("a")).isEmpty)
        #expect(driver.screen.paletteHints(now: Date()) == "↑↓ choose  Enter inspect evidence  Esc close")
    }

    static func corrections(_ effects: [PeopleScreenEffect]) -> [Correction] {
        effects.compactMap { if case .action(.correct(let c, _), _) = $0 { c } else { nil } }
    }
}

/// The threads, the inspection and a correction on a scripted server.
@Suite struct PeopleFactsWorkTests {
    @Test func theWorkReadsEvidenceAndSendsACorrectionThenReadsTheProfileAgain() async throws {
        let server = ScriptedServer()
        server.on("GET", "/v1/people/m/evidence/ev1", .json(["reference": "ev1", "email_thread_id": "t1"]))
        server.on("GET", "/v1/people/m/evidence/ev2", .json(["error": ["code": "not_found", "message": "gone"]], status: 404))
        server.on("POST", "/v1/people/m/corrections", .json(["person_revision": 2, "removed": false]))
        server.on("GET", "/v1/people/m", PeopleWire.profile("m", "Maya Chen", revision: 2))
        let work = PeopleScreenWork(api: PeopleWire.api(server), audited: { try await PeopleWire.audited(PeopleWire.api(server)) })
        let reports = Reports()
        await work.run(.loadThreads(personID: "m", references: ["ev1", "ev2"])) { reports.add($0) }
        guard case .threads("m", let found)? = reports.all.first else { Issue.record("\(reports.all)"); return }
        #expect(found.map(\.emailThreadID) == ["t1"])
        let maya = Person(id: "m", displayName: "Maya Chen")
        await work.run(.action(.correct(Correction(beliefID: "f1", kind: .affirm, expectedRevision: 3), describing: "Affirmed."),
                               person: maya)) { reports.add($0) }
        let after = reports.all.dropFirst()
        guard case .factOutcome("Affirmed.")? = after.first, case .profile(let profile)? = after.dropFirst().first else {
            Issue.record("\(Array(after))")
            return
        }
        #expect(profile.person.revision == 2)
        let sent = try #require(server.requests.first { $0.method == "POST" })
        let body = try #require(try JSONSerialization.jsonObject(with: sent.body ?? Data()) as? [String: Any])
        #expect(body["operation"] as? String == "affirm")
        #expect(body["expected_revision"] as? Int == 3)
    }
}
