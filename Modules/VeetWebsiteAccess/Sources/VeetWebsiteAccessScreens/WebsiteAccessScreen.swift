import Foundation
import VeetCurses
import VeetWebsiteAccess

/// The Website Access screen (F3): the browser profiles with their status
/// (the feature's `WebsiteAccessOverview`), add one by address, sign in
/// again, choose the one new conversations use, revoke, delete.
///
/// A sign-in happens on this device when the shell says it can (a display
/// and Chromium, `signsInOnDevice`): a private browser window opens on the
/// website, the screen waits (Enter once signed in, Esc to cancel: the
/// terminal stays this program's meanwhile), then the window's session is
/// handed to the service once and the window wiped; no value of it reaches
/// this value. Otherwise, or with `A`/`S`, or when a refused hand-off's offer
/// is taken (`b`), the server's remote ceremony: its single-use link is shown
/// here, in memory only, for the owner to open in a web browser.
public struct WebsiteAccessScreen: FeatureScreen {
    public typealias Route = WebsiteAccessRoute

    /// Where a sign-in on this device stands.
    public enum DeviceStage: Sendable, Hashable {
        /// The window is opening.
        case opening
        /// The window is open: the owner signs in there, then presses Enter here.
        case waiting
        /// Confirmed: the window is read, wiped, and its session handed over.
        case handingOver
        /// Cancelled: the window is being closed and wiped.
        case cancelling
    }

    /// What a device sign-in was started for (the remote ceremony takes it over when no browser can open).
    public enum DeviceTask: Sendable, Hashable {
        case add(WebsiteAddress)
        case again(BrowserProfile)
    }

    public var overview: WebsiteAccessOverview?
    public var selected = 0
    /// "Continue in web browser": the single-use sign-in link of the remote ceremony just begun.
    public var link: String?
    public var message = "Loading..."
    /// Whether a sign-in may use a browser window on this device (decided by the shell when it mounts the screen).
    public var signsInOnDevice: Bool
    /// `a` (or `A`): the address being typed, and whether it is for the remote ceremony.
    public var address: (input: TextInput, remote: Bool)?
    /// The sign-in on this device under way, its attempt number and what it is for.
    public var device: (stage: DeviceStage, attempt: Int, task: DeviceTask)?
    /// A refused device sign-in: `b` takes the remote ceremony, `n` declines.
    public var remoteOffer: RemoteOffer?
    /// The task permissions active across every conversation (nil: not read, or not offered).
    public var taskGrants: [TaskGrant]?
    /// `t`: choosing which task permission to stop (the index in `taskGrants`).
    public var stoppingGrant: Int?
    var attempts = 0

    public init(signsInOnDevice: Bool = false) {
        self.signsInOnDevice = signsInOnDevice
    }

    /// Which profile new conversations use (`*` marks its row).
    public var chosenLine: String {
        guard let overview else { return "" }
        return overview.rows.first(where: \.isChosen).map { "new conversations use \($0.profile.displayName)" }
            ?? "new conversations use no website profile"
    }

    public var selectedRow: WebsiteAccessOverview.Row? {
        guard let rows = overview?.rows, rows.indices.contains(selected) else { return nil }
        return rows[selected]
    }

    public var openingEffects: [WebsiteAccessScreenEffect] { [.load] }

    // MARK: Keys and answers

    public mutating func update(_ event: ScreenEvent<WebsiteAccessScreenResult>)
        -> ScreenStep<WebsiteAccessScreenEffect, WebsiteAccessRoute> {
        switch event {
        case .key(let key):
            if address != nil { return type(.key(key)) }
            if device != nil { return answerWindow(key) }
            if remoteOffer != nil { return answerOffer(key) }
            if stoppingGrant != nil { return chooseGrant(key) }
            return handle(key)
        case .paste(let text):
            guard address != nil else { return .ignored }
            return type(.paste(text.replacingOccurrences(of: "\n", with: "")))
        case .result(let result):
            return apply(result)
        }
    }

