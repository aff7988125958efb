import Foundation
import VeetCurses
import VeetWebsiteAccess

/// The work the Website Access screen asks for.
public enum WebsiteAccessScreenEffect: Sendable {
    case load
    /// The remote ceremony: creates the profile and begins its sign-in (a half-made one is rolled back).
    case add(WebsiteAddress)
    case signInAgain(BrowserProfile)
    /// Reads an open sign-in's status on the feature's bounded poll while the screen is open.
    case follow(ceremonyID: String)
    /// The screen closes: the polls stop.
    case stopFollowing
    case choose(BrowserProfile)
    case revoke(id: String)
    case delete(id: String)
    /// "Sign in on this device": a private browser window; `attempt` names the owner's answer for it.
    case addOnDevice(WebsiteAddress, attempt: Int)
    case signInOnDevice(BrowserProfile, attempt: Int)
    /// The owner's answer while the window of `attempt` is open (Enter: signed in; Esc: cancel).
    case answer(attempt: Int, DeviceSignIn.OwnerAnswer)
    /// The refused device sign-in's offer taken: the remote ceremony on the same profile.
    case remoteInstead(DeviceSetup, loginURL: String)
    /// The offer declined: a new website's profile is rolled back.
    case rollBack(DeviceSetup)
    /// Stops a task permission now, whichever conversation holds it.
    case stopTaskGrant(id: String)
}

/// What the Website Access screen's work reports. No answer carries a
/// value of the website's session: only the single-use link of a remote
/// sign-in, which the screen shows and never keeps past it.
public enum WebsiteAccessScreenResult: Sendable {
    case loaded(WebsiteAccessOverview)
    /// The task permissions active now across every conversation, newest first (none when the server offers none).
    case taskGrants([TaskGrant])
    /// "Continue in web browser": the single-use link of the remote sign-in just begun.
    case link(String)
    case ceremony(Ceremony)
    case message(String)
    /// The browser window of `attempt` is open: the owner signs in there, then answers here.
    case windowOpen(attempt: Int)
    /// The device sign-in of `attempt` ended: its words, and the setup when the remote ceremony is offered.
    case deviceEnded(attempt: Int, words: [String], offer: RemoteOffer?)
    /// No device sign-in here after all (no display, no Chromium): the remote ceremony instead.
    case deviceUnavailable(attempt: Int, reason: String)
}

/// A device sign-in refused for what the browser held: the remote ceremony may still work.
public struct RemoteOffer: Sendable, Hashable {
    public var setup: DeviceSetup
    public var loginURL: String

    public init(setup: DeviceSetup, loginURL: String) {
        self.setup = setup
        self.loginURL = loginURL
    }
}

/// Does the Website Access screen's work through `WebsiteAccessAPI`, the
/// connection's chosen-profile preference and, for "Sign in on this device",
/// `DeviceSignIn` with a browser the app hands in. `describe` words an error
/// the feature has no words of its own for.
public struct WebsiteAccessScreenWork: ScreenEffects {
    public typealias Screen = WebsiteAccessScreen

    let api: WebsiteAccessAPI
    let chosen: ChosenProfile?
    let device: DeviceSignIn?
    let browser: @Sendable () throws -> any SignInBrowser
    let describe: @Sendable (any Error) -> String
    let owner = OwnerAnswers()
    let polls = Polls()
    let pollInterval: Duration

    /// - Parameters:
    ///   - device: the device flow (nil: none here); apps pass
    ///     `DeviceSignIn(driver:outside: .live(client:timeout: DeviceSignIn.timeout))`.
    ///   - browser: the sign-in browser, made when a device sign-in starts (it may throw: no display, no Chromium).
    public init(api: WebsiteAccessAPI, chosen: ChosenProfile?, device: DeviceSignIn? = nil,
                browser: @escaping @Sendable () throws -> any SignInBrowser = { throw NoSignInBrowser() },
                pollInterval: Duration = .seconds(2), describe: @escaping @Sendable (any Error) -> String = { "\($0)" }) {
        self.api = api
        self.chosen = chosen
        self.device = device
        self.browser = browser
        self.pollInterval = pollInterval
        self.describe = describe
    }

