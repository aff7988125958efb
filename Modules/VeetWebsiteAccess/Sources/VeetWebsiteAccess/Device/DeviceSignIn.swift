import Foundation
import VeetTransport

/// "Sign in on this device" (docs/wire/website-access.md §5): the owner signs in to the
/// website in a private browser window on this machine; when they confirm,
/// the window's cookies and localStorage are read once, the window is closed
/// and wiped, and the session is handed straight to the service's hand-off
/// address; the ceremony's status, read after, decides. Holds no state.
public struct DeviceSignIn: Sendable {
    public let driver: CeremonyDriver
    let outside: OutsideSender
    let allowingLoopbackHTTP: Bool

    /// The hand-off waits at most this long for its answer, and is never retried.
    public static let timeout: TimeInterval = 75

    /// - Parameters:
    ///   - outside: sends the hand-off; apps pass `.live(client:timeout: DeviceSignIn.timeout)`.
    ///   - allowingLoopbackHTTPForTests: accept the reference server's
    ///     `http://127.0.0.1` hand-off address. For tests only.
    public init(driver: CeremonyDriver, outside: OutsideSender, allowingLoopbackHTTPForTests: Bool = false) {
        self.driver = driver
        self.outside = outside
        self.allowingLoopbackHTTP = allowingLoopbackHTTPForTests
    }

    /// The owner's answer while the window is open.
    public enum OwnerAnswer: Sendable, Hashable {
        case signedIn, cancel
    }

    /// Opens a window on `loginURL` limited to the profile's origins, waits
    /// for the owner, then hands over (`handOff`). The window is closed and
    /// wiped on every path: confirmed, cancelled, or failed.
    public func signIn(profile: BrowserProfile, loginURL: String, browser: any SignInBrowser,
                       waitForOwner: @Sendable () async -> OwnerAnswer) async throws -> DeviceSignInOutcome {
        let window = try await browser.open(loginURL: loginURL, allowedOrigins: profile.allowedOrigins)
        guard await waitForOwner() == .signedIn, !Task.isCancelled else {
            await window.close()
            return .cancelledByOwner
        }
        return try await handOff(profile: profile, window: window)
    }

    /// Reads the window, closes and wipes it, checks the body against every
    /// limit, and only then begins a device ceremony on the confirmed page's
    /// origin and posts the body once to its hand-off address. Every answer,
    /// and no answer, is followed by a read of the ceremony's status.
    public func handOff(profile: BrowserProfile, window: any SignInWindow) async throws -> DeviceSignInOutcome {
        let capture: BrowserCapture
        do {
            capture = try await window.capture()
        } catch {
            await window.close()
            throw error
        }
        await window.close()
        let body: HandOffBody
        do {
            body = try HandOffBody.make(from: capture, allowedOrigins: profile.allowedOrigins)
        } catch {
            return .notSent(error)
        }
        let started = try await driver.begin(profileID: profile.id, loginURL: body.loginURL, mode: .device)
        let address: HandOffAddress
        do {
            address = try HandOffAddress(launchURL: started.link.revealForTerminal(),
                                         allowingLoopbackHTTP: allowingLoopbackHTTP)
        } catch {
            _ = try? await driver.api.cancelCeremony(id: started.ceremony.id)
            throw error
        }
        let answer = await post(body, to: address)
        let ceremony = try? await driver.api.ceremony(id: started.ceremony.id)
        return .answered(answer, ceremony: ceremony, leftOut: body.leftOut)
    }

    /// One POST with the capability header, nothing else of the owner's.
    func post(_ body: HandOffBody, to address: HandOffAddress) async -> HandOffAnswer {
        var request = HTTPRequest(method: "POST", path: "", body: body.json)
        request.setHeader("X-Browser-Ceremony-Capability", address.capability)
        request.setHeader("Content-Type", "application/json")
        do {
            return HandOffAnswer(try await outside.send(request, to: address.endpoint))
        } catch {
            return .noAnswer
        }
    }
}
