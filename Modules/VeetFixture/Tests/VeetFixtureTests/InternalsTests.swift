import Foundation
import Testing
@testable import VeetFixture

/// The fixture's own building blocks: JSON, SHA-256, timestamps, cursors, prompt choice.
@Suite struct InternalsTests {
    @Test func writerSortsKeysAtEveryLevelAndEscapesLikeTheServer() {
        let value: JSON = ["b": ["z": 1, "a": [["y": true, "x": nil]]], "a": "é/\"\n\u{01}"]
        #expect(value.serialized(sortedKeys: true) == #"{"a":"é/\"\n\u0001","b":{"a":[{"x":null,"y":true}],"z":1}}"#)
        #expect(value.serialized() == #"{"b":{"z":1,"a":[{"y":true,"x":null}]},"a":"é/\"\n\u0001"}"#)
    }

    @Test(arguments: [#"{"a":1,}"#, #"[1 2]"#, "01", #""\x""#, "{\"a\":\"\u{01}\"}", #"{"a":1} x"#, "", "nul", #""\ud800""#])
    func parserRefusesInvalidJSON(text: String) {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(text) }
    }

    @Test func parserReadsWhatTheWriterWrites() throws {
        let text = #"{"s":"\u00e9\ud83d\ude00\n","n":-12,"f":1.5e3,"a":[true,false,null],"o":{}}"#
        let value = try JSONParser.parse(text)
        #expect(value["s"]?.stringValue == "é😀\n")
        #expect(value["n"]?.intValue == -12)
        #expect(value["f"] == .double(1500))
        #expect(try JSONParser.parse(value.serialized()) == value)
    }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("hello artifact\n", "51bc0fc1f19104fa6e89ce50be9aa1f57c3346c1ca51ab49f5f00e14ce8f8076"),
        ("hello from the scripted model", "c86721568f1aa5e0486c331f97a21ca3f1d313ef40ec41299ccb8acce95c9227"),
        (String(repeating: "a", count: 1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
    func sha256MatchesKnownDigests(input: String, digest: String) {
        #expect(SHA256.hex(input) == digest)
    }

    @Test func instantsRoundTripInBothSuffixes() throws {
        let instant = try #require(Instant(parsing: "2026-11-30T04:14:37.912593Z"))
        #expect(instant.zulu == "2026-11-30T04:14:37.912593Z")
        #expect(instant.offset == "2026-11-30T04:14:37.912593+00:00")
        #expect(Instant(parsing: instant.offset) == instant)
        #expect(Instant(parsing: "2026-11-30T04:14:37Z")?.zulu == "2026-11-30T04:14:37.000000Z")
        #expect(Instant(parsing: "yesterday") == nil)
    }

    @Test func sessionCursorDecodesLikeTheRecordedOnes() throws {
        let recorded = try Golden.object("sessions-page1.json")["next_cursor"] as? String ?? ""
        let position = try #require(Cursor.keyset(recorded))
        #expect(position.id == "f712728c-15be-415d-ab5d-84764f3a270a")
        #expect(position.instant.offset == "2026-11-30T04:15:46.948095+00:00")
        #expect(Cursor.keyset(instant: position.instant, id: position.id) == recorded)
    }

    @Test(arguments: [
        ("What is 17 multiplied by 23?", "17 * 23", "391"), ("17 * 23", "17 * 23", "391"),
        ("what's 7 plus 5", "7 + 5", "12"), ("10 divided by 4", "10 / 4", "2.5"), ("9 - 12", "9 - 12", "-3"),
    ])
    func arithmeticPromptsBecomeCalculations(prompt: String, expression: String, result: String) throws {
        let calculation = try #require(Calculation(prompt: prompt))
        #expect(calculation.expression == expression)
        #expect(calculation.result == result)
    }

    @Test func promptKeywordsChooseTheScenario() {
        #expect(Scenario.choose(for: "Please APPROVE it") == .approval)
        #expect(Scenario.choose(for: "Please ask me") == .askUser)
        #expect(Scenario.choose(for: "a task list") == .markdown)
        #expect(Scenario.choose(for: "Think hard") == .reasoning)
        #expect(Scenario.choose(for: "slow please") == .slow)
        #expect(Scenario.choose(for: "fail now") == .modelFailure)
        #expect(Scenario.choose(for: "create an artifact") == .artifact)
        #expect(Scenario.choose(for: "1 / 0") == .markdown)
    }

    @Test func requestIDsAreEchoedOnlyWhenSafe() {
        #expect(Identifier.requestID(echoing: "a.b_c-1") == "a.b_c-1")
        #expect(Identifier.requestID(echoing: "a b") != "a b")
        #expect(Identifier.requestID(echoing: "") != "")
    }
}
