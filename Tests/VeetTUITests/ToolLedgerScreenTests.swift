import Foundation
import Testing
@testable import veet_tui
import VeetChat
import VeetChatScreens
import VeetCurses
import VeetTransport
import VeetWire

/// The opened ledger (every argument and result whole, scrolled inside
/// itself when taller than the transcript; terminal output; file previews)
/// and wide blocks scrolled sideways, painted at 80x24 and 160x48.
@Suite struct ToolLedgerScreenTests {
    static let runID = "r-ledger"

    /// Frames of one run: each call planned, started and completed with `result`.
    static func frames(_ calls: [(name: String, id: String, arguments: String, result: String)]) -> [RunEventFrame] {
        var sequence: Int64 = 10
        var frames: [RunEventFrame] = []
        func add(_ type: String, _ body: String) {
            sequence += 1
            let data = "{\"run_id\":\"\(runID)\"" + (body.isEmpty ? "" : "," + body) + "}"
            frames.append(RunEventFrame.decode(SSEEvent(event: type, data: data, id: String(sequence))))
        }
        func quoted(_ text: String) -> String {
            String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
        }
        add("run.started", "\"attempt\":1")
        for call in calls {
            add("model.response.completed", """
                "conversation_items":[{"arguments":\(call.arguments),"call_id":"\(call.id)","item_index":0,"kind":"tool_call",\
                "name":"\(call.name)","parse_error":null,"raw_arguments":\(quoted(call.arguments))}],"step_number":1,\
                "stop_reason":"tool_use","tool_names":["\(call.name)"]
                """)
            add("tool.call.proposed", "\"call_id\":\"\(call.id)\",\"name\":\"\(call.name)\"")
            add("tool.call.started", "\"call_id\":\"\(call.id)\",\"name\":\"\(call.name)\"")
            add("tool.call.completed", """
                "call_id":"\(call.id)","name":"\(call.name)","reason_code":"tool.succeeded","result_item":{"call_id":"\(call.id)",\
                "content":[{"kind":"text","text":\(quoted(call.result))}],"is_error":false,"kind":"tool_result","trust":"internal_tool"}
                """)
        }
        add("run.completed", "")
        return frames
    }

    static func state(_ calls: [(name: String, id: String, arguments: String, result: String)],
                      answer: String = "Done.") -> ScreenState {
        var state = ScreenGoldenTests.base()
        state.conversation.sessionID = "s3"
        state.conversation.transcript.restore([
            SessionMessageView(sequence: 1, role: .user, content: [.text("Please work on the trip notes")]),
            SessionMessageView(sequence: 90, role: .assistant, content: [.text(answer)]),
        ])
        state.conversation.transcript.apply(frames(calls))
        state.focus = .transcript
        return state
    }

    /// Opens the entry of the first tool call and puts the cursor on it.
    static func opened(_ state: ScreenState) -> ScreenState {
        var state = state
        let id = state.conversation.transcript.entries.first { entry in
            if case .bundle = entry { return true }
            if case .item(let item) = entry { return item.tool != nil }
            return false
        }!.id
        state.conversation.transcriptView.expandedBundleIDs = [id]
        state.conversation.transcriptView.selectedRow = id
        state.conversation.transcriptView.revealSelection = true
        return state
    }

    static let longNote = (1...40).map { "Day \($0): walk, tram, lunch by the river and a museum before dinner." }
        .joined(separator: "\n")

    static var longArguments: String {
        let note = String(decoding: try! JSONEncoder().encode(longNote), as: UTF8.self)
        return #"{"path":"notes/lisbon.md","content":\#(note),"tags":["trip","lisbon","march"],"options":{"append":false,"encoding":"utf-8"}}"#
    }

