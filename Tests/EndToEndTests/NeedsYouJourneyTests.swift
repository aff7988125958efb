import Foundation
import Testing

/// `veet needs-you` through the built CLI against the built fixture: one list across
/// the features, plain and `--json`, and nothing from a feature the server does not offer.
@Suite(.serialized) struct NeedsYouJourneyTests {
    let cli = CLIEndToEndTests()
    let subscriptions = SubscriptionsJourneyTests()

    private func items(_ fixture: FixtureProcess, _ home: URL) throws -> (items: [[String: Any]], notRead: [Any]) {
        let result = try cli.veet(["needs-you", "--json"], fixture: fixture, home: home)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try subscriptions.object(result.stdout)
        return (try #require(object["items"] as? [[String: Any]]), try #require(object["not_read"] as? [Any]))
    }

    @Test func oneListAcrossEmailSubscriptionsMemoryAndPeople() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        // The fixture's Mystery Mailer: nobody knows whether its unsubscribe happened.
        let mystery = try subscriptions.id("Mystery Mailer", in: subscriptions.rows(fixture, home))
        _ = try cli.veet(["subscriptions", "unsubscribe", mystery, "--yes"], fixture: fixture, home: home)

        let plain = try cli.veet(["needs-you"], fixture: fixture, home: home)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("Email  Check send status  "))
        #expect(plain.stdout.contains("Email  Needs a reply  "))
        #expect(plain.stdout.contains("Subscriptions  Check the unsubscribe  Mystery Mailer"))
        #expect(plain.stdout.contains("Memory  Needs review  "))
        #expect(plain.stdout.contains("People  Person to review  "))
        #expect(plain.stdout.contains("  veet memory show ") && plain.stdout.contains("  veet email show "))

        let (items, notRead) = try items(fixture, home)
        #expect(notRead.isEmpty)
        let features = items.compactMap { $0["feature"] as? String }
        // The shell's order: the chat's, then Email, Subscriptions, Memory, People, each kept together.
        let firsts = ["email", "subscriptions", "memory", "people"].compactMap { features.firstIndex(of: $0) }
        #expect(firsts.count == 4 && firsts == firsts.sorted(), "\(features)")
        let order = ["chat", "email", "subscriptions", "memory", "people"]
        let ranks = features.map { order.firstIndex(of: $0) ?? order.count }
        #expect(ranks == ranks.sorted(), "\(features)")
        #expect(items.contains { $0["kind"] as? String == "send_status" && $0["command"] as? String != nil })
        #expect(items.first { $0["feature"] as? String == "subscriptions" }?["id"] as? String == mystery)
    }

    @Test func aServerWithoutTheFeaturesHasNothingForYou() throws {
        let fixture = try FixtureProcess(arguments: ["--no-email", "--no-subscriptions", "--no-memory", "--no-people"])
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let plain = try cli.veet(["needs-you"], fixture: fixture, home: home)
        #expect(plain.status == 0 && plain.stdout.isEmpty && plain.stderr.contains("Nothing needs you."), "\(plain.stderr)")
        let (items, notRead) = try items(fixture, home)
        #expect(items.isEmpty && notRead.isEmpty)
    }

    /// Nothing could be read: the empty list is not told as "nothing needs you", and each feature says why.
    @Test func aServerThatIsDownIsNotToldAsNothingNeedsYou() throws {
        let down = try cli.veet(["needs-you"], extraEnvironment: ["VEET_URL": "http://127.0.0.1:9", "VEET_TOKEN": "x"])
        #expect(down.status == 1, "\(down.stderr)")
        #expect(!down.stderr.contains("Nothing needs you.") && down.stderr.contains("Nothing needs you in what could be read."),
                "\(down.stderr)")
        #expect(down.stderr.contains("veet: could not read Email: Could not reach the server"), "\(down.stderr)")
    }
}
