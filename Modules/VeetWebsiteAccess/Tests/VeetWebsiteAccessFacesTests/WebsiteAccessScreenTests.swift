import Foundation
import Testing
import VeetCurses
import VeetTransport
import VeetWebsiteAccess
import VeetWebsiteAccessScreens

/// The Website Access screen as a value: keys and answers in; state, effects, routes and painted text out.
@Suite struct WebsiteAccessScreenTests {
    static func profile(_ id: String = "bp1", status: String = "ready") -> BrowserProfile {
        let json = """
            {"id":"\(id)","allowed_origins":["https://www.example.com"],"status":"\(status)","generation":1,
             "created_at":"2026-11-20T04:33:35Z","updated_at":"2026-11-30T04:33:35Z","last_used_at":null}
            """
        // Written here: a decoding failure is a broken test, shown at once.
        return try! WireJSON.decoder().decode(BrowserProfile.self, from: Data(json.utf8))
    }

    static func loaded(device: Bool, _ profiles: [BrowserProfile] = [profile()]) -> ScreenDriver<WebsiteAccessScreen> {
        var driver = ScreenDriver(WebsiteAccessScreen(signsInOnDevice: device))
        driver.answer(.loaded(WebsiteAccessOverview(rows: profiles.map { .init(profile: $0, isChosen: false) })))
        return driver
    }

    static func isAddOnDevice(_ effects: [WebsiteAccessScreenEffect]) -> Int? {
        if case .addOnDevice(_, let attempt)? = effects.first { return attempt }
        return nil
    }