    private mutating func handle(_ key: KeyPress) -> ScreenStep<WebsiteAccessScreenEffect, WebsiteAccessRoute> {
        let count = overview?.rows.count ?? 0
        switch key {
        case KeyPress(.escape):
            return ScreenStep(effects: [.stopFollowing], closes: true)
        case KeyPress(.up): selected = max(selected - 1, 0)
        case KeyPress(.down): selected = min(selected + 1, max(count - 1, 0))
        case .char("a"): address = (TextInput(), !signsInOnDevice)
        case .char("A") where signsInOnDevice: address = (TextInput(), true)
        case .char("t"):
            guard !(taskGrants ?? []).isEmpty else { return .ignored }
            stoppingGrant = 0
        case .char("c"):
            guard let link else { return .none }
            return ScreenStep(route: .copy(link, what: "the sign-in link"))
        case .char("g"):
            message = ""
            return .run(.load)
        case .char("S") where !signsInOnDevice: return .ignored
        case .char("s"), .char("S"):
            guard let row = selectedRow else { return .none }
            guard row.canSignIn else {
                message = "This profile cannot sign in again (\(row.profile.status.label))."
                return .none
            }
            link = nil
            if signsInOnDevice && key == .char("s") { return startOnDevice(.again(row.profile)) }
            message = "Beginning the sign-in..."
            return .run(.signInAgain(row.profile))
        case .char("u"), KeyPress(.enter):
            guard let row = selectedRow, !row.isChosen else { return .none }
            return .run(.choose(row.profile))
        case .char("r"):
            guard let row = selectedRow else { return .none }
            message = "Revoking..."
            return .run(.revoke(id: row.profile.id))
        case .char("x"), KeyPress(.delete):
            guard let row = selectedRow else { return .none }
            message = "Deleting..."
            return .run(.delete(id: row.profile.id))
        default: return .ignored
        }
        return .none
    }

    /// The address line: Enter checks it before anything is sent (a refusal says why, in one sentence); Esc leaves it.
    private mutating func type(_ event: InputEvent) -> ScreenStep<WebsiteAccessScreenEffect, WebsiteAccessRoute> {
        guard var typing = address else { return .ignored }
        if case .key(let key) = event, key == KeyPress(.escape) {
            address = nil
            return .none
        }
        guard typing.input.handle(event, policy: .chat) == .submit else {
            address = typing
            return .none
        }
        address = nil
        let typed = typing.input.text.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty else { return .none }
        do {
            let parsed = try WebsiteAddress(typed: typed)
            link = nil
            if !typing.remote { return startOnDevice(.add(parsed)) }
            message = "Adding \(parsed.origin)..."
            return .run(.add(parsed))
        } catch {
            message = "Not added: \(error)"
            return .none
        }
    }

    private mutating func startOnDevice(_ task: DeviceTask) -> ScreenStep<WebsiteAccessScreenEffect, WebsiteAccessRoute> {
        attempts += 1
        device = (.opening, attempts, task)
        remoteOffer = nil
        message = "Opening a private Chromium window on the website..."
        switch task {
        case .add(let address): return .run(.addOnDevice(address, attempt: attempts))
        case .again(let profile): return .run(.signInOnDevice(profile, attempt: attempts))
        }
    }

    /// While the window is open the terminal stays here: Enter once signed in, Esc (or c) to cancel; other keys wait.
    private mutating func answerWindow(_ key: KeyPress) -> ScreenStep<WebsiteAccessScreenEffect, WebsiteAccessRoute> {
        guard let current = device else { return .none }
        switch (current.stage, key) {
        case (.waiting, KeyPress(.enter)):
            device?.stage = .handingOver
            message = "Reading the window, wiping it, and handing the sign-in over..."
            return .run(.answer(attempt: current.attempt, .signedIn))
        case (.opening, KeyPress(.escape)), (.waiting, KeyPress(.escape)), (.opening, .char("c")), (.waiting, .char("c")):
            device?.stage = .cancelling
            message = "Cancelling: closing and wiping the window..."
            return .run(.answer(attempt: current.attempt, .cancel))
        default:
            return .none
        }
    }

