import Testing
import VeetChat
import VeetTransport
import VeetWire

/// The one rule the CLI and the TUI show an approval's arguments by.
@Suite struct ApprovalArgumentLayoutTests {
    let layout = ApprovalArgumentLayout(collapsedCount: 3, valueLimit: 20)

    @Test func argumentsComeInKeyOrderWithTheServersCutMarkerLast() {
        let arguments: JSONValue = .object([
            "[TRUNCATED]": .string("3 field(s) omitted"), "path": .string("a.md"),
            "Destination": .string("demo://notes"), "content": .string("hi"),
        ])
        #expect(ApprovalArgumentLayout.entries(arguments).map(\.key) == ["content", "Destination", "path", "[TRUNCATED]"])
    }

    @Test func collapsedListsAFewArgumentsAndCountsTheRest() {
        let arguments: JSONValue = .object(["a": .int(1), "b": .bool(true), "c": .string("x"), "d": .null, "e": .array([])])
        let collapsed = layout.collapsed(arguments)
        #expect(collapsed.lines == ["a: 1", "b: true", "c: x"])
        #expect(collapsed.moreCount == 2)
        #expect(collapsed.moreText == "+2 more arguments")
        #expect(collapsed.canExpand)
        #expect(layout.expanded(arguments) == ["a: 1", "b: true", "c: x", "d: null", "e: []"])
    }

    @Test func aLongValueIsCutWithAVisibleMarkerAndShownWholeWhenExpanded() {
        let long = String(repeating: "abcde ", count: 10)
        let collapsed = layout.collapsed(.object(["text": .string(long)]))
        #expect(collapsed.lines == ["text: " + String(long.prefix(20)) + "…"])
        #expect(collapsed.moreText == nil)
        #expect(collapsed.canExpand, "the cut value is whole when expanded")
        #expect(layout.expanded(.object(["text": .string(long)])) == ["text: " + long])
    }

    @Test func shortArgumentsNeedNoExpanding() {
        let collapsed = layout.collapsed(.object(["content": .string("hello"), "destination": .string("demo://notes")]))
        #expect(collapsed.lines == ["content: hello", "destination: demo://notes"])
        #expect(!collapsed.canExpand)
        #expect(layout.collapsed(.object([:])).lines.isEmpty)
    }

    @Test func secretLookingKeysAreHiddenEvenWhenTheServerSentThemAndEvenExpanded() {
        let arguments: JSONValue = .object([
            "api_key": .string("sk-live-123"), "Authorization": .string("Bearer abc"), "user": .string("ana"),
            "nested": .object(["password": .string("hunter2"), "host": .string("db")]),
            "note": .string("[REDACTED]"),
        ])
        let shown = layout.expanded(arguments).joined(separator: "\n")
        for secret in ["sk-live-123", "Bearer abc", "hunter2"] { #expect(!shown.contains(secret)) }
        #expect(shown.contains("api_key: [REDACTED]"))
        #expect(shown.contains("Authorization: [REDACTED]"))
        #expect(shown.contains(#""password":"[REDACTED]""#))
        #expect(shown.contains(#""host":"db""#))
        let entries = ApprovalArgumentLayout.entries(arguments)
        #expect(entries.filter(\.isHidden).map(\.key) == ["api_key", "Authorization", "note"])
        #expect(ApprovalArgumentLayout.looksSecret("X-Auth-TOKEN"))
        #expect(ApprovalArgumentLayout.looksSecret("client credentials"))
        #expect(!ApprovalArgumentLayout.looksSecret("destination"))
    }

    @Test func lineBreaksAreMarkedWhenCollapsedAndIndentedWhenExpanded() {
        let arguments: JSONValue = .object(["body": .string("one\r\ntwo\nthree")])
        #expect(layout.collapsed(arguments).lines == ["body: one⏎two⏎three"])
        #expect(layout.expanded(arguments) == ["body: one", "  two", "  three"])
    }

    @Test func controlCharactersFromTheAgentNeverReachTheTerminal() {
        let arguments: JSONValue = .object(["title": .string("a\u{1B}[2Jb\u{07}\tc")])
        #expect(layout.expanded(arguments) == ["title: a\u{FFFD}[2Jb\u{FFFD} c"])
        #expect(!layout.collapsed(arguments).lines[0].contains("\u{1B}"))
    }

    @Test func aValueTheServerCutIsFlaggedAndExplained() {
        let cut = String(repeating: "x", count: 512) + ApprovalArgumentCheck.truncationMarker
        let arguments: JSONValue = .object(["content": .string(cut), "destination": .string("demo://notes")])
        #expect(ApprovalArgumentLayout.entries(arguments).map(\.isCutByServer) == [true, false])
        #expect(ApprovalArgumentLayout.serverCutNote(arguments)?.contains("512 characters") == true)
        #expect(ApprovalArgumentLayout.serverCutNote(.object(["a": .string("b")])) == nil)
        #expect(layout.expanded(arguments).first == "content: " + cut)
    }

    @Test func argumentsThatAreNotAnObjectShowAsOneValue() {
        #expect(layout.expanded(.array([.int(1), .int(2)])) == ["value: [1,2]"])
        #expect(layout.expanded(.null).isEmpty)
    }

    @Test func theStandardLayoutIsTheSmallBoundBothAppsUse() {
        #expect(ApprovalArgumentLayout.standard.collapsedCount == 3)
        #expect(ApprovalArgumentLayout.standard.valueLimit == 60)
    }
}

@Suite struct ApprovalCardArgumentsTests {
    @Test func theTranscriptsApprovalCardKeepsTheArgumentsItWasReadWith() {
        var transcript = Transcript()
        let view = ApprovalView(id: "a1", runID: "r1", sessionID: "s1", status: .pending, toolName: "demo.external_write",
                                arguments: .object(["destination": .string("demo://notes")]), risk: .high,
                                createdAt: Timestamp("2026-08-22T18:05:10Z"))
        transcript.attach(view)
        let card = transcript.items.compactMap(\.approval).first
        #expect(card?.arguments == .object(["destination": .string("demo://notes")]))
    }
}
