import Foundation
import Testing
import VeetCurses
import VeetSchedules
import VeetSchedulesScreens
import VeetTestSupport
import VeetTransport

/// The Schedules screen as a value: keys and answers in; state, the work asked for, routes and painted text out.
@Suite struct SchedulesScreenTests {
    static let now = Date(timeIntervalSince1970: 1_796_036_400)  // 2026-12-01T09:00:00Z

    /// The screen with its list read and the first schedule's page shown.
    static func listed() throws -> ScreenDriver<SchedulesScreen> {
        var driver = ScreenDriver(SchedulesScreen(timezone: "Europe/Lisbon"))
        let reads = driver.answer(.listed(try Shapes.items))
        #expect(reads == [.read(id: "sch1")], "the selected schedule is read for its page")
        driver.answer(.record(try Shapes.decode(ScheduleRecord.self, Shapes.record()), occurrences: []))
        return driver
    }

    @Test func openingListsThenReadsTheSelectedScheduleAndDrawsItsPage() throws {
        #expect(ScreenDriver(SchedulesScreen()).effects == [.list([])])
        let driver = try Self.listed()
        let text = driver.painted(width: 120, height: 24, now: Self.now)
        #expect(text.contains("Schedules (all)"))
        #expect(text.contains("  Morning briefing"))
        #expect(text.contains("Summarize my calendar and flag conflicts."))
        #expect(text.contains("active · revision 2"))
        #expect(text.contains("n new  e edit  p pause"))
        #expect(!text.contains("Loading..."))
    }

    /// A row as the design has it: the name beside its state, the instruction's preview, the cadence
    /// with the next run (in the cadence's zone); the chosen row in the selected tint, with no mark.
    @Test func aRowShowsThePreviewAndTheCadenceWithTheNextRunInTheSelectedTint() throws {
        var item = Shapes.item("sch1", "ACTIVE", title: "Morning briefing")
        item["instruction_preview"] = "Summarize my calendar and flag conflicts."
        var paused = Shapes.item("sch2", "PAUSED", title: "Weekly grocery plan")
        paused["cadence"] = ["kind": "WEEKLY", "local_time": "18:00:00", "weekdays": [7], "timezone": "Europe/Lisbon"]
        var driver = ScreenDriver(SchedulesScreen(timezone: "Europe/Lisbon"))
        driver.answer(.listed(try Shapes.decode([ScheduleListItem].self, [item, paused])))
        var grid = ScreenGrid(width: 120, height: 24)
        driver.screen.paint(in: &grid, now: Self.now)
        let lines = grid.snapshot.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[2].hasPrefix("  Morning briefing"), "\(lines[2])")
        #expect(lines[2].prefix(53).hasSuffix("active"), "the state ends the list's first line: \(lines[2])")
        #expect(lines[3].hasPrefix("   Summarize my calendar and flag conflicts."))
        #expect(lines[4].hasPrefix("   Every day at 08:00 · next Wed 2 Dec at 08:00"), "\(lines[4])")
        #expect(lines[7].hasPrefix("   Every Sunday at 18:00 · no run planned"), "\(lines[7])")
        #expect(!grid.snapshot.contains("▸"))
        // The chosen row's three lines carry the selected tint; the next row does not.
        let tint = grid[2, 0].style.background
        for row in 2...4 { #expect(grid[row, 0].style.background == tint) }
        #expect(grid[5, 0].style.background != tint)
        driver.press(KeyPress(.down))
        var after = ScreenGrid(width: 120, height: 24)
        driver.screen.paint(in: &after, now: Self.now)
        #expect(after[5, 0].style.background == tint && after[2, 0].style.background != tint)
    }

    @Test func keysAskForTheirWorkWithTheRevisionOnScreen() throws {
        var driver = try Self.listed()
        #expect(driver.press(.char("p")) == [.act(.pause, id: "sch1", expectedRevision: 2)])
        #expect(driver.screen.message == "Pausing...")
        #expect(driver.press(.char("f")) == [.list([.active])])
        #expect(driver.press(.char("g")) == [.list([.active]), .read(id: "sch1")])
        #expect(driver.press(KeyPress(.down)) == [.read(id: "sch2")], "a new selection is read")
    }

    @Test func cancelAsksFirstAndAnEndedScheduleIsSaidSo() throws {
        var driver = try Self.listed()
        #expect(driver.press(.char("x")).isEmpty)
        #expect(driver.painted(width: 120, height: 24, now: Self.now).contains("y cancel it  n keep it"))
        #expect(driver.press(.char("n")).isEmpty, "anything but y keeps it")
        driver.press(.char("x"))
        #expect(driver.press(.char("y")) == [.act(.cancel, id: "sch1", expectedRevision: 2)])
        driver.press(KeyPress(.down))
        driver.press(.char("x"))
        #expect(driver.screen.message == "“Passport reminder” has ended (completed): nothing to cancel.")
        driver.press(.char("e"))
        #expect(driver.screen.message.hasSuffix("it cannot be changed; n creates a new one."))
    }