    /// A refused hand-off: `b` signs in through the remote browser on the same profile, `n` (or Esc) stops.
    private mutating func answerOffer(_ key: KeyPress) -> ScreenStep<WebsiteAccessScreenEffect, WebsiteAccessRoute> {
        guard let offer = remoteOffer else { return .none }
        switch key {
        case .char("b"):
            remoteOffer = nil
            message = "Beginning the sign-in..."
            return .run(.remoteInstead(offer.setup, loginURL: offer.loginURL))
        case .char("n"), KeyPress(.escape):
            remoteOffer = nil
            message = "Stopping..."
            return .run(.rollBack(offer.setup))
        default:
            return .none
        }
    }

    /// "Stop a task permission": ↑↓ choose, Enter (or `x`) stops it at once, Esc keeps them all.
    private mutating func chooseGrant(_ key: KeyPress) -> ScreenStep<WebsiteAccessScreenEffect, WebsiteAccessRoute> {
        let grants = taskGrants ?? []
        guard let index = stoppingGrant, grants.indices.contains(index) else { stoppingGrant = nil; return .none }
        switch key {
        case KeyPress(.escape): stoppingGrant = nil
        case KeyPress(.up): stoppingGrant = max(index - 1, 0)
        case KeyPress(.down): stoppingGrant = min(index + 1, grants.count - 1)
        case KeyPress(.enter), .char("x"):
            stoppingGrant = nil
            message = "Stopping the task permission..."
            return .run(.stopTaskGrant(id: grants[index].id))
        default: break
        }
        return .none
    }

    /// An answer of the screen's work.
    public mutating func apply(_ result: WebsiteAccessScreenResult) -> ScreenStep<WebsiteAccessScreenEffect, WebsiteAccessRoute> {
        switch result {
        case .loaded(let overview):
            show(overview)
            // Each open sign-in is followed (the work follows one only once).
            return ScreenStep(effects: overview.rows.compactMap(\.openCeremony).filter(\.status.isOpen).map { .follow(ceremonyID: $0.id) })
        case .taskGrants(let grants):
            taskGrants = grants
            if let index = stoppingGrant { stoppingGrant = grants.isEmpty ? nil : min(index, grants.count - 1) }
        case .link(let link): self.link = link
        case .message(let text): message = text
        case .ceremony(let ceremony):
            update(ceremony)
            if ceremony.status.isOpen { return .run(.follow(ceremonyID: ceremony.id)) }
        case .windowOpen(let attempt):
            guard device?.attempt == attempt, device?.stage == .opening else { return .none }
            device?.stage = .waiting
            message = "A private Chromium window is open on the website: sign in there as usual."
        case .deviceEnded(let attempt, let words, let offer):
            guard device?.attempt == attempt else { return .none }
            device = nil
            message = words.joined(separator: " ")
            remoteOffer = offer
        case .deviceUnavailable(let attempt, let reason):
            guard let current = device, current.attempt == attempt else { return .none }
            device = nil
            signsInOnDevice = false
            message = "\(reason) Signing in through the remote browser instead."
            switch current.task {
            case .add(let address): return .run(.add(address))
            case .again(let profile): return .run(.signInAgain(profile))
            }
        }
        return .none
    }

    public mutating func show(_ overview: WebsiteAccessOverview) {
        self.overview = overview
        selected = min(selected, max(overview.rows.count - 1, 0))
        if message == "Loading..." { message = overview.rows.isEmpty ? "No website yet: press a to add one." : "" }
    }

    /// A followed sign-in changed: its row says the next step, and so does the message line.
    public mutating func update(_ ceremony: Ceremony) {
        guard let index = overview?.rows.firstIndex(where: { $0.profile.id == ceremony.profileID }) else { return }
        overview?.rows[index].openCeremony = ceremony.status.isOpen ? ceremony : nil
        message = ceremony.status.nextStep
        if ceremony.status.isTerminal { link = nil }
    }
}

/// What the Website Access screen asks of the shell.
public enum WebsiteAccessRoute: Sendable, Hashable {
    /// Copy `text` to the clipboard (the shell knows how), naming it `what` in its notice.
    case copy(String, what: String)
}
