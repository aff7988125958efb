import Foundation
import Testing
import VeetTransport
import VeetWebsiteAccess

private let created = Date(timeIntervalSince1970: 1_790_000_000)

private func grant(used: Int, status: TaskGrantStatus = .active) -> TaskGrant {
    TaskGrant(id: "g", origin: "https://www.example.org", pathPrefix: "/lesson", status: status,
              actionsUsed: used, expiresAt: "2026-09-21T14:13:20Z")
}

private let expiry = Timestamp("2026-09-21T14:13:20Z").date!

@Test func remainingActionsAndMinutes() {
    let g = grant(used: 23)
    let now = expiry.addingTimeInterval(-18 * 60 + 30)
    #expect(g.remainingActions == 177)
    #expect(g.remainingMinutes(now: now) == 18)
    #expect(g.bannerText(now: now) == "Allowed on www.example.org/lesson · 23 of 200 · 18 min left")
}

@Test func lastSecondsStillShowOneMinute() {
    #expect(grant(used: 0).remainingMinutes(now: expiry.addingTimeInterval(-5)) == 1)
}

@Test func pastExpiryReadsExpiredBeforeTheServerSaysSo() {
    let g = grant(used: 3)
    #expect(g.effectiveStatus(now: expiry.addingTimeInterval(1)) == .expired)
    #expect(g.remainingTime(now: expiry.addingTimeInterval(60)) == 0)
    #expect(!g.isActive(now: expiry.addingTimeInterval(1)))
    #expect(g.isActive(now: expiry.addingTimeInterval(-1)))
}

@Test func usedUpGrantIsExhaustedAndNeverNegative() {
    let g = grant(used: 205)
    #expect(g.remainingActions == 0)
    #expect(g.effectiveStatus(now: expiry.addingTimeInterval(-600)) == .exhausted)
}

@Test func endedGrantKeepsTheServersStatus() {
    let g = grant(used: 1, status: .revoked)
    #expect(g.effectiveStatus(now: expiry.addingTimeInterval(-600)) == .revoked)
    #expect(g.bannerText(now: expiry.addingTimeInterval(-600)) == "Allowed on www.example.org/lesson · revoked")
}

@Test func unknownStatusesAreKept() throws {
    let json = #"{"id":"g","origin":"https://a.example","path_prefix":"/x","status":"paused","expires_at":"2026-09-21T14:13:20Z"}"#
    let decoded = try JSONDecoder().decode(TaskGrant.self, from: Data(json.utf8))
    #expect(decoded.status == .unknown("paused"))
    let profile = try JSONDecoder().decode(BrowserProfile.self, from: Data(#"{"id":"p","status":"frozen"}"#.utf8))
    #expect(profile.status == .unknown("frozen"))
    #expect(profile.status.rawValue == "frozen")
}

@Test(arguments: [("https://www.example.org", "/lesson", true), ("https://www.example.org", "/a/b", false),
                  ("https://www.example.org", "/lesson/", false), ("https://www.example.org", "/", false),
                  ("http://www.example.org", "/lesson", false)])
func taskScopeValidation(origin: String, prefix: String, accepted: Bool) {
    #expect(((try? TaskScope.validated(origin: origin, pathPrefix: prefix)) != nil) == accepted)
}