    @Test func aServerWithoutSchedulesGetsAPlainPageAndEscCloses() {
        var driver = ScreenDriver(SchedulesScreen())
        driver.answer(.unavailable)
        let text = driver.painted(width: 80, height: 24)
        #expect(text.contains("Schedules are not offered by this server."))
        #expect(driver.screen.keyHints(width: 80, now: Self.now) == " Esc close")
        driver.press(KeyPress(.escape))
        #expect(driver.closed)
    }

    @Test func theFooterDropsTheArrowsWhenNarrowAndThePaletteReadsIt() {
        #expect(SchedulesScreen.footer() == " ↑↓ choose  n new  e edit  p pause  u resume  x cancel  f filter  g refresh  Esc close")
        #expect(SchedulesScreen.footer(width: 80) == " n new  e edit  p pause  u resume  x cancel  f filter  g refresh  Esc close")
        var screen = SchedulesScreen()
        #expect(KeyHints.items(screen.keyHints(width: 80, now: Self.now)).map(\.hint) == ["n", "e", "p", "u", "x", "f", "g", "Esc"])
        screen.form = ScheduleForm(creatingIn: "UTC")
        #expect(KeyHints.items(screen.keyHints(width: 80, now: Self.now)).map(\.hint) == ["Tab", "Enter", "Ctrl-S", "Esc"])
    }

    /// Esc on a new schedule's typed form hands it to the shell to keep; the next screen, mounted with it,
    /// brings it back on `n` and tells the shell to drop it.
    @Test func aTypedNewFormLeftWithEscIsKeptAcrossTheScreensClosing() throws {
        var driver = try Self.listed()
        driver.press(.char("n"))
        #expect(driver.screen.form?.isEditing == false)
        driver.send(.paste("Water the plants"))
        driver.press(KeyPress(.escape))
        #expect(driver.screen.form == nil)
        #expect(driver.screen.message == "No schedule was created; n brings back what you typed.")
        guard case .keep(let kept)? = driver.routes.last, let kept else {
            Issue.record("the typed form is handed over to keep")
            return
        }
        #expect(kept.title.text == "Water the plants")
        driver.press(KeyPress(.escape))
        #expect(driver.closed)

        var next = ScreenDriver(SchedulesScreen(kept: kept))
        next.press(.char("n"))
        #expect(next.screen.form?.title.text == "Water the plants")
        #expect(next.screen.form?.notice == "What you typed before is back (Esc keeps it again).")
        guard case .keep(nil)? = next.routes.last else {
            Issue.record("the shell drops the kept form once it is back")
            return
        }
        next.press(KeyPress(.escape))
        #expect(next.screen.message == "No schedule was created; n brings back what you typed.")
    }

    @Test func anUntouchedFormOrAnEditLeftWithEscKeepsNothing() throws {
        var driver = try Self.listed()
        driver.press(.char("n"), KeyPress(.escape))
        #expect(driver.screen.message == "No schedule was created.")
        driver.press(.char("e"))
        #expect(driver.screen.form?.isEditing == true)
        driver.press(KeyPress(.escape))
        #expect(driver.screen.message == "Nothing was changed.")
        #expect(driver.routes.isEmpty)
    }

    @Test func aSavedFormClosesSelectsTheNewScheduleAndReadsTheListAgain() throws {
        var driver = try Self.listed()
        driver.press(.char("n"))
        driver.send(.paste("Rent"))
        driver.press(KeyPress(.tab))
        driver.send(.paste("Remind me to pay the rent."))
        driver.press(KeyPress(.tab))
        driver.send(.paste("monthly 1 09:00"))
        let sent = driver.press(.char("s", .control))
        guard case .create(let draft, let key)? = sent.first else {
            Issue.record("Ctrl-S sends the draft")
            return
        }
        #expect(draft.title == "Rent" && draft.timezone == "Europe/Lisbon")
        #expect(driver.screen.form?.isSaving == true)
        #expect(driver.press(.char("x")).isEmpty && driver.screen.form?.title.text == "Rent", "no key while saving")
        // A refusal keeps the text; the same draft sent again replays its key.
        driver.answer(.formRefused(fields: [.cadence: "Not that day."], notice: ""))
        #expect(driver.screen.form?.refusals[.cadence] == "Not that day.")
        #expect(driver.press(.char("s", .control)) == [.create(draft, key: key)])
        let created = try Shapes.decode(ScheduleRecord.self, Shapes.record(id: "sch3", revision: 1, title: "Rent"))
        #expect(driver.answer(.saved(created, notice: "Created “Rent”")) == [.list([])])
        #expect(driver.screen.form == nil && driver.screen.message == "Created “Rent”")
        var items = try Shapes.items
        items.insert(try Shapes.decode(ScheduleListItem.self, Shapes.item("sch3", "ACTIVE", title: "Rent")), at: 1)
        driver.answer(.listed(items))
        #expect(driver.screen.selectedItem?.id == "sch3", "the new schedule is selected once listed")
    }