    public func run(_ effect: WebsiteAccessScreenEffect, report: @escaping @Sendable (WebsiteAccessScreenResult) -> Void) async {
        switch effect {
        case .load: await load(report)
        case .add(let address):
            do {
                let setup = try await CeremonyDriver(api: api).addWebsite(address)
                started(setup.started, report)
            } catch {
                report(.message("Not added: \(describe(error))"))
            }
            await load(report)
        case .signInAgain(let profile):
            do {
                started(try await CeremonyDriver(api: api).signInAgain(profile: profile), report)
            } catch {
                report(.message("Could not begin the sign-in: \(describe(error))"))
            }
            await load(report)
        case .follow(let id):
            await follow(id, report)
        case .stopFollowing:
            await polls.stopAll()
            await owner.cancelAll()
        case .choose(let profile):
            do {
                guard let chosen else { throw NoPreference() }
                try chosen.choose(profile)
                report(.message("New conversations will use \(profile.displayName)."))
            } catch {
                report(.message("\(error)"))
            }
            await load(report)
        case .revoke(let id):
            await action(done: "Revoked", report) { _ = try await $0.revokeProfile(id: id) }
        case .delete(let id):
            await action(done: "Deleted", report) { try await $0.deleteRevokedProfile(id: id) }
        case .addOnDevice(let address, let attempt):
            await onDevice(attempt, loginURL: address.loginURL, report) { flow, browser, wait in
                try await flow.addWebsite(address, browser: browser, waitForOwner: wait)
            }
        case .signInOnDevice(let profile, let attempt):
            await onDevice(attempt, loginURL: (profile.allowedOrigins.first ?? "") + "/", report) { flow, browser, wait in
                try await flow.signInAgain(profile: profile, browser: browser, waitForOwner: wait)
            }
        case .answer(let attempt, let answer):
            await owner.give(answer, to: attempt)
        case .remoteInstead(let setup, let loginURL):
            guard let device else { return }
            do {
                let (started, _) = try await device.remoteInstead(setup, loginURL: loginURL)
                self.started(started, report)
            } catch {
                report(.message("Could not begin the sign-in: \(describe(error))"))
            }
            await load(report)
        case .stopTaskGrant(let id):
            do {
                _ = try await api.stopTaskGrant(id: id)
                report(.message("Task permission stopped"))
            } catch {
                report(.message("Could not stop the task permission: \(describe(error))"))
            }
            await load(report)
        case .rollBack(let setup):
            guard let device else { return }
            report(.message(WebsiteAccessWords.undone(await device.rollBack(setup)) ?? "Stopped."))
            await load(report)
        }
    }

    private func load(_ report: @escaping @Sendable (WebsiteAccessScreenResult) -> Void) async {
        do {
            let chosenID = try? chosen?.profileID()
            report(.loaded(try await WebsiteAccessOverview.load(api: api, chosenProfileID: chosenID)))
        } catch {
            report(.message("Could not read the websites: \(describe(error))"))
            return
        }
        // Account-wide: a server without task permissions (or a failed read) shows no row.
        if let grants = try? await api.taskGrantsPage(limit: 200).items {
            let now = Date()
            report(.taskGrants(grants.filter { $0.isActive(now: now) }
                .sorted { $0.createdAt != $1.createdAt ? $0.createdAt > $1.createdAt : $0.id > $1.id }))
        }
    }

    private func started(_ started: StartedCeremony, _ report: @escaping @Sendable (WebsiteAccessScreenResult) -> Void) {
        report(.link(started.link.revealForTerminal()))
        report(.message(started.ceremony.status.nextStep))
        report(.ceremony(started.ceremony))
    }

    /// The feature's bounded poll (every `pollInterval`, at most 160 reads: past the link's five minutes);
    /// each change is reported, and the profiles are read again when it ends.
    private func follow(_ id: String, _ report: @escaping @Sendable (WebsiteAccessScreenResult) -> Void) async {
        let driver = CeremonyDriver(api: api)
        let interval = pollInterval
        let task = Task {
            let last = try? await driver.waitForOutcome(ceremonyID: id, interval: interval, onChange: { report(.ceremony($0)) })
            guard !Task.isCancelled else { return }
            if last?.status.isTerminal == true { await load(report) }
        }
        guard await polls.add(id, task) else { task.cancel(); return }
        await task.value
        await polls.remove(id)
    }

