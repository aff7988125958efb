import Foundation
import Testing
import VeetCurses
import VeetPeople
import VeetPeopleScreens
import VeetTestSupport
import VeetTransport

/// The People screen driven as a value (keys and answers in; state, work and routes out),
/// and its work on a scripted server.
@Suite struct PeopleScreenDriveTests {
    let maya = Person(id: "m", displayName: "Maya Chen", pinned: true)
    let sam = Person(id: "s", displayName: "Sam Okafor")

    /// What each effect asks for, in words a test compares.
    static func names(_ effects: [PeopleScreenEffect]) -> [String] {
        effects.map {
            switch $0 {
            case .loadPeople: "people"
            case .loadProfile(let id): "profile \(id)"
            case .action(let action, let person): "\(action) \(person.id)"
            case .imports(let action): "imports \(action)"
            case .loadThreads(let id, let references): "threads \(id) \(references)"
            case .inspectEvidence(_, let factID, _): "evidence \(factID)"
            case .find(let lookup): "find \(lookup.searches)"
            }
        }
    }

    func opened() -> ScreenDriver<PeopleScreen> {
        var driver = ScreenDriver(PeopleScreen(now: { Date(timeIntervalSince1970: 1_796_000_000) }))
        driver.answer(.listed(pinned: [maya], review: [], everyone: [maya, sam]))
        return driver
    }

    /// Email's View in People: the screen opens on the person the lookup finds, even when the
    /// directory arrives after the answer; nobody found says so and selects no one else's profile.
    @Test func aLookupOpensOnTheFoundPerson() {
        let lookup = PersonLookup(searches: ["sam@example.test", "Sam Okafor"])
        var driver = ScreenDriver(PeopleScreen(lookup: lookup))
        #expect(Self.names(driver.effects) == ["people", "find [\"sam@example.test\", \"Sam Okafor\"]"])
        driver.answer(.found(sam, lookup))
        #expect(driver.screen.selectedPerson?.id == "s")
        driver.answer(.listed(pinned: [maya], review: [], everyone: [maya, sam]))
        #expect(driver.screen.selectedPerson?.id == "s")
        #expect(Self.names(driver.effects).last == "profile s")
        var nobody = ScreenDriver(PeopleScreen(lookup: lookup))
        nobody.answer(.listed(pinned: [maya], review: [], everyone: [maya, sam]), .found(nil, lookup))
        #expect(nobody.screen.message == "No one in People matches sam@example.test.")
    }

    @Test func openingReadsThePeopleThenTheChosenProfile() {
        let driver = opened()
        #expect(Self.names(driver.effects) == ["people", "profile m"])
        #expect(driver.painted(width: 100, height: 24).contains("Maya Chen"))
    }

    @Test func movingReadsTheNextProfileAndEscCloses() {
        var driver = opened()
        #expect(Self.names(driver.press(KeyPress(.down))) == ["profile s"])
        driver.press(KeyPress(.escape))
        #expect(driver.closed)
    }

    @Test func enterAsksTheShellToPrepareAConversationAndCloses() {
        var driver = opened()
        #expect(driver.press(KeyPress(.enter)).isEmpty)
        #expect(driver.routes == [.prepareConversation(
            about: maya, request: "Help me prepare for a conversation with Maya Chen: what should I remember?")])
        #expect(driver.closed)
    }

    @Test func aPasteGoesIntoTheNameBeingTyped() {
        var driver = opened()
        driver.press(.char("n"))
        driver.send(.paste(" (Chen-Li)"))
        guard case .rename(let input)? = driver.screen.sheet else { Issue.record("no rename line"); return }
        #expect(input.text == "Maya Chen (Chen-Li)")
        #expect(Self.names(driver.press(KeyPress(.enter))) == ["rename(\"Maya Chen (Chen-Li)\") m"])
        // Over the directory itself a paste means nothing.
        #expect(driver.screen.update(.paste("x")).handled == false)
    }

    @Test func aServerWithoutPeopleIsAPlainPage() async {
        let server = ScriptedServer()
        server.on("GET", "/v1/people", .apiError(404, "not_found", message: "The requested resource was not found."))
        let reports = Reports()
        await PeopleScreenWork(api: PeopleWire.api(server), audited: { PeopleWire.api(server) })
            .run(.loadPeople) { reports.add($0) }
        var driver = ScreenDriver(PeopleScreen())
        for result in reports.all { driver.answer(result) }
        #expect(driver.painted().contains("People is not enabled on this server."))
        #expect(driver.screen.keyHints(width: 80, now: Date()) == "Esc close")
    }

    @Test func aContactChangedElsewhereSaysSoAndShowsThePersonAsTheyAreNow() async throws {
        let server = ScriptedServer()
        server.on("PATCH", "/v1/people/m", .apiError(409, "conflict", message: "stale"))
        server.on("GET", "/v1/people/m", PeopleWire.profile("m", "Maya Chen", revision: 2, aliases: 1))
        let reports = Reports()
        let work = PeopleScreenWork(api: PeopleWire.api(server), audited: { try await PeopleWire.audited(PeopleWire.api(server)) })
        let edit = PersonEdit(addContact: .init(kind: .email, value: "maya@example.com"))
        await work.run(.action(.contact(edit, describing: "Added email maya@example.com."), person: maya)) { reports.add($0) }
        var screen = PeopleScreen()
        screen.show(pinned: [maya], review: [], everyone: [maya])
        screen.sheet = .contacts(ContactSheet(person: maya, aliases: []))
        for result in reports.all { _ = screen.apply(result) }
        guard case .contacts(let sheet)? = screen.sheet else { Issue.record("the sheet closed"); return }
        #expect(sheet.notice == "Not changed: Maya Chen changed on another device meanwhile; read again, this is how it stands now.")
        #expect(sheet.person.revision == 2)
        #expect(sheet.current.map(\.value) == ["m0@example.com"])
        // The person was read once, after the refusal: no second read.
        #expect(server.requests("GET", "/v1/people/m").count == 1)
    }
}
