import Foundation
import Testing
@testable import veet_tui
import VeetTransport
import VeetWebsiteAccess
import VeetWebsiteAccessScreens

/// The task permissions row and Ctrl-G's chooser as the TUI paints them over a conversation
/// (their rules: VeetWebsiteAccessFacesTests' TaskPermissionsRowTests).
@Suite struct TaskPermissionsRowTests {
    static let now = ScreenGoldenTests.now

    static func grant(_ id: String, place: String, used: Int, minutesAgo: Int, expiresIn: Int) -> TaskGrant {
        TaskGrant(id: id, sessionID: "s3", origin: "https://" + place, pathPrefix: "/", maxActions: 20, actionsUsed: used,
                  createdAt: ScreenGoldenTests.stamp(minutesAgo: minutesAgo),
                  expiresAt: ScreenGoldenTests.stamp(minutesAgo: -expiresIn))
    }

    static let grants = [
        grant("g1", place: "shop.example.org", used: 3, minutesAgo: 20, expiresIn: 10),
        grant("g2", place: "www.example.com", used: 1, minutesAgo: 5, expiresIn: 25),
        grant("g0", place: "old.example.net", used: 0, minutesAgo: 90, expiresIn: -30),  // expired: not counted
        TaskGrant(id: "g9", sessionID: "s1", origin: "https://other.example", pathPrefix: "/",
                  createdAt: ScreenGoldenTests.stamp(minutesAgo: 1), expiresAt: ScreenGoldenTests.stamp(minutesAgo: -30)),
    ]

    @Test(arguments: [(80, 24), (160, 48)])
    func theRowAndTheChooserPaint(size: (width: Int, height: Int)) {
        var state = ScreenGoldenTests.withTranscript()
        state.taskGrants = Self.grants
        var chooser = TaskPermissionChooser(grants: TaskPermissionsRow.active(Self.grants, sessionID: "s3", now: Self.now),
                                            openedAt: Self.now)
        chooser.selected = 1
        state.taskPermissionChooser = chooser
        let (_, grid) = ScreenGoldenTests.settledGrid(state, width: size.width, height: size.height)
        GoldenScreen.check(grid.snapshot, named: "task-permissions-\(size.width)x\(size.height)")
        #expect(grid.snapshot.contains("Stop a task permission"))
        #expect(grid.snapshot.contains("▸ Allowed on shop.example.org/ · 3 of 20 · 10 min left"))
        #expect(grid.snapshot.contains("Enter stop it  Esc keep them all"))
        #expect(grid.snapshot.contains("Task permissions: 2 active, the newest on www.example.com/   Ctrl-G stop one"))
    }
}