    private func action(done: String, _ report: @escaping @Sendable (WebsiteAccessScreenResult) -> Void,
                        _ action: @Sendable (WebsiteAccessAPI) async throws -> Void) async {
        do {
            try await action(api)
            report(.message(done))
        } catch ProfileDeletionError.notRevoked {
            report(.message("Revoke it first (r), then delete it."))
        } catch {
            report(.message("\(describe(error))"))
        }
        await load(report)
    }

    /// Opens the window, waits for the owner's answer (`answer`), hands over; every ending is worded.
    private func onDevice(_ attempt: Int, loginURL: String, _ report: @escaping @Sendable (WebsiteAccessScreenResult) -> Void,
                          _ flow: (DeviceSignIn, any SignInBrowser, @Sendable () async -> DeviceSignIn.OwnerAnswer) async throws -> DeviceSetup)
        async {
        let signInBrowser: any SignInBrowser
        do {
            guard let device else { throw NoSignInBrowser() }
            signInBrowser = try browser()
            let owner = self.owner
            let setup = try await flow(device, signInBrowser) {
                report(.windowOpen(attempt: attempt))
                return await owner.answer(for: attempt)
            }
            let offer = setup.offersRemote ? RemoteOffer(setup: setup, loginURL: loginURL) : nil
            report(.deviceEnded(attempt: attempt, words: WebsiteAccessWords.ended(setup), offer: offer))
        } catch let unavailable as NoSignInBrowser {
            report(.deviceUnavailable(attempt: attempt, reason: unavailable.description))
            return
        } catch let unavailable as DeviceUnavailable {
            report(.deviceUnavailable(attempt: attempt, reason: unavailable.reason))
            return
        } catch {
            report(.deviceEnded(attempt: attempt, words: ["The sign-in on this device failed: \(describe(error))"], offer: nil))
        }
        await load(report)
    }
}

/// No sign-in browser here (none handed in, or the one handed in found no display or no Chromium).
public struct NoSignInBrowser: Error, CustomStringConvertible {
    public init() {}

    public var description: String { "Signing in on this device needs a display and Chromium." }
}

/// The browser handed in cannot open here (its own sentence: no display, no Chromium); apps throw it from `browser`.
public struct DeviceUnavailable: Error, CustomStringConvertible {
    public var reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}

/// The screen was opened without the connection's preferences.
struct NoPreference: Error, CustomStringConvertible {
    var description: String { "This connection keeps no preferences here." }
}

/// The owner's answer for each open window, given by a key on the screen.
actor OwnerAnswers {
    private var given: [Int: DeviceSignIn.OwnerAnswer] = [:]
    private var waiting: [Int: CheckedContinuation<DeviceSignIn.OwnerAnswer, Never>] = [:]
    private var closed = false

    func answer(for attempt: Int) async -> DeviceSignIn.OwnerAnswer {
        if closed { return .cancel }
        if let answer = given.removeValue(forKey: attempt) { return answer }
        return await withCheckedContinuation { waiting[attempt] = $0 }
    }

    func give(_ answer: DeviceSignIn.OwnerAnswer, to attempt: Int) {
        if let continuation = waiting.removeValue(forKey: attempt) {
            continuation.resume(returning: answer)
        } else {
            given[attempt] = answer
        }
    }

    /// The screen closed: every open window is cancelled (and wiped by the flow).
    func cancelAll() {
        closed = true
        for continuation in waiting.values { continuation.resume(returning: .cancel) }
        waiting = [:]
    }
}

/// The open sign-ins followed, by ceremony id (one poll each).
actor Polls {
    private var tasks: [String: Task<Void, Never>] = [:]

    func add(_ id: String, _ task: Task<Void, Never>) -> Bool {
        guard tasks[id] == nil else { return false }
        tasks[id] = task
        return true
    }

    func remove(_ id: String) { tasks[id] = nil }

    func stopAll() {
        for task in tasks.values { task.cancel() }
        tasks = [:]
    }
}
