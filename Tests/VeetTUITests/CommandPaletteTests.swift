import Testing
@testable import veet_tui
import VeetAccountScreens
import VeetSettingsScreens
import Foundation
import VeetCurses
import VeetEmail
import VeetEmailScreens
import VeetPeople
import VeetPeopleScreens
import VeetSubscriptions
import VeetSubscriptionsScreens
import VeetTransport
import VeetWire
import VeetChatScreens

/// Ctrl-P: the chat's actions, read from the help's table, filtered as you
/// type; Enter hands back the key, which the chat dispatches as if pressed.
@MainActor @Suite struct CommandPaletteTests {
    static func typed(_ text: String) -> CommandPalette {
        var palette = CommandPalette(help: ChatScreen.help)
        for character in text { _ = palette.handle(.char(character)) }
        return palette
    }

    @Test func typingFiltersIgnoringCaseAndEnterRunsTheChosenKey() {
        var palette = Self.typed("NEW")
        #expect(palette.matches.first?.title == "new conversation")
        #expect(palette.matches.allSatisfy { $0.title.lowercased().contains("new") || $0.hint.lowercased().contains("new") })
        #expect(palette.handle(KeyPress(.enter)) == .run(.char("n", .control)))
    }

    @Test func upAndDownChooseAndBackspaceWidensTheList() {
        var palette = Self.typed("f")
        let matches = palette.matches
        #expect(matches.count > 2)
        _ = palette.handle(KeyPress(.down))
        #expect(palette.handle(KeyPress(.enter)) == .run(matches[1].press))
        _ = palette.handle(KeyPress(.up))
        _ = palette.handle(KeyPress(.up))
        #expect(palette.handle(KeyPress(.enter)) == .run(matches[matches.count - 1].press))
        _ = palette.handle(KeyPress(.backspace))
        #expect(palette.query.isEmpty)
        #expect(palette.matches.count == palette.items.count)
        #expect(palette.handle(KeyPress(.escape)) == .dismissed)
    }

    @Test func noMatchRunsNothing() {
        var palette = Self.typed("zzzz")
        #expect(palette.matches.isEmpty)
        #expect(palette.handle(KeyPress(.enter)) == .ignored)
    }

    /// The palette lists only keys the chat handles wherever the focus is: no dead entry.
    @Test func everyChatEntrysKeyIsHandled() {
        let items = CommandPalette(help: ChatScreen.help).items
        #expect(items.count >= 15)
        for item in items {
            #expect(GlobalAction(item.press) != nil, "\(item.hint) (\(item.title)) is listed but not handled")
            #expect(GlobalAction(item.press) != .palette)
        }
        #expect(GlobalAction(.char("p", .control)) == .palette)
        for screen in 3...9 {
            #expect(items.contains { $0.press == KeyPress(.function(screen)) }, "F\(screen) is missing")
        }
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func thePalettePaintsItsGoldenScreen(size: (width: Int, height: Int)) {
        var state = ScreenGoldenTests.withTranscript()
        state.palette = Self.typed("s")
        let (_, grid) = ScreenGoldenTests.settledGrid(state, width: size.width, height: size.height)
        GoldenScreen.check(grid.snapshot, named: "command-palette-\(size.width)x\(size.height)")
        #expect(grid.snapshot.contains("› s"))
    }
}

/// Over F3 and F4 the palette lists the screen's own keys, the ones its footer shows.
@Suite struct ScreenPaletteTests {
    @Test func theWebsiteScreensPaletteListsItsFooterKeys() {
        let state = FeatureScreenStates.website()
        let items = ChatScreen.layerPaletteItems(over: state, width: 160, now: ScreenGoldenTests.now) ?? []
        #expect(items.map(\.title) == ["use for new chats", "sign in again", "add", "copy the link", "refresh", "revoke",
                                       "delete (after revoke)", "close"])
    }

    @Test func thePaletteOverTheSchedulesScreenListsItsFooterKeys() {
        var state = FeatureScreenStates.schedules()
        let items = ChatScreen.layerPaletteItems(over: state, width: 80, now: ScreenGoldenTests.now) ?? []
        #expect(items.map(\.title) == ["new", "edit", "pause", "resume", "cancel", "filter", "refresh", "close"])
        var palette = CommandPalette(items: items)
        for character in "PAU" { _ = palette.handle(.char(character)) }
        #expect(palette.handle(KeyPress(.enter)) == .run(.char("p")))
        state.palette = CommandPalette(items: items)
        let (_, grid) = ScreenGoldenTests.settledGrid(state, width: 80, height: 24)
        #expect(grid.snapshot.contains("Commands"))
        #expect(grid.snapshot.contains("resume"))
    }
}

