import Foundation
import VeetCalls
import VeetCallsScreens
import VeetAccount
import VeetAccountScreens
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetEmailScreens
import VeetMemory
import VeetMemoryScreens
import VeetSchedules
import VeetSchedulesScreens
import VeetPeople
import VeetPeopleScreens
import VeetSurfaces
import VeetSurfacesScreens
import VeetSettingsScreens
import VeetBrowser
import VeetWebsiteAccess
import VeetWebsiteAccessCommands
import VeetWebsiteAccessScreens

/// The features' own screens (their faces): one registration line each, then
/// the same mounting, keys, answers and routes for all of them.
extension ChatScreen {
    /// `opening`: a flagged memory "Needs you" opens (ChatScreen+NeedsYou.swift).
    func openMemory(opening: String? = nil) { mount(MemoryScreen(opening: opening), work: MemoryScreenWork(api: MemoryAPI(sender: backend.api.sender),
                                                                     describe: Backend.describe)) }
    func openSchedules() {
        let chat = backend.api
        mount(SchedulesScreen(kept: state.keptScheduleForm),
              work: SchedulesScreenWork(api: SchedulesAPI(sender: chat.sender), conversations: {
                  // A new schedule runs the agent of the owner's latest conversation (VeetSchedules' rule chooses).
                  try await chat.ownersSessions(limit: 50, pageSize: 50).map {
                      ConversationAgent(sessionID: $0.id, agentID: $0.agentID, agentVersion: $0.agentVersion,
                                        lastActivity: $0.updatedAt)
                  }
              }, describe: Backend.describe))
    }
    /// `callID`: the call a `call_finished` notification names, selected once the list arrives.
    func openCalls(_ callID: String? = nil) {
        mount(CallsScreen(opening: callID), work: CallsScreenWork(api: CallsAPI(sender: backend.api.sender),
                                                                 describe: Backend.describe))
    }
    func openSurfaces() { mount(SurfacesScreen(), work: SurfacesScreenWork(api: SurfacesAPI(sender: backend.api.sender),
                                                                           describe: Backend.describe)) }
    /// Alt-D: the devices registered for notifications (this connection's settings mark its own).
    func openDevices() {
        mount(DevicesScreen(), work: DevicesScreenWork(api: AccountAPI(sender: backend.api.sender), settings: backend.store.preferences,
                                                       describe: Backend.describe))
    }
    func openPeople(_ lookup: PersonLookup? = nil, opening: String? = nil) { mount(PeopleScreen(opening: opening, lookup: lookup), work: PeopleScreenWork(api: backend.people, audited: { [backend] in try await backend.auditedPeople() },
                                                                     describe: Backend.describe)) }

    /// Website Access: a sign-in uses a private Chromium window on this machine when there is a display and Chromium.
    func openWebsiteScreen() {
        let (environment, websites) = (self.environment, backend.websites)
        let device = DeviceSignIn(driver: CeremonyDriver(api: websites),
                                  outside: .live(client: backend.client, timeout: DeviceSignIn.timeout))
        mount(WebsiteAccessScreen(signsInOnDevice: (try? Chromium(environment: environment)) != nil),
              work: WebsiteAccessScreenWork(api: websites, chosen: ChosenProfile(store: backend.store), device: device, browser: {
                  do { return ChromiumSignInBrowser(chromium: try Chromium(environment: environment)) } catch {
                      throw DeviceUnavailable("\(error)")
                  }
              }, describe: Backend.describe))
    }

    /// A connection switch: the Website Access screen's polls stop, and a window still open is cancelled and wiped.
    func stopWebsiteWork() {
        if let mounted = state.featureScreen { start([WebsiteAccessScreenEffect.stopFollowing], of: mounted) }
    }

    /// Opens `screen` full screen and starts its opening work.
    func mount<Screen: FeatureScreen>(_ screen: Screen, work: some ScreenEffects<Screen>) {
        nextMount += 1
        let mounted = MountedScreen(screen, work: work, mount: nextMount)
        state.featureScreen = mounted
        start(mounted.openingEffects, of: mounted)
    }

    func handleFeatureScreen(_ event: InputEvent) {
        guard var mounted = state.featureScreen else { return }
        tellOutboxChatWork(&mounted)  // ChatScreen+Outbox.swift
        let step = mounted.update(event)
        state.featureScreen = step.closes ? nil : mounted
        follow(step, of: mounted)
    }

    /// An answer for the screen still open (a closed or replaced screen's answers are dropped).
    func applyScreenResult(_ result: any Sendable, mount: Int) {
        if applyEmailResult(result, mount: mount) { return }  // Email mode (ChatScreen+Email.swift)
        if applyOutboxResult(result, mount: mount) { return }  // a retry's answer after the outbox closed
        guard var mounted = state.featureScreen, mounted.mount == mount else { return }
        let step = mounted.update(result: result)
        state.featureScreen = step.closes ? nil : mounted
        follow(step, of: mounted)
    }

    private func follow(_ step: MountedStep, of mounted: MountedScreen) {
        start(step.effects, of: mounted)
        if let route = step.route { resolve(route) }
    }

    func start(_ effects: [any Sendable], of mounted: MountedScreen) {
        for effect in effects { Self.run(effect, work: mounted.work, mount: mounted.mount, inbox: backend.inbox) }
    }

    /// Off the main actor: the loop holds the main thread between its waits, so a task started there would
    /// not run until the loop yields.
    private nonisolated static func run(_ effect: any Sendable, work: ScreenWork, mount: Int, inbox: Inbox) {
        Task.detached { await work.run(effect) { inbox.post(.screenResult(mount: mount, $0)) } }
    }

    /// A move a screen asked for to another feature, or a value it hands the shell to keep.
    func resolve(_ route: any Sendable) {
        if case .keep(let form)? = route as? SchedulesScreenRoute { state.keptScheduleForm = form }
        if let route = route as? EmailScreenRoute { resolve(route) }
        if let route = route as? PeopleScreenRoute { resolve(route) }
        if let route = route as? OutboxScreenRoute { resolve(route) }
        if let route = route as? SettingsScreenRoute { resolve(route) }
        if case .copy(let text, let what)? = route as? WebsiteAccessRoute {
            copy(text, what: what)
            if let mount = state.featureScreen?.mount { applyScreenResult(WebsiteAccessScreenResult.message(state.notice), mount: mount) }
        }
    }

    /// People's Prepare for a conversation: a new conversation whose composer holds the request
    /// (sent only when the owner presses Enter). A draft already typed is kept.
    private func resolve(_ route: PeopleScreenRoute) {
        switch route {
        case .prepareConversation(let person, let request):
            openConversation(nil)
            if state.conversation.composer.isEmpty {
                state.conversation.composer = TextInput(text: request)
            } else {
                state.notice = "Your draft was kept; ask about \(person.displayName) when it is sent."
            }
        case .openEmailThread(let id):
            // One of the person's open threads: Email mode, on that thread's page.
            if state.mode != .email { toggleEmailMode() }
            tellEmail(.openThread(id: id))
        }
    }
}
