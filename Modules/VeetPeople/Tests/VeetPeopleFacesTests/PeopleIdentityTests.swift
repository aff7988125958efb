import Foundation
import Testing
import VeetCurses
import VeetPeople
import VeetTransport
@testable import VeetPeopleScreens

/// The People screen's identity parts as values: the merge preview sheet
/// (reassignments, apply before it expires, expiry and a 409 said plainly with
/// "preview again"), possible duplicates in Needs review, and what a profile offers to undo.
@Suite struct PeopleIdentityTests {
    static let now = Date(timeIntervalSince1970: 1_796_000_000)
    let daniel = Person(id: "d1", revision: 2, displayName: "Daniel Park", state: .provisional)
    let danielToo = Person(id: "d2", revision: 5, displayName: "Daniel Park")
    let sam = Person(id: "s", displayName: "Sam Okafor")

    static func decode<T: Decodable>(_ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    static func preview(expiresIn seconds: TimeInterval, id: String = "op1") throws -> IdentityOperation {
        let expires = ISO8601DateFormatter().string(from: now.addingTimeInterval(seconds))
        return try decode("""
            {"id": "\(id)", "revision": 1, "operation": "merge", "state": "preview", "person_ids": ["d1", "d2"],
             "assignments": [{"entity_id": "e1", "before_person_id": "d1", "after_person_id": "d2"},
                             {"entity_id": "e2", "before_person_id": "d1", "after_person_id": "d2"}],
             "expires_at": "\(expires)"}
            """)
    }

    func suggestion() throws -> MergeSuggestion {
        try Self.decode("""
            {"id": "sg1", "revision": 1, "reason": "same_name", "family_name": true, "state": "open",
             "source": {"id": "d1", "revision": 2, "display_name": "Daniel Park", "state": "provisional"},
             "target": {"id": "d2", "revision": 5, "display_name": "Daniel Park", "state": "active"}}
            """)
    }

    func sheet(_ stage: IdentitySheet.Stage) -> IdentitySheet {
        IdentitySheet(purpose: .merge(source: daniel, target: danielToo, suggestionID: nil), stage: stage,
                      labels: ["e1": "identifier: Daniel Park"])
    }

    func painted(_ sheet: IdentitySheet) -> String {
        var grid = ScreenGrid(width: 100, height: 30)
        sheet.draw(in: &grid, now: Self.now)
        return grid.snapshot
    }

    @Test func theSheetListsTheReassignmentsAndAppliesBeforeItExpires() throws {
        let sheet = sheet(.ready(try Self.preview(expiresIn: 300)))
        let screen = painted(sheet)
        #expect(screen.contains("Merge Daniel Park into Daniel Park"))
        #expect(screen.contains("Moves 2 records from Daniel Park to Daniel Park"))
        #expect(screen.contains("identifier: Daniel Park") && screen.contains("  e2"))
        #expect(screen.contains("Expires in 4 minutes. Nothing changes until you apply it."))
        #expect(screen.contains("Enter apply"))
        #expect(sheet.applicable(now: Self.now)?.id == "op1")
    }

    @Test func anExpiredPreviewSaysSoAndOffersToPreviewAgain() throws {
        let sheet = sheet(.ready(try Self.preview(expiresIn: 1)))
        #expect(sheet.applicable(now: Self.now) == nil)
        let screen = painted(sheet)
        #expect(screen.contains("This preview has expired; preview it again."))
        #expect(screen.contains("r preview again") && !screen.contains("Enter apply"))
    }

    @Test func aConflictShowsTheReReadStateAndOffersToPreviewAgain() throws {
        let current: IdentityOperation = try Self.decode("""
            {"id": "op1", "revision": 2, "operation": "merge", "state": "cancelled"}
            """)
        let conflict = IdentityConflict(underlying: APIError(status: 409, code: .conflict, message: "A person changed."), current: current)
        let screen = painted(sheet(.refused(conflict.description, canPreviewAgain: true)))
        #expect(screen.contains("nothing was applied"))
        #expect(screen.contains("The operation is now cancelled"))  // "(revision 2)." wraps onto the next line
        #expect(screen.contains("r preview again"))
    }

    @Test func aPossibleDuplicateIsInNeedsReviewAndItsProfileOffersMergeAndNotTheSame() throws {
        var screen = PeopleScreen()
        screen.show(pinned: [], review: [], everyone: [danielToo, daniel, sam])
        screen.suggestions = [try suggestion()]
        #expect(screen.rows.prefix(2) == [.heading("Needs review"), .person(daniel)])
        let lines = screen.identityLines(for: PersonProfile(person: danielToo))
        #expect(lines.first == "Possibly the same person as Daniel Park (same name).")
        #expect(lines.contains { $0.contains("k not the same") })
        screen.writeAccess = PeopleWriteAccess(deniedReason: "read only")
        #expect(!screen.identityLines(for: PersonProfile(person: danielToo)).contains { $0.contains("m merge") })
    }

    @Test func aMergeAppliedHereAndAnAutomaticOneAreOfferedForUndo() throws {
        var screen = PeopleScreen()
        var applied = try Self.preview(expiresIn: 300)
        applied.state = .completed
        screen.applied = [applied]
        let automatic: PersonProfile = try Self.decode("""
            {"person": {"id": "s", "revision": 1, "display_name": "Sam Okafor"},
             "automatic_merges": [{"operation_id": "auto1", "revision": 2, "merged_at": "2025-11-01T10:00:00Z",
                                   "merged": {"id": "so", "revision": 1, "display_name": "Sam O."}}]}
            """)
        #expect(screen.undoable(for: automatic).map(\.operationID) == ["auto1"])
        #expect(screen.identityLines(for: automatic).first == "Sam O. was merged in automatically on 1 November 2025.")
        let target = PersonProfile(person: danielToo)
        #expect(screen.undoable(for: target).map(\.operationID) == ["op1"])
        #expect(screen.undoable(for: PersonProfile(person: sam)).isEmpty)
    }

    @Test func theSelectionStaysOnItsPersonWhenTheSuggestionsAreReadAgain() throws {
        var screen = PeopleScreen()
        screen.show(pinned: [], review: [], everyone: [danielToo, sam])
        screen.suggestions = [try suggestion()]  // Daniel (the source, merged meanwhile) still listed in Needs review
        screen.selected = screen.people.firstIndex { $0.id == "d2" } ?? 0
        screen.show(suggestions: [])
        #expect(screen.selectedPerson?.id == "d2")
    }

    @Test func mergeWithMatchesByPartOfTheNameAndNeverTheSamePerson() {
        var picker = MergeTargetPicker(source: daniel)
        picker.input = TextInput(text: "park")
        #expect(picker.matches(in: [daniel, danielToo, sam]).map(\.id) == ["d2"])
    }

    @Test func repairIdentityPreviewsOnlyTheMarkedRecordsInTheirOrder() throws {
        let evidence: [IdentityEvidence] = try Self.decode("""
            [{"id": "a", "kind": "identifier", "label": "x@example.com"}, {"id": "b", "kind": "memory_link", "label": "fact"}]
            """)
        var picker = RepairPicker(person: sam, evidence: evidence)
        picker.chosen = ["b", "a"]
        #expect(picker.selectedIDs == ["a", "b"])
        var grid = ScreenGrid(width: 100, height: 30)
        picker.draw(in: &grid)
        #expect(grid.snapshot.contains("[x] memory link: fact"))
    }
}