    static let sandboxCall = (name: "sandbox.run_command", id: "cmd-1",
                              arguments: #"{"command":"python3 fares.py --rides 9"}"#,
                              result: #"{"duration_ms":412,"exit_code":0,"stderr":"note: 2026 prices\n","stdout":"rides  price\n9      16.65 EUR\n"}"#)
    static let readCall = (name: "workspace.read_text", id: "read-1", arguments: #"{"path":"notes/lisbon.md"}"#,
                           result: #"{"byte_count":58,"content":"Day 1: Alfama walk\nDay 2: Belém\nDay 3: tram 28 and Graça\n","path":"notes/lisbon.md"}"#)

    @Test(arguments: [(80, 24), (160, 48)])
    func aLedgerTallerThanTheScreenScrollsInsideItself(size: (width: Int, height: Int)) throws {
        let write = (name: "workspace.write_text", id: "write-1", arguments: Self.longArguments,
                     result: #"{"byte_count":2780,"checksum":"sha256:9b3c1f0e5d7a2b4c","created":true,"path":"notes/lisbon.md"}"#)
        var state = Self.opened(Self.state([write]))
        let (top, first) = ScreenGoldenTests.settledGrid(state, width: size.width, height: size.height)
        #expect(first.snapshot.contains("arguments"))
        #expect(first.snapshot.contains("lines 1–"), "the window says where it is: \(first.snapshot)")
        let extent = try #require(top.conversation.transcriptView.rowCache.extent(of: state.conversation.transcriptView.selectedRow!))
        #expect(extent.maxLedgerOffset > 0)

        state = top
        state.conversation.transcriptView.transcriptOffsets.ledger[state.conversation.transcriptView.selectedRow!] = 30
        let (_, scrolled) = ScreenGoldenTests.settledGrid(state, width: size.width, height: size.height)
        GoldenScreen.check(scrolled.snapshot, named: "ledger-scrolled-\(size.width)x\(size.height)")
        #expect(scrolled.snapshot.contains("lines 31–"))
        #expect(!scrolled.snapshot.contains("│ workspace.write_text"), "the heading scrolled away")

        // Past the end it stops at the last line: the file's 40th line and the window's end.
        state.conversation.transcriptView.transcriptOffsets.ledger[state.conversation.transcriptView.selectedRow!] = 10_000
        let (_, end) = ScreenGoldenTests.settledGrid(state, width: size.width, height: size.height)
        #expect(end.snapshot.contains("40  Day 40:"), "\(end.snapshot)")
        #expect(end.snapshot.contains("of \(extent.ledgerTotal) ·"))
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func aSandboxCallShowsItsOutputAsATerminalWould(size: (width: Int, height: Int)) {
        let state = Self.opened(Self.state([Self.sandboxCall]))
        let (_, grid) = ScreenGoldenTests.settledGrid(state, width: size.width, height: size.height)
        GoldenScreen.check(grid.snapshot, named: "ledger-sandbox-\(size.width)x\(size.height)")
        #expect(grid.snapshot.contains("$ python3 fares.py --rides 9"))
        #expect(grid.snapshot.contains("9      16.65 EUR"))
        #expect(grid.snapshot.contains("note: 2026 prices"))
        #expect(grid.snapshot.contains("exit code 0"))
        #expect(grid.snapshot.contains("\"duration_ms\""))
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func aWorkspaceReadShowsTheFileWithLineNumbers(size: (width: Int, height: Int)) {
        let state = Self.opened(Self.state([Self.readCall]))
        let (_, grid) = ScreenGoldenTests.settledGrid(state, width: size.width, height: size.height)
        GoldenScreen.check(grid.snapshot, named: "ledger-file-\(size.width)x\(size.height)")
        #expect(grid.snapshot.contains("notes/lisbon.md · 58 bytes"))
        #expect(grid.snapshot.contains("1  Day 1: Alfama walk"))
        #expect(grid.snapshot.contains("3  Day 3: tram 28 and Graça"))
    }

    @Test func aBundleLedgerListsEveryCallWhole() {
        let state = Self.opened(Self.state([Self.readCall, Self.sandboxCall]))
        let (_, grid) = ScreenGoldenTests.settledGrid(state, width: 160, height: 48)
        #expect(grid.snapshot.contains("2 tool calls"))
        #expect(grid.snapshot.contains("│ workspace.read_text  ·  succeeded"))
        #expect(grid.snapshot.contains("│ sandbox.run_command  ·  succeeded"))
        #expect(grid.snapshot.contains("$ python3 fares.py"))
    }

    static let wideTable = """
        Fares by line:

        | Line | From | To | Via | First-departure | Last-departure | Frequency | Single-ride | Day-pass | Monthly-pass |
        |---|---|---|---|---|---|---|---|---|---|
        | 28E | Martim-Moniz | Campo-Ourique | Graça-and-Estrela | 07:00-weekdays | 23:00-weekdays | every-12-minutes | 1.85-EUR-card | 6.80-EUR-card | 40.00-EUR-card |
        | 15E | Praça-da-Figueira | Algés-Jardim | Belém-and-Alcântara | 06:10-weekdays | 00:40-weekdays | every-8-minutes | 1.85-EUR-card | 6.80-EUR-card | 40.00-EUR-card |
        """

    @Test(arguments: [(80, 24), (160, 48)])
    func aWideTableScrollsSideways(size: (width: Int, height: Int)) throws {
        var state = Self.state([], answer: Self.wideTable)
        state.conversation.transcriptView.selectedRow = "assistant:90"
        state.conversation.transcriptView.revealSelection = true
        let (settled, left) = ScreenGoldenTests.settledGrid(state, width: size.width, height: size.height)
        let reach = try #require(settled.conversation.transcriptView.rowCache.extent(of: "assistant:90")).maxSideways
        #expect(reach > 0, "the table is wider than the transcript")
        #expect(left.snapshot.contains("columns 1–"))
        #expect(left.snapshot.contains("▸"))
        #expect(!left.snapshot.contains("◂ columns"))

        state = settled
        state.conversation.transcriptView.transcriptOffsets.sideways["assistant:90"] = 24
        let (_, right) = ScreenGoldenTests.settledGrid(state, width: size.width, height: size.height)
        GoldenScreen.check(right.snapshot, named: "wide-table-scrolled-\(size.width)x\(size.height)")
        #expect(right.snapshot.contains("◂ columns 25–"))
        #expect(right.snapshot.contains("Fares by line:"), "text outside the table does not move")
        #expect(left.snapshot != right.snapshot)
    }

    @Test func aCodeBlockNamesItsCopyKeyAndScrollsSideways() throws {
        let long = "print(" + String(repeating: "\"fare\", ", count: 20) + "\"end\")"
        var state = Self.state([], answer: "Run this:\n\n```python\n\(long)\n```\n\nand this:\n\n```sh\nls\n```")
        state.conversation.transcriptView.selectedRow = "assistant:90"
        let (settled, grid) = ScreenGoldenTests.settledGrid(state, width: 80, height: 24)
        #expect(grid.snapshot.contains("╭─ python  b copies it (1 of 2)"))
        #expect(grid.snapshot.contains("╭─ sh  b copies it (2 of 2)"))
        #expect(try #require(settled.conversation.transcriptView.rowCache.extent(of: "assistant:90")).maxSideways > 0)
        state = settled
        state.conversation.transcriptView.transcriptOffsets.sideways["assistant:90"] = 10_000
        let (_, moved) = ScreenGoldenTests.settledGrid(state, width: 80, height: 24)
        #expect(moved.snapshot.contains("\"end\")"), "scrolled to the end of the line: \(moved.snapshot)")
        #expect(moved.snapshot.contains("╭─ python"), "the frame stays")
    }
}
