import Testing
@testable import VeetCurses

@Suite struct KeyDecoderTests {
    /// Every kind of input the decoder knows, with what it must produce.
    static let cases: [(bytes: String, events: [InputEvent])] = [
        ("a", [.key(.char("a"))]),
        ("Zé中😀", [.key(.char("Z")), .key(.char("é")), .key(.char("中")), .key(.char("😀"))]),
        ("\r", [.key(KeyPress(.enter))]),
        ("\t", [.key(KeyPress(.tab))]),
        ("\u{7F}", [.key(KeyPress(.backspace))]),
        ("\u{08}", [.key(KeyPress(.backspace))]),
        ("\u{01}\u{03}\n", [.key(.char("a", .control)), .key(.char("c", .control)), .key(.char("j", .control))]),
        ("\u{00}", [.key(.char(" ", .control))]),
        ("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D", [.key(KeyPress(.up)), .key(KeyPress(.down)), .key(KeyPress(.right)), .key(KeyPress(.left))]),
        ("\u{1B}OA\u{1B}OH\u{1B}OF", [.key(KeyPress(.up)), .key(KeyPress(.home)), .key(KeyPress(.end))]),
        ("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~", [.key(KeyPress(.home)), .key(KeyPress(.end)), .key(KeyPress(.home)), .key(KeyPress(.end))]),
        ("\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[2~", [.key(KeyPress(.pageUp)), .key(KeyPress(.pageDown)), .key(KeyPress(.delete)), .key(KeyPress(.insert))]),
        ("\u{1B}OP\u{1B}OS\u{1B}[15~\u{1B}[17~\u{1B}[21~\u{1B}[23~\u{1B}[24~",
         [1, 4, 5, 6, 10, 11, 12].map { .key(KeyPress(.function($0))) }),
        ("\u{1B}[1;5A", [.key(KeyPress(.up, .control))]),
        ("\u{1B}[1;3D", [.key(KeyPress(.left, .alt))]),
        ("\u{1B}[1;2C", [.key(KeyPress(.right, .shift))]),
        ("\u{1B}[1;8H", [.key(KeyPress(.home, [.shift, .alt, .control]))]),
        ("\u{1B}[3;5~", [.key(KeyPress(.delete, .control))]),
        ("\u{1B}[15;2~", [.key(KeyPress(.function(5), .shift))]),
        ("\u{1B}[1;5P", [.key(KeyPress(.function(1), .control))]),
        ("\u{1B}[Z", [.key(KeyPress(.tab, .shift))]),
        ("\u{1B}[13;3u", [.key(KeyPress(.enter, .alt))]),
        ("\u{1B}a\u{1B}\r\u{1B}\u{7F}", [.key(.char("a", .alt)), .key(KeyPress(.enter, .alt)), .key(KeyPress(.backspace, .alt))]),
        ("\u{1B}\u{1B}[A", [.key(KeyPress(.up, .alt))]),
        ("\u{1B}é", [.key(.char("é", .alt))]),
        ("\u{1B}[200~line one\r\nline two\rend\u{1B}[201~x",
         [.paste("line one\nline two\nend"), .key(.char("x"))]),
        ("\u{1B}[200~\u{1B}[A\u{1B}[201~", [.paste("\u{1B}[A")]),
        ("\u{1B}[<0;10;5M\u{1B}[<0;10;5m",
         [.mouse(MouseEvent(kind: .press, button: .left, position: GridPoint(row: 4, column: 9))),
          .mouse(MouseEvent(kind: .release, button: .left, position: GridPoint(row: 4, column: 9)))]),
        ("\u{1B}[<64;1;1M\u{1B}[<65;200;60M",
         [.mouse(MouseEvent(kind: .scrollUp, button: .none, position: GridPoint(row: 0, column: 0))),
          .mouse(MouseEvent(kind: .scrollDown, button: .none, position: GridPoint(row: 59, column: 199)))]),
        ("\u{1B}[<34;3;4M\u{1B}[<18;2;2M",
         [.mouse(MouseEvent(kind: .drag, button: .right, position: GridPoint(row: 3, column: 2))),
          .mouse(MouseEvent(kind: .press, button: .right, position: GridPoint(row: 1, column: 1), modifiers: .control))]),
        ("\u{1B}[99X", []),
    ]

    @Test func decodesEveryKindInOneChunk() {
        for (bytes, events) in Self.cases {
            var decoder = KeyDecoder()
            #expect(decoder.feed(Array(bytes.utf8)) == events, "\(bytes.debugDescription)")
            #expect(!decoder.needsFlush)
        }
    }

    @Test func decodesTheSameWhenSplitAtEveryByte() {
        for (bytes, events) in Self.cases {
            let data = Array(bytes.utf8)
            for split in 0...data.count {
                var decoder = KeyDecoder()
                let decoded = decoder.feed(data[..<split]) + decoder.feed(data[split...])
                #expect(decoded == events, "\(bytes.debugDescription) split at \(split)")
            }
        }
    }

    @Test func decodesTheSameFedOneByteAtATime() {
        for (bytes, events) in Self.cases {
            var decoder = KeyDecoder()
            let decoded = Array(bytes.utf8).flatMap { decoder.feed([$0]) }
            #expect(decoded == events, "\(bytes.debugDescription)")
        }
    }

    @Test func loneEscapeWaitsForFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.needsFlush)
        #expect(decoder.flush() == [.key(KeyPress(.escape))])
        #expect(!decoder.needsFlush)
        #expect(decoder.flush().isEmpty)
    }

    @Test func escapeFollowedByMoreBytesIsAltOrASequence() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.feed(Array("x".utf8)) == [.key(.char("x", .alt))])
        #expect(decoder.feed([0x1B, 0x1B]).isEmpty)
        #expect(decoder.flush() == [.key(KeyPress(.escape)), .key(KeyPress(.escape))])
    }

    @Test func flushSettlesAnUnfinishedSequenceByteByByte() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[1;5".utf8)).isEmpty)
        #expect(decoder.flush() == [.key(KeyPress(.escape)), .key(.char("[")), .key(.char("1")), .key(.char(";")), .key(.char("5"))])
    }

    @Test func pasteWaitsForItsEndMarkerEvenAcrossFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~abc\u{1B}[20".utf8)).isEmpty)
        #expect(!decoder.needsFlush)
        #expect(decoder.flush().isEmpty)
        #expect(decoder.feed(Array("0~def\u{1B}[201~".utf8)) == [.paste("abc\u{1B}[200~def")])
    }

    @Test func brokenUTF8BecomesReplacementCharacter() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0xFF, 0x61]) == [.key(.char("\u{FFFD}")), .key(.char("a"))])
        #expect(decoder.feed([0xE4, 0x61]) == [.key(.char("\u{FFFD}")), .key(.char("a"))])
    }

    @Test func keyDescriptionsReadLikeHelpText() {
        #expect(KeyPress(.enter, .alt).description == "Alt-Enter")
        #expect(KeyPress.char("j", .control).description == "Ctrl-j")
        #expect(KeyPress(.pageDown).description == "PgDn")
        #expect(KeyPress(.function(5), .shift).description == "Shift-F5")
    }
}
