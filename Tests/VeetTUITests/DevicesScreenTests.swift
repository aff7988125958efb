import Foundation
import Testing
@testable import veet_tui
import VeetAccount
import VeetAccountScreens
import VeetCurses
import VeetTransport

/// The Devices screen (Alt-D, issue 20 item 7; VeetAccountScreens, mounted as the shell mounts it): the devices as `veet devices
/// list` shows them, this computer's marked, revoke asked first.
@Suite struct DevicesScreenTests {
    static func screen(confirming: Bool = false) -> ScreenState {
        let devices = FeatureScreenStates.decode([DeviceView].self, """
            [{"id":"0198d6a4-3333-7000-8000-000000000001","client_device_id":"c1","name":"Work laptop","kind":"cli",
              "platform":"linux","status":"active","revoked_at":null,"last_seen_at":"2026-12-01T08:55:00Z"},
             {"id":"0198d6a4-3333-7000-8000-000000000002","client_device_id":"c2","name":"Pixel 9","kind":"mobile",
              "platform":"android","status":"active","revoked_at":null,"last_seen_at":"2026-11-30T19:02:00Z"},
             {"id":"0198d6a4-3333-7000-8000-000000000003","client_device_id":"c3","name":"Old desktop","kind":"desktop",
              "platform":"linux","status":"revoked","revoked_at":"2026-11-12T10:00:00Z","last_seen_at":null}]
            """)
        var screen = DevicesScreen()
        screen.show(devices)
        screen.ownDeviceID = "0198d6a4-3333-7000-8000-000000000001"
        screen.selected = 1
        screen.confirmingRevoke = confirming
        var state = ScreenGoldenTests.base()
        state.featureScreen = MountedScreen(screen, work: NoDevicesWork(), mount: 1)
        return state
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func theDevicesAreListedAndARevokeAsksFirst(size: (width: Int, height: Int)) {
        let (_, grid) = ScreenGoldenTests.settledGrid(Self.screen(), width: size.width, height: size.height)
        GoldenScreen.check(grid.snapshot, named: "devices-\(size.width)x\(size.height)")
        #expect(grid.snapshot.contains("Work laptop (this computer)"))
        #expect(grid.snapshot.contains("▸ Pixel 9"))
        #expect(grid.snapshot.contains("mobile/android"))
        #expect(grid.snapshot.contains("revoked 12 Nov"))
        #expect(grid.snapshot.contains("x revoke  g refresh  Esc close"))
        let (_, asking) = ScreenGoldenTests.settledGrid(Self.screen(confirming: true), width: size.width, height: size.height)
        GoldenScreen.check(asking.snapshot, named: "devices-revoke-\(size.width)x\(size.height)")
        #expect(asking.snapshot.contains("Revoke “Pixel 9”? It gets no more notifications.  y revoke it  n keep it"))
    }

    @MainActor @Test func altDOpensTheDevicesFromTheHelpAndThePalette() {
        #expect(GlobalAction(.char("d", .alt)) == .devices)
        #expect(ChatScreen.help.groups.flatMap(\.entries).contains { $0.press == .char("d", .alt) })
    }
}

/// The Devices screen's work, never asked in a painting test.
struct NoDevicesWork: ScreenEffects {
    typealias Screen = DevicesScreen
    func run(_ effect: DevicesScreenEffect, report: @escaping @Sendable (DevicesScreenResult) -> Void) async {}
}