    @Test func theFormDrawsOverTheScreenWithItsCaret() throws {
        var driver = try Self.listed()
        driver.press(.char("n"))
        var grid = ScreenGrid(width: 120, height: 36)
        driver.screen.paint(in: &grid, now: Self.now)
        #expect(grid.snapshot.contains("New schedule"))
        #expect(grid.snapshot.contains("Runs your latest conversation's agent, with the default limits."))
        #expect(grid.cursor != nil, "the title field has the caret")
    }
}

/// The create and edit form (issue 20, item 7) typed into as keys: a refusal or a 409 keeps every character typed.
@Suite struct ScheduleFormTests {
    static let now = SchedulesScreenTests.now

    /// A new schedule's form with `texts` in its fields, the title focused.
    static func form(_ texts: [ScheduleDraft.Field: String]) -> ScheduleForm {
        var form = ScheduleForm(creatingIn: "Europe/Lisbon")
        for (field, text) in texts {
            var input = TextInput(text: text)
            input.moveCursor(to: text.count)
            form[field] = input
        }
        return form
    }

    static var filledForm: ScheduleForm {
        form([.title: "Rent reminder", .instruction: "Remind me to pay the rent.\nAnd the water bill, if it came.",
              .cadence: "monthly 1,last 09:00"])
    }

    /// Saved with no title, a cadence that does not parse and an unknown zone: refused, nothing sent.
    static var refusedForm: ScheduleForm {
        var form = form([.instruction: "Remind me to pay the rent.", .cadence: "fortnightly 9:00", .timezone: "Mars/Olympus"])
        #expect(form.handle(.key(.char("s", .control)), now: now) == .none)
        return form
    }

    @Test func enterMovesOnAndSavesOnTheLastFieldWithTheDraftTyped() {
        var form = Self.filledForm
        #expect(form.handle(.key(KeyPress(.enter)), now: Self.now) == .none)
        #expect(form.field == .instruction)
        for _ in 0..<2 { _ = form.handle(.key(KeyPress(.tab)), now: Self.now) }
        #expect(form.field == .timezone)
        guard case .save(let draft) = form.handle(.key(KeyPress(.enter)), now: Self.now) else {
            Issue.record("Enter on the last field saves")
            return
        }
        #expect(draft.title == "Rent reminder" && draft.cadence == "monthly 1,last 09:00" && draft.timezone == "Europe/Lisbon")
        #expect(form.handle(.key(.char("s", .control)), now: Self.now) == .save(draft))
        // The same draft sent again replays its key; a changed one gets a new key.
        let key = form.createKey(for: draft)
        #expect(form.createKey(for: draft) == key)
        var changed = draft
        changed.title = "Rent"
        #expect(form.createKey(for: changed) != key)
    }

    @Test func aRefusalMovesToItsFieldAndTypingThereClearsIt() {
        var form = Self.refusedForm
        #expect(form.field == .title)
        #expect(form.refusals[.title] != nil)
        _ = form.handle(.key(.char("R")), now: Self.now)
        #expect(form.refusals[.title] == nil && form.refusals[.cadence] != nil)
        #expect(form.title.text == "R" && form.cadence.text == "fortnightly 9:00")
    }

    @Test func aConflictOnAnEditKeepsTheTextSaysWhatChangedAndMovesTheRevision() throws {
        let record = try Shapes.decode(ScheduleRecord.self, Shapes.record())
        var form = ScheduleForm(editing: record, fallbackTimezone: "UTC")
        #expect(form.title.text == "Morning briefing" && form.cadence.text == "daily 08:00")
        form.title = TextInput(text: "My briefing")
        form.isSaving = true
        var current = record
        current.schedule.currentRevision = 3
        current.revision.definition.title = "Team briefing"
        form.conflicted(current: current, description: "The schedule changed meanwhile")
        #expect(!form.isSaving)
        #expect(form.title.text == "My briefing")
        #expect(form.base?.schedule.currentRevision == 3)
        #expect(form.notice.hasPrefix("Changed elsewhere meanwhile (now revision 3): the title is now “Team briefing”"))
        #expect(form.notice.contains("Ctrl-S saves it over revision 3"))
        var screen = SchedulesScreen()
        screen.form = form
        let text = ScreenDriver(screen).painted(width: 160, height: 48, now: Self.now)
        #expect(text.contains("Edit “Team briefing” · revision 3"))
        #expect(text.contains("Changed elsewhere meanwhile"))
    }
}

