import Foundation
import Testing
import VeetTransport
@testable import VeetPeople

@Suite struct HistoryDateTests {
    // 2026-03-14T23:30Z is already the 15th in Tokyo and still the 14th in Los Angeles.
    let late: Timestamp = "2026-03-14T23:30:00Z"

    @Test func aDayIsTheDayInItsOwnTimeZone() {
        #expect(HistoryDate.text(late, precision: .day, timeZone: "Asia/Tokyo") == "15 March 2026")
        #expect(HistoryDate.text(late, precision: .day, timeZone: "America/Los_Angeles") == "14 March 2026")
        #expect(HistoryDate.text(late, precision: .day, timeZone: nil) == "14 March 2026")
    }

    @Test func anInstantShowsTheTimeAndItsZone() {
        #expect(HistoryDate.text(late, precision: .instant, timeZone: "Europe/Lisbon")
                == "14 March 2026, 23:30 (Europe/Lisbon)")
        #expect(HistoryDate.text(late, precision: .instant, timeZone: "Asia/Tokyo") == "15 March 2026, 08:30 (Asia/Tokyo)")
        #expect(HistoryDate.text(late, precision: .instant, timeZone: "Not/AZone") == "14 March 2026, 23:30 (UTC)")
    }

    @Test func neverFinerThanItsPrecision() {
        let newYear: Timestamp = "2026-12-31T20:00:00Z"
        #expect(HistoryDate.text(newYear, precision: .month, timeZone: "Asia/Tokyo") == "January 2027")
        #expect(HistoryDate.text(newYear, precision: .year, timeZone: "Asia/Tokyo") == "2027")
        #expect(HistoryDate.text(newYear, precision: .year, timeZone: "UTC") == "2026")
        #expect(HistoryDate.text(newYear, precision: .unknownTime, timeZone: "UTC") == "Date unknown")
        #expect(HistoryDate.text(newYear, precision: .unknown("week"), timeZone: "UTC") == "Date unknown")
        #expect(HistoryDate.text(nil, precision: .day, timeZone: "UTC") == "Date unknown")
    }
}

@Suite struct CollectionTests {
    @Test func eachCollectionSendsTheContractsQuery() {
        #expect(PeopleCollection.people.query.map(\.value) == ["active", "provisional"])
        #expect(PeopleCollection.pinned.query.map(\.name) == ["state", "state", "pinned"])
        #expect(PeopleCollection.needsReview.query == [URLQueryItem(name: "review", value: "true")])
        #expect(PeopleCollection.all.query.isEmpty)
    }

    @Test func searchTextIsTrimmedAndCut() {
        let query = DirectoryQuery(collection: .all, text: "  " + String(repeating: "a", count: 600) + " ")
        #expect(query.query.first?.value?.count == 512)
        #expect(DirectoryQuery(text: "   ").query.count == 2)
    }
}

@Suite struct PreviewExpiryTests {
    func preview(expiring: String?) throws -> IdentityOperation {
        var object: [String: Any] = ["id": "op", "revision": 2, "operation": "merge", "state": "preview"]
        if let expiring { object["expires_at"] = expiring }
        return try JSONDecoder().decode(IdentityOperation.self, from: JSONSerialization.data(withJSONObject: object))
    }

    @Test func aPreviewCanBeAppliedOnlyBeforeItExpires() throws {
        let now = try #require(Timestamp("2026-08-01T10:00:00Z").date)
        #expect(PreviewExpiry(try preview(expiring: "2026-08-01T10:05:00Z"), now: now).canApply)
        #expect(PreviewExpiry(try preview(expiring: "2026-08-01T10:05:00Z"), now: now).text == "Expires in 4 minutes.")
        #expect(PreviewExpiry(try preview(expiring: "2026-08-01T10:00:01Z"), now: now) == .expired)
        #expect(PreviewExpiry(try preview(expiring: "2026-08-01T09:59:00Z"), now: now) == .expired)
        #expect(PreviewExpiry(try preview(expiring: nil), now: now) == .unbounded)
    }
}

@Suite struct ForgetConfirmationTests {
    let maya = Person(id: "p", displayName: "Maya Chen")

    @Test func theNameMustBeTypedExactly() {
        #expect(ForgetConfirmation.confirms(" Maya Chen\n", person: maya))
        #expect(!ForgetConfirmation.confirms("maya chen", person: maya))
        #expect(!ForgetConfirmation.confirms("yes", person: maya))
        #expect(!ForgetConfirmation.confirms(nil, person: maya))
        #expect(ForgetConfirmation.phrase(for: Person(id: "q", displayName: " ")) == "forget")
    }

    @Test func expectedCountsMustMatchThePreview() throws {
        let expected = try #require(ForgetConfirmation.parseCounts("fact=3, interaction=12"))
        #expect(ForgetConfirmation.matches(expected, ["interaction": 12, "fact": 3, "identifier": 0]))
        #expect(!ForgetConfirmation.matches(expected, ["interaction": 13, "fact": 3]))
        #expect(!ForgetConfirmation.matches(expected, ["interaction": 12, "fact": 3, "relationship": 1]))
        #expect(ForgetConfirmation.parseCounts("fact") == nil)
        #expect(ForgetConfirmation.parseCounts("fact=-1") == nil)
        #expect(ForgetConfirmation.parseCounts("fact=1,fact=2") == nil)
        #expect(ForgetConfirmation.countsText(["b": 2, "a": 1]) == "a=1,b=2")
    }
}

@Suite struct InitialsTests {
    @Test func initialsTakeTheFirstAndLastWord() {
        #expect(Person(id: "1", displayName: "Maya Chen").initials == "MC")
        #expect(Person(id: "2", displayName: "Jean-Luc de la Tour").initials == "JT")
        #expect(Person(id: "3", displayName: "Jules").initials == "JU")
        #expect(Person(id: "4", displayName: "the dentist").initials == "TD")
        #expect(Person(id: "5", displayName: "").initials == "?")
    }
}