/// Over F5..F9, Email mode, the reader and the viewer, the palette reads the layer's footer line,
/// so every key the footer shows is offered and nothing else.
@Suite struct LayerPaletteTests {
    @Test func everyLayersFooterKeyIsOffered() {
        let lines = [SettingsScreen.keyHints, PersonaPage.keyHints, MessageReader.keyHints, ViewerPainter.keyHints,
                     ConnectionMenu.keyHints]
        for line in lines {
            let items = KeyHints.items(line)
            #expect(items.last?.press == KeyPress(.escape), "\(line)")
            // Every word-key pair of the footer but the arrows and paging is an item.
            let pairs = line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("↑↓") }
            #expect(items.count == pairs.count, "\(line)")
        }
        #expect(KeyHints.items(SettingsScreen.keyHints).map(\.press) == [KeyPress(.enter), KeyPress(.escape)])
        #expect(KeyHints.items(MessageReader.keyHints).map(\.hint) == ["/", "n", "N", "Esc"])
    }

    @Test func peopleOffersTheDirectorysKeysAndFewerWithoutWrites() {
        var people = PeopleScreen()
        #expect(KeyHints.items(people.keyHints).map(\.hint) == ["Enter", "p", "r", "m", "c", "n", "x", "e", "i", "g", "Esc"])
        people.writeAccess = PeopleWriteAccess(deniedReason: "read only")
        #expect(KeyHints.items(people.keyHints).map(\.hint) == ["Enter", "e", "i", "g", "Esc"])
    }
}

/// Over a sheet that writes its keys on its own card (People's merge, repair, imports, contacts and
/// the typed rename and forget lines; Email's Review & Send and unsubscribe confirmation) the palette
/// offers that card's key line, exactly the keys the card shows at that moment.
@Suite struct SheetPaletteTests {
    static let now = ScreenGoldenTests.now

    static func people(_ sheet: PeopleScreen.Sheet) -> ScreenState {
        var screen = PeopleSheetGoldenTests.base()
        screen.sheet = sheet
        var state = ScreenState()
        state.connectionLabel = "127.0.0.1"
        state.featureScreen = PeopleSheetGoldenTests.mounted(screen)
        return state
    }

    static func email(_ change: (inout EmailScreen) -> Void) -> ScreenState {
        var email = EmailScreenTests.reading()
        change(&email)
        return EmailScreenTests.state(email)
    }

    /// The items offered over `state`, after checking that they are the painted key line's, and only those.
    static func offered(_ state: ScreenState, line: String) -> [CommandPalette.Item]? {
        var painted = state
        let grid = ScreenPainter.frame(&painted, width: 160, height: 48, now: now)
        #expect(grid.snapshot.contains(line), "the card does not show \(line)\n\(grid.snapshot)")
        let items = ChatScreen.layerPaletteItems(over: state, width: 160, now: now)
        #expect(items == KeyHints.items(line))
        return items
    }

    static func run(_ query: String, over items: [CommandPalette.Item]?) -> CommandPalette.Outcome {
        var palette = CommandPalette(items: items ?? [])
        for character in query { _ = palette.handle(.char(character)) }
        return palette.handle(KeyPress(.enter))
    }

    @Test func theMergePreviewOffersApplyOrPreviewAgain() throws {
        let ready = Self.people(PeopleSheetGoldenTests.mergeSheet().sheet!)
        let items = Self.offered(ready, line: "Enter apply   Esc keep as is (nothing changes)")
        #expect(items?.map(\.hint) == ["Enter", "Esc"])
        #expect(Self.run("apply", over: items) == .run(KeyPress(.enter)))
        let refused = IdentitySheet(purpose: .merge(source: PeopleSheetGoldenTests.daniel, target: PeopleSheetGoldenTests.danielToo,
                                                    suggestionID: nil),
                                    stage: .refused("The preview expired.", canPreviewAgain: true))
        let again = Self.offered(Self.people(.identity(refused)), line: "r preview again   Esc close (nothing changed)")
        #expect(Self.run("again", over: again) == .run(.char("r")))
        // While it is asked or applied only Esc is there.
        let asking = IdentitySheet(purpose: refused.purpose)
        #expect(Self.offered(Self.people(.identity(asking)), line: "Esc close")?.map(\.hint) == ["Esc"])
    }

    @Test func theMergeAndRepairPickersOfferTheirKeysButTheArrows() {
        let merge = Self.offered(Self.people(.mergeTarget(MergeTargetPicker(source: PeopleSheetGoldenTests.daniel))),
                                 line: MergeTargetPicker.keyHints)
        #expect(merge?.map(\.hint) == ["Enter", "Esc"])
        #expect(Self.run("preview", over: merge) == .run(KeyPress(.enter)))
        let repair = Self.offered(Self.people(.repair(RepairPicker(person: PeopleSheetGoldenTests.daniel, evidence: []))),
                                  line: RepairPicker.keyHints)
        #expect(repair?.map(\.hint) == ["Space", "Enter", "Esc"])
        #expect(Self.run("mark", over: repair) == .run(.char(" ")))
    }