    @Test func withoutADisplayTheFooterAndTheKeysAreTheRemoteOnes() {
        var driver = Self.loaded(device: false)
        #expect(driver.screen.keyHints(width: 200, now: Date()) == " ↑↓ choose  u use for new chats  s sign in again  a add  "
            + "c copy the link  g refresh  r revoke  x delete (after revoke)  Esc close")
        driver.press(.char("a"))
        driver.type("www.example.org/login")
        let effects = driver.press(KeyPress(.enter))
        guard case .add(let address)? = effects.first else { Issue.record("\(effects)"); return }
        #expect(address.loginURL.hasPrefix("https://www.example.org"))
        #expect(driver.screen.message == "Adding https://www.example.org...")
        #expect(driver.press(.char("S")).isEmpty)
    }

    @Test func anAddressIsCheckedBeforeAnythingIsSent() {
        var driver = Self.loaded(device: true)
        driver.press(.char("a"))
        #expect(driver.painted().contains("Website address:"))
        driver.type("http://www.example.org")
        #expect(driver.press(KeyPress(.enter)).isEmpty)
        #expect(driver.screen.message.hasPrefix("Not added: Only https:// websites"))
    }

    @Test func addingSignsInOnThisDeviceAndWaitsForTheOwner() throws {
        var driver = Self.loaded(device: true)
        #expect(driver.screen.keyHints(width: 200, now: Date()).contains("a add on this device  A add remotely"))
        driver.press(.char("a"))
        driver.send(.paste("www.example.org\n"))
        let attempt = try #require(Self.isAddOnDevice(driver.press(KeyPress(.enter))))
        #expect(driver.screen.message == "Opening a private Chromium window on the website...")
        #expect(driver.screen.keyHints(width: 80, now: Date()) == " Esc cancel")
        // Keys other than the window's wait: nothing is revoked or closed meanwhile.
        driver.answer(.windowOpen(attempt: attempt))
        #expect(driver.press(.char("r"), .char("x"), .char("q")).isEmpty)
        #expect(!driver.closed)
        let painted = driver.painted(width: 120, height: 24)
        #expect(painted.contains("A private Chromium window is open on the website"))
        #expect(painted.contains("Enter I'm signed in  Esc cancel"))
        guard case .answer(attempt, .signedIn)? = driver.press(KeyPress(.enter)).first else {
            Issue.record("Enter did not confirm"); return
        }
        #expect(driver.screen.message.hasPrefix("Reading the window, wiping it"))
        driver.answer(.deviceEnded(attempt: attempt, words: ["Signed in. The profile can now be used."], offer: nil))
        #expect(driver.screen.device == nil)
        #expect(driver.painted(width: 120).contains("Signed in. The profile can now be used."))
        #expect(driver.screen.link == nil)
    }

    @Test func escCancelsTheWindowAndLeavesTheScreenOpen() throws {
        var driver = Self.loaded(device: true)
        let effects = driver.press(.char("s"))
        guard case .signInOnDevice(let profile, let attempt)? = effects.first else { Issue.record("\(effects)"); return }
        #expect(profile.id == "bp1")
        driver.answer(.windowOpen(attempt: attempt))
        guard case .answer(attempt, .cancel)? = driver.press(KeyPress(.escape)).first else {
            Issue.record("Esc did not cancel"); return
        }
        #expect(!driver.closed)
        // An answer for an earlier attempt changes nothing.
        driver.answer(.deviceEnded(attempt: attempt + 7, words: ["stale"], offer: nil))
        #expect(driver.screen.device != nil)
        driver.answer(.deviceEnded(attempt: attempt, words: [DeviceSignInOutcome.cancelledByOwner.description], offer: nil))
        #expect(driver.screen.message == "Cancelled; the browser window's data was wiped and nothing was sent.")
    }

    @Test func aRefusedHandOffOffersTheRemoteCeremonyInOneKey() throws {
        var driver = Self.loaded(device: true)
        let attempt = try #require({ () -> Int? in
            if case .signInOnDevice(_, let attempt)? = driver.press(.char("s")).first { return attempt }
            return nil
        }())
        let setup = DeviceSetup(profile: Self.profile(), outcome: .notSent(.empty), undo: nil, isNew: true)
        let offer = RemoteOffer(setup: setup, loginURL: "https://www.example.com/")
        driver.answer(.deviceEnded(attempt: attempt, words: WebsiteAccessWords.ended(setup), offer: offer))
        #expect(driver.screen.message.hasSuffix(WebsiteAccessWords.offer))
        #expect(driver.screen.keyHints(width: 80, now: Date()) == " b remote browser  n no, stop")
        #expect(driver.press(.char("u")).isEmpty)
        guard case .remoteInstead(setup, "https://www.example.com/")? = driver.press(.char("b")).first else {
            Issue.record("b did not take the offer"); return
        }
        // Declined instead: the half-made profile is rolled back.
        var declining = Self.loaded(device: true)
        declining.press(.char("s"))
        declining.answer(.deviceEnded(attempt: 1, words: ["refused"], offer: offer))
        guard case .rollBack(setup)? = declining.press(.char("n")).first else { Issue.record("n did not decline"); return }
    }

    @Test func withoutABrowserAfterAllTheRemoteCeremonyTakesOver() {
        var driver = Self.loaded(device: true)
        driver.press(.char("s"))
        let effects = driver.answer(.deviceUnavailable(attempt: 1, reason: "Chromium is not installed."))
        guard case .signInAgain(let profile)? = effects.first else { Issue.record("\(effects)"); return }
        #expect(profile.id == "bp1")
        #expect(driver.screen.message == "Chromium is not installed. Signing in through the remote browser instead.")
        #expect(!driver.screen.signsInOnDevice)
    }

    @Test func escClosesAndStopsThePollsAndCopyIsARoute() {
        var driver = Self.loaded(device: false)
        driver.answer(.link("https://browser.example/launch#secret"))
        driver.press(.char("c"))
        #expect(driver.routes == [.copy("https://browser.example/launch#secret", what: "the sign-in link")])
        let effects = driver.press(KeyPress(.escape))
        guard case .stopFollowing? = effects.first else { Issue.record("\(effects)"); return }
        #expect(driver.closed)
    }

    @Test func eachHandOffAnswerIsWordedAndTheRefusalsTheRemoteMayOvercomeOfferIt() {
        let ceremony = try! WireJSON.decoder().decode(Ceremony.self, from: Data("""
            {"id":"c1","profile_id":"bp1","status":"authentication_required","mode":"device",
             "created_at":"2026-11-20T04:33:35Z","updated_at":"2026-11-20T04:33:35Z","expires_at":"2026-11-20T04:38:35Z"}
            """.utf8))
        let answers: [HandOffAnswer] = [.capabilityRefused, .tooLarge, .malformed, .sessionEmpty, .sessionSignedOut,
                                        .sessionUnconfirmed, .providerUnavailable, .profileUnavailable, .noAnswer,
                                        .unexpected(status: 418, code: nil)]
        for answer in answers {
            let setup = DeviceSetup(profile: Self.profile(), outcome: .answered(answer, ceremony: ceremony, leftOut: .init()),
                                    undo: nil, isNew: false)
            let words = WebsiteAccessWords.ended(setup)
            #expect(words.first == "\(answer.description) The sign-in is authentication_required.")
            #expect(words.contains(WebsiteAccessWords.offer) == answer.offersRemote, "\(answer)")
        }
        #expect(WebsiteAccessWords.undone(.removedProfile(RollbackReport(cancelledCeremony: true, revoked: true, deleted: true)))
                == "The half-made profile was removed, nothing was kept.")
    }

    static func grant(_ id: String, session: String) -> TaskGrant {
        TaskGrant(id: id, sessionID: session, profileID: "bp1", origin: "https://www.example.com", pathPrefix: "/lesson",
                  actionKinds: ["click"], status: .active, maxActions: 50, actionsUsed: 3, maxTypedCharacters: 500,
                  typedCharacters: 0, createdAt: Timestamp(Date().ISO8601Format()),
                  expiresAt: Timestamp(Date().addingTimeInterval(1800).ISO8601Format()))
    }

    @Test func theTaskPermissionsRowCountsEveryConversationAndStopsAnyOne() {
        var driver = Self.loaded(device: false)
        #expect(driver.press(.char("t")).isEmpty)
        #expect(!driver.painted().contains("Task permissions"))
        driver.answer(.taskGrants([Self.grant("tg1", session: "s1"), Self.grant("tg2", session: "s2")]))
        #expect(driver.painted(width: 120).contains("Task permissions: 2 active across every conversation"))
        #expect(driver.screen.keyHints(width: 200, now: Date()).hasPrefix(" ↑↓ choose  t stop a task permission  u use"))
        driver.press(.char("t"), KeyPress(.down))
        #expect(driver.screen.keyHints(width: 80, now: Date()) == " ↑↓ choose  Enter stop it now  Esc keep them all")
        #expect(driver.painted(width: 120).contains(" ▸ Allowed on www.example.com/lesson · 3 of 50"))
        guard case .stopTaskGrant(id: "tg2")? = driver.press(KeyPress(.enter)).first else {
            Issue.record("Enter did not stop the second"); return
        }
        #expect(driver.screen.stoppingGrant == nil)
        // Esc keeps them all, and Esc again closes the screen.
        driver.press(.char("t"), KeyPress(.escape))
        #expect(!driver.closed && driver.screen.stoppingGrant == nil)
    }
}
