import Foundation
import Testing
import VeetCurses
import VeetSurfaces
import VeetSurfacesScreens
import VeetTestSupport
import VeetTransport

/// The Surfaces screen as a value.
@Suite struct SurfacesScreenTests {
    static let surface = Surface(id: SurfacesCommandsTests.surface, name: "Veetbot on Telegram", platform: .telegram,
                                 pushProvider: "telegram", routeFingerprint: "4be19a")
    static let active = Pairing(id: SurfacesCommandsTests.pairing, surfaceID: SurfacesCommandsTests.surface,
                                senderID: "583920174", senderLabel: "Sam")
    static let code = PairingCode(id: "c1", surfaceID: SurfacesCommandsTests.surface, grantedScopes: ["run.write"],
                                  label: nil, expiresAt: "2026-09-20T17:14:11+00:00", maxAttempts: 5,
                                  secret: PairingSecret("Qm7xT2vL9aZ"))

    @Test func aCodeIsShownUntilEscAndThenForgotten() throws {
        var driver = ScreenDriver(SurfacesScreen())
        #expect(driver.answer(.listed([Self.surface])) == [.pairings(surfaceID: Self.surface.id)])
        driver.answer(.pairings(surfaceID: Self.surface.id, []))
        #expect(driver.press(.char("c")) == [.mint(surfaceID: Self.surface.id)])
        driver.answer(.minted(Self.code))
        let now = try #require(Self.code.expiresAt.date).addingTimeInterval(-300)
        let text = driver.painted(width: 120, height: 24, now: now)
        #expect(text.contains("Pairing code: Qm7xT2vL9aZ"))
        #expect(text.contains("Send /pair Qm7xT2vL9aZ to the bot in a direct chat."))
        #expect(text.contains("It expires in 5 min 0 s."))
        driver.press(KeyPress(.escape))
        #expect(driver.screen.code == nil && !driver.closed)
        #expect(!driver.painted(width: 120, height: 24, now: now).contains("Qm7xT2vL9aZ"))
        driver.press(KeyPress(.escape))
        #expect(driver.closed)
    }

    @Test func revokeAsksThenDeleteOnlyARevokedPairing() {
        var driver = ScreenDriver(SurfacesScreen())
        driver.answer(.listed([Self.surface]), .pairings(surfaceID: Self.surface.id, [Self.active]))
        driver.press(.char("r"))
        #expect(driver.screen.message.hasPrefix("Tab to the pairings"))
        driver.press(KeyPress(.tab))
        driver.press(.char("x"))
        #expect(driver.screen.message == "Revoke it first (r), then delete it.")
        driver.press(.char("r"))
        #expect(driver.painted(width: 120, height: 24).contains(SurfaceWords.revokeQuestion))
        #expect(driver.press(.char("y")) == [.revoke(pairingID: Self.active.id)])
        var revoked = Self.active
        revoked.revokedAt = "2026-09-21T10:00:00Z"
        #expect(driver.answer(.revoked(revoked)) == [.list])
        driver.answer(.pairings(surfaceID: Self.surface.id, [revoked]))
        #expect(driver.screen.focus == .pairings)  // still on the pairings after the answer
        driver.press(.char("x"))
        #expect(driver.press(.char("y")) == [.delete(pairingID: Self.active.id, surfaceID: Self.surface.id)])
    }

    @Test func aServerWithoutSurfacesIsOneLine() {
        var driver = ScreenDriver(SurfacesScreen())
        driver.answer(.unavailable)
        #expect(driver.painted(width: 80, height: 24).contains("This server does not offer messaging surfaces."))
    }
}
