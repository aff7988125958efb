import Foundation
import Testing
import VeetTransport
import VeetWebsiteAccess

private func iso(_ date: Date) -> String {
    var style = Date.ISO8601FormatStyle()
    style.timeZone = TimeZone(identifier: "UTC")!
    return date.formatted(style)
}

@Suite struct OverviewTests {
    @Test func openingWebsiteAccessReadsTheLiveSignInOfEveryProfileNotReady() async throws {
        let h = try WebsiteHarness()
        let ready = try await h.readyProfile("https://www.example.com")
        let waiting = try await h.driver.addWebsite(try WebsiteAddress(typed: "https://learn.example.org/login"))
        h.server.driveCeremony(waiting.started.ceremony.id, to: "needs_user")
        let gone = try await h.driver.addWebsite(try WebsiteAddress(typed: "https://old.example.net"))
        _ = try await h.api.revokeProfile(id: gone.profile.id)
        h.server.clearRecordedRequests()

        let overview = try await WebsiteAccessOverview.load(api: h.api, chosenProfileID: ready.id)
        #expect(overview.rows.map(\.profile.id) == [ready.id, waiting.profile.id, gone.profile.id])
        #expect(overview.rows[0].isChosen && !overview.rows[0].canBeChosen && overview.rows[0].openCeremony == nil)
        #expect(overview.rows[1].openCeremony?.status == .needsUser)
        #expect(overview.rows[1].statusLine == CeremonyStatus.needsUser.nextStep)
        #expect(overview.rows[2].openCeremony == nil && !overview.rows[2].canSignIn)
        // Only the profile that is neither ready nor revoked had its ceremonies read.
        let ceremonyReads = h.server.recordedRequests.filter { $0.path.hasSuffix("/authentication-ceremonies") }
        #expect(ceremonyReads.count == 1)
    }

    @Test func switchingConnectionsCancelsLiveSignIns() async throws {
        let h = try WebsiteHarness()
        let setup = try await h.driver.addWebsite(try WebsiteAddress(typed: "https://www.example.com"))
        let failed = await h.driver.cancelBeforeSwitching([setup.started.ceremony])
        #expect(failed.isEmpty)
        #expect(h.server.ceremonyStatus(setup.started.ceremony.id) == "cancelled")
    }

    @Test func theComposerLineShowsTheNewestActiveGrantOfTheConversation() {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        func grant(_ id: String, session: String, created: TimeInterval, expires: TimeInterval,
                   status: TaskGrantStatus = .active) -> TaskGrant {
            TaskGrant(id: id, sessionID: session, origin: "https://www.example.org", pathPrefix: "/lesson",
                      status: status, createdAt: Timestamp(iso(now.addingTimeInterval(created))),
                      expiresAt: Timestamp(iso(now.addingTimeInterval(expires))))
        }
        let grants = [grant("old", session: "s", created: -1700, expires: 100),
                      grant("new", session: "s", created: -60, expires: 1740),
                      grant("stopped", session: "s", created: -10, expires: 1790, status: .revoked),
                      grant("other", session: "t", created: -5, expires: 1795)]
        #expect(TaskGrant.current(among: grants, sessionID: "s", now: now)?.id == "new")
        #expect(TaskGrant.current(among: grants, sessionID: "s", now: now.addingTimeInterval(1800)) == nil)
        #expect(TaskGrant.current(among: grants, sessionID: "u", now: now) == nil)
    }
}
