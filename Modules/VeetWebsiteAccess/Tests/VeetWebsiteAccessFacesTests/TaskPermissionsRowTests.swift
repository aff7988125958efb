import Foundation
import Testing
import VeetCurses
import VeetTransport
import VeetWebsiteAccess
import VeetWebsiteAccessScreens

/// The row above a conversation's composer, and Ctrl-G's chooser, as values.
@Suite struct TaskPermissionsRowTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func stamp(minutesAgo: Int) -> Timestamp {
        Timestamp(now.addingTimeInterval(Double(-60 * minutesAgo)).formatted(.iso8601))
    }

    static func grant(_ id: String, place: String, used: Int, minutesAgo: Int, expiresIn: Int,
                      sessionID: String = "s3") -> TaskGrant {
        TaskGrant(id: id, sessionID: sessionID, origin: "https://" + place, pathPrefix: "/", maxActions: 20,
                  actionsUsed: used, createdAt: stamp(minutesAgo: minutesAgo), expiresAt: stamp(minutesAgo: -expiresIn))
    }

    static let grants = [
        grant("g1", place: "shop.example.org", used: 3, minutesAgo: 20, expiresIn: 10),
        grant("g2", place: "www.example.com", used: 1, minutesAgo: 5, expiresIn: 25),
        grant("g0", place: "old.example.net", used: 0, minutesAgo: 90, expiresIn: -30),  // expired: not counted
        grant("g9", place: "other.example", used: 0, minutesAgo: 1, expiresIn: 30, sessionID: "s1"),
    ]

    @Test func oneActiveReadsAsBeforeAndSeveralSayHowMany() {
        let one = TaskPermissionsRow.text(grants: [Self.grants[0]], sessionID: "s3", now: Self.now)
        #expect(one?.line == " Task permission: Allowed on shop.example.org/ · 3 of 20 · 10 min left   Ctrl-G stop")
        let several = TaskPermissionsRow.text(grants: Self.grants, sessionID: "s3", now: Self.now)
        #expect(several?.grants.map(\.id) == ["g2", "g1"], "newest first, the expired and other conversations' left out")
        #expect(several?.line == " Task permissions: 2 active, the newest on www.example.com/   Ctrl-G stop one")
        #expect(TaskPermissionsRow.text(grants: Self.grants, sessionID: "s4", now: Self.now) == nil)
        #expect(TaskPermissionsRow.text(grants: Self.grants, sessionID: nil, now: Self.now) == nil)
    }

    @Test func theChooserMovesWithinItsRowsAndStopsTheChosenOne() {
        let active = TaskPermissionsRow.active(Self.grants, sessionID: "s3", now: Self.now)
        var chooser = TaskPermissionChooser(grants: active, openedAt: Self.now)
        #expect(chooser.update(KeyPress(.up)) == .open && chooser.selected == 0)
        #expect(chooser.update(KeyPress(.down)) == .open && chooser.selected == 1)
        #expect(chooser.update(KeyPress(.down)) == .open && chooser.selected == 1, "the last row holds")
        #expect(chooser.update(.char("q")) == .open, "another key changes nothing")
        #expect(chooser.update(KeyPress(.enter)) == .stop(active[1]))
        #expect(chooser.update(.char("x")) == .stop(active[1]))
        #expect(chooser.update(KeyPress(.escape)) == .close)
    }

    @Test func theChooserPaintsEachGrantWithTheMinutesLeftWhenItOpened() {
        let active = TaskPermissionsRow.active(Self.grants, sessionID: "s3", now: Self.now)
        var grid = ScreenGrid(width: 80, height: 24)
        TaskPermissionChooser(grants: active, openedAt: Self.now, selected: 1).draw(in: &grid)
        #expect(grid.snapshot.contains("Stop a task permission"))
        #expect(grid.snapshot.contains("▸ Allowed on shop.example.org/ · 3 of 20 · 10 min left"))
        #expect(grid.snapshot.contains("  Allowed on www.example.com/ · 1 of 20 · 25 min left"))
        #expect(grid.snapshot.contains("↑↓ choose  Enter stop it  Esc keep them all"))
    }
}
