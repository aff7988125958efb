import Foundation
import Testing
import VeetStore
import VeetTransport
import VeetWebsiteAccess

private func temporaryDatabase() throws -> Database {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("website-\(UUID().uuidString).sqlite").path
    return try Database(path: path)
}

private func profile(_ id: String, _ status: ProfileStatus) -> BrowserProfile {
    BrowserProfile(id: id, allowedOrigins: ["https://www.example.com"], status: status)
}

@Test func onlyAReadyProfileCanBeChosen() throws {
    let store = try LocalStore(database: try temporaryDatabase(), connection: "home", url: "https://a.example/")
    let chosen = ChosenProfile(store: store)
    #expect(throws: ChosenProfile.ChoiceError.notReady(.needsUser)) { try chosen.choose(profile("p", .needsUser)) }
    try chosen.choose(profile("p", .ready))
    #expect(try chosen.profileID() == "p")
    #expect(try chosen.idForNewSession(among: [profile("p", .ready)]) == "p")
}

@Test func choiceIsClearedWhenTheConnectionPointsElsewhere() throws {
    let database = try temporaryDatabase()
    let store = try LocalStore(database: database, connection: "home", url: "https://a.example/")
    try ChosenProfile(store: store).choose(profile("p", .ready))
    let moved = try LocalStore(database: database, connection: "home", url: "https://b.example/")
    #expect(try ChosenProfile(store: moved).profileID() == nil)
    let back = try LocalStore(database: database, connection: "home", url: "https://a.example/")
    #expect(try ChosenProfile(store: back).profileID() == nil)
}

@Test func choiceIsGoneWhenTheConnectionIsForgotten() throws {
    let database = try temporaryDatabase()
    let store = try LocalStore(database: database, connection: "home", url: "https://a.example/")
    try ChosenProfile(store: store).choose(profile("p", .ready))
    try LocalStore.forgetConnection(named: "home", in: database)
    let again = try LocalStore(database: database, connection: "home", url: "https://a.example/")
    #expect(try ChosenProfile(store: again).profileID() == nil)
}

@Test func eachConnectionKeepsItsOwnChoice() throws {
    let database = try temporaryDatabase()
    let home = try LocalStore(database: database, connection: "home", url: "https://a.example/")
    let work = try LocalStore(database: database, connection: "work", url: "https://b.example/")
    try ChosenProfile(store: home).choose(profile("p", .ready))
    #expect(try ChosenProfile(store: work).profileID() == nil)
}

@Test func aChoiceThatIsGoneIsDroppedAndOneNotReadyIsNotSent() throws {
    let store = try LocalStore(database: try temporaryDatabase(), connection: "home", url: "https://a.example/")
    let chosen = ChosenProfile(store: store)
    try chosen.choose(profile("p", .ready))
    #expect(try chosen.idForNewSession(among: [profile("p", .needsUser)]) == nil)
    #expect(try chosen.profileID() == "p")
    #expect(try chosen.idForNewSession(among: []) == nil)
    #expect(try chosen.profileID() == nil)
}

@Test func theLinkIsHiddenFromDescriptionsAndReflection() {
    let secret = "https://ceremony.example/a#capability=SECRETSECRETSECRETSECRETSECRET12"
    let link = LaunchLink(secret)
    #expect(!String(describing: link).contains("SECRET"))
    #expect(!String(reflecting: link).contains("SECRET"))
    #expect(!"\(link)".contains("SECRET"))
    var dumped = ""
    dump(link, to: &dumped)
    #expect(!dumped.contains("SECRET"))
    let started = StartedCeremonyProbe.describe(link)
    #expect(!started.contains("SECRET"))
    #expect(link.revealForTerminal() == secret)
}

@Test func theLinkNeverReachesJSONOrTheStore() async throws {
    let h = try WebsiteHarness()
    let setup = try await h.driver.addWebsite(try WebsiteAddress(typed: "https://www.example.com"))
    let secret = setup.started.link.revealForTerminal()
    // The --json output of `sites add` and `sites status` is the ceremony and profile values.
    let json = String(decoding: try JSONEncoder().encode(setup.started.ceremony), as: UTF8.self)
        + String(decoding: try JSONEncoder().encode(setup.profile), as: UTF8.self)
    #expect(!json.contains("capability"))
    #expect(!String(describing: setup).contains(secret))
    // Status reads never carry it either.
    let read = try await h.api.ceremonies(profileID: setup.profile.id)
    #expect(!String(decoding: try JSONEncoder().encode(read), as: UTF8.self).contains("capability"))
    // Finishing the sign-in and choosing the profile leaves no trace of it in the store's files.
    h.server.driveCeremony(setup.started.ceremony.id, to: "ready")
    let final = try await h.driver.waitForOutcome(ceremonyID: setup.started.ceremony.id, maxChecks: 1, sleeper: noWait)
    #expect(final.status == .ready)
    let database = try temporaryDatabase()
    let store = try LocalStore(database: database, connection: "home", url: h.settings.serverURL.url.absoluteString)
    try ChosenProfile(store: store).choose(try await h.api.profile(id: setup.profile.id))
    let capability = String(secret.split(separator: "=").last ?? "")
    #expect(capability.count >= 32)
    for suffix in ["", "-wal"] {
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: database.path + suffix))) ?? Data()
        #expect(bytes.range(of: Data(capability.utf8)) == nil)
    }
}

enum StartedCeremonyProbe {
    static func describe(_ link: LaunchLink) -> String {
        "\(StartedCeremonyBox(link: link))"
    }

    struct StartedCeremonyBox {
        var link: LaunchLink
    }
}