/// The screen's work on a scripted server: what each effect reports, and the screen after it.
@Suite struct SchedulesScreenWorkTests {
    static func work(_ server: ScriptedServer, history: [ConversationAgent] = []) -> SchedulesScreenWork {
        SchedulesScreenWork(api: SchedulesAPI(sender: server.sender, retry: .never), conversations: { history },
                            describe: { _ in "described" })
    }

    static func run(_ effect: SchedulesScreenEffect, on server: ScriptedServer, history: [ConversationAgent] = [],
                    screen: SchedulesScreen = SchedulesScreen()) async -> SchedulesScreen {
        let reports = Reports()
        await work(server, history: history).run(effect) { reports.add($0) }
        var screen = screen
        for result in reports.all { _ = screen.apply(result) }
        return screen
    }

    @Test func aServerWithoutSchedulesIsUnavailableNotAnError() async {
        let server = ScriptedServer()
        server.on("GET", "/v1/schedules") { _ in .json(["error": ["code": "not_found", "message": "x"]], status: 404) }
        let screen = await Self.run(.list([]), on: server)
        #expect(screen.unavailable)
    }

    @Test func aPauseMetByAChangeElsewhereShowsTheScheduleAsItIsNow() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/schedules/sch1/pause") { _ in
            .json(["error": ["code": "conflict", "message": "stale"]], status: 409)
        }
        server.on("GET", "/v1/schedules/sch1") { _ in .json(Shapes.record(revision: 3, title: "Weekday briefing")) }
        var screen = SchedulesScreen()
        screen.show(try Shapes.items)
        screen = await Self.run(.act(.pause, id: "sch1", expectedRevision: 2), on: server, screen: screen)
        #expect(screen.message == "Changed elsewhere meanwhile, so nothing was changed: this is the schedule now (revision 3).")
        #expect(screen.selectedItem?.title == "Weekday briefing" && screen.selectedItem?.currentRevision == 3)
    }

    @Test func aNewScheduleWithoutAConversationSaysWhereTheAgentComesFrom() async {
        var screen = SchedulesScreen()
        screen.form = ScheduleForm(creatingIn: "UTC")
        let draft = ScheduleDraft(title: "Rent", instruction: "Pay it.", cadence: "daily 08:00", timezone: "UTC")
        screen = await Self.run(.create(draft, key: IdempotencyKey()), on: ScriptedServer(), screen: screen)
        #expect(screen.form?.notice.hasPrefix("There is no conversation yet to take the agent from") == true)
    }

    @Test func aNewScheduleRunsTheLatestConversationsAgent() async throws {
        let server = ScriptedServer()
        server.on("POST", "/v1/schedules") { _ in .json(Shapes.record(id: "sch3", revision: 1, title: "Rent"), status: 201) }
        let history = [ConversationAgent(sessionID: "s1", agentID: "agent-1", agentVersion: "2.0.0",
                                         lastActivity: Timestamp("2026-12-01T08:00:00Z"))]
        var screen = SchedulesScreen()
        screen.form = ScheduleForm(creatingIn: "UTC")
        let draft = ScheduleDraft(title: "Rent", instruction: "Pay it.", cadence: "daily 08:00", timezone: "UTC")
        screen = await Self.run(.create(draft, key: IdempotencyKey()), on: server, history: history, screen: screen)
        #expect(screen.form == nil)
        #expect(screen.message == "Created “Rent”: every day at 08:00 (UTC), with agent agent-1 version 2.0.0 from your latest conversation.")
        let sent = try #require(server.requests("POST", "/v1/schedules").first)
        let body = try #require(try JSONSerialization.jsonObject(with: sent.body ?? Data()) as? [String: Any])
        #expect(body["agent_id"] as? String == "agent-1" && body["agent_version"] as? String == "2.0.0")
    }

    @Test func anEditRefusedByTheServerKeepsTheTextAndSaysWhy() async throws {
        let server = ScriptedServer()
        server.on("PATCH", "/v1/schedules/sch1") { _ in .json(["error": ["code": "internal", "message": "x"]], status: 500) }
        let record = try Shapes.decode(ScheduleRecord.self, Shapes.record())
        var screen = SchedulesScreen()
        var form = ScheduleForm(editing: record, fallbackTimezone: "UTC")
        form.title = TextInput(text: "My briefing")
        screen.form = form
        screen = await Self.run(.edit(form.draft, base: record), on: server, screen: screen)
        #expect(screen.form?.title.text == "My briefing")
        #expect(screen.form?.notice == "Not saved: described (your text is kept; Ctrl-S tries again)")
    }
}