    @Test func theImportsSheetOffersTheKeysOfItsStage() throws {
        var sheet = try #require({ if case .imports(let s)? = PeopleSheetGoldenTests.importsSheet().sheet { s } else { nil } }())
        let list = Self.offered(Self.people(.imports(sheet)), line: sheet.keyHints)
        #expect(list?.map(\.hint) == ["n", "r", "c", "g", "Esc"])
        #expect(Self.run("new", over: list) == .run(.char("n")))
        sheet.stage = .form(ImportForm(now: Self.now))
        #expect(Self.offered(Self.people(.imports(sheet)), line: sheet.keyHints)?.map(\.hint) == ["Tab", "Enter", "Esc"])
        let job = try #require(sheet.jobs?.first)
        sheet.stage = .preview(job)
        #expect(Self.offered(Self.people(.imports(sheet)), line: sheet.keyHints)?.map(\.title)
            == ["start the import", "back (nothing is read)"])
        sheet.stage = .resume(job, TextInput(text: "1.00"))
        #expect(Self.offered(Self.people(.imports(sheet)), line: sheet.keyHints)?.map(\.hint) == ["Enter", "Esc"])
    }

    @Test func theContactsSheetOffersItsKeysAndNoneWhileSaving() {
        var sheet = ContactSheet(person: PeopleSheetGoldenTests.daniel, aliases: [])
        let keys = Self.offered(Self.people(.contacts(sheet)), line: sheet.keyHints)
        #expect(keys?.map(\.hint) == ["a", "e", "Esc"])
        #expect(Self.run("end", over: keys) == .run(.char("e")))
        sheet.adding = (0, TextInput())
        #expect(Self.offered(Self.people(.contacts(sheet)), line: sheet.keyHints)?.map(\.hint) == ["Tab", "Enter", "Esc"])
        sheet.sending = true
        #expect(ChatScreen.layerPaletteItems(over: Self.people(.contacts(sheet)), width: 160, now: Self.now) == nil)
    }

    @Test func theRenameAndForgetLinesOfferTheirKeys() {
        let rename = Self.offered(Self.people(.rename(TextInput(text: "Dan"))), line: PeopleScreen.renameKeys)
        #expect(rename?.map(\.press) == [KeyPress(.enter), KeyPress(.escape)])
        let preview: ErasureView = PeopleSheetGoldenTests.decode(#"{"id": "e1", "state": "preview", "counts": {"aliases": 1}}"#)
        let forget = Self.offered(Self.people(.forget(preview, TextInput())), line: PeopleScreen.forgetKeys)
        #expect(forget?.map(\.title) == ["keep"])
    }

    @Test func reviewAndSendOffersApproveOnlyOnceVerified() {
        let flow = ReviewAndSend(api: EmailAPI(sender: HTTPRequestSender(send: { _ in throw CancellationError() })), account: nil)
        let frozen = FrozenDraft(draft: EmailScreenTests.draft)
        let approval = ApprovalView(id: "a1", runID: "r1", sessionID: "s1", status: .pending, toolName: "mcp.gmail_send.send_message",
                                    arguments: .object([:]), risk: .high, createdAt: "2026-09-20T09:00:00Z")
        let report = SendVerification.verify(approval, against: frozen, account: nil)
        var sheet = SendSheet(flow: flow, stage: .verified(frozen, approval, report))
        let verified = Self.offered(Self.email { $0.send = sheet }, line: "a Approve once   Esc cancel (nothing is sent)")
        #expect(verified?.map(\.hint) == ["a", "Esc"])
        #expect(Self.run("approve", over: verified) == .run(.char("a")))
        sheet.approving = true
        #expect(ChatScreen.layerPaletteItems(over: Self.email { $0.send = sheet }, width: 160, now: Self.now) == nil)
        let proposing = SendSheet(flow: flow)
        #expect(Self.offered(Self.email { $0.send = proposing }, line: "Esc close")?.map(\.hint) == ["Esc"])
    }

    @Test func theUnsubscribeConfirmationOffersItsKeys() throws {
        var email = EmailScreenTests.reading()
        email.accounts[0].unsubscribeSupported = true
        email.detail?.subscription = SubscriptionBlock(id: SubscriptionsScreenTests.hex(1), state: "active",
                                                       mechanism: "one_click", destination: "example.com",
                                                       evidenceDigest: SubscriptionsScreenTests.hex(1, "d"), revision: 4)
        let detail = try #require(email.detail)
        let row = try #require(ChatScreen.subscriptionRow(detail, email.accounts))
        let sheet = UnsubscribeSheet(confirmation: try UnsubscribeConfirmation(rows: [row], flags: ChatScreen.subscriptionFlags(email.accounts)))
        let state = EmailScreenTests.state(email) { $0.unsubscribe = sheet }
        let items = Self.offered(state, line: UnsubscribeSheetPainter.keyHints)
        #expect(items?.map(\.hint) == ["Enter", "Esc"])
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func thePaletteOverTheImportsSheetPaintsItsGoldenScreen(size: (width: Int, height: Int)) {
        var state = Self.people(PeopleSheetGoldenTests.importsSheet().sheet!)
        state.palette = CommandPalette(items: ChatScreen.layerPaletteItems(over: state, width: size.width, now: Self.now) ?? [])
        let (_, grid) = ScreenGoldenTests.settledGrid(state, width: size.width, height: size.height)
        GoldenScreen.check(grid.snapshot, named: "people-imports-palette-\(size.width)x\(size.height)")
        #expect(grid.snapshot.contains("new import"))
        #expect(!grid.snapshot.contains("new conversation"))
    }
}
