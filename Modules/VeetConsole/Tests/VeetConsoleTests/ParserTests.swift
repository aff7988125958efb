import Testing
import VeetConsole

@Suite struct ParserTests {
    @Test func subcommandPathWithNoOptions() throws {
        let parsed = try run(["sessions", "list"])
        #expect(parsed == ParsedCommand(path: ["sessions", "list"]))
    }

    @Test(arguments: [
        ["sessions", "list", "--limit", "5"],
        ["sessions", "list", "--limit=5"],
        ["sessions", "list", "-n", "5"],
        ["sessions", "list", "-n5"],
        ["sessions", "list", "-avn", "5"],
        ["sessions", "list", "-avn5"],
    ])
    func everySpellingOfAValue(arguments: [String]) throws {
        let parsed = try run(arguments)
        #expect(parsed.value("limit") == "5")
        #expect(try parsed.int("limit") == 5)
    }

    @Test func combinedShortFlags() throws {
        let parsed = try run(["sessions", "list", "-av"])
        #expect(parsed.flags == ["archived", "verbose"])
        #expect(parsed.flag("archived"))
        #expect(!parsed.flag("json"))
    }

    @Test func valueMayStartWithADashOrBeEmpty() throws {
        #expect(try run(["sessions", "list", "--limit", "-5"]).int("limit") == -5)
        #expect(try run(["sessions", "list", "--limit="]).value("limit") == "")
        #expect(try run(["sessions", "list", "--tag=a=b"]).value("tag") == "a=b")
    }

    @Test func repeatableOptionKeepsEveryValueInOrder() throws {
        let parsed = try run(["sessions", "list", "-t", "a", "--tag", "b", "--tag=c", "-td"])
        #expect(parsed.values("tag") == ["a", "b", "c", "d"])
        #expect(parsed.value("tag") == "d")
    }

    @Test func repeatingAFlagIsHarmless() throws {
        #expect(try run(["chat", "--json", "--json"]).flags == ["json"])
    }

    @Test func rootOptionsWorkBeforeAndAfterTheSubcommand() throws {
        let before = try run(["--json", "-s", "https://a.example", "sessions", "list"])
        let after = try run(["sessions", "list", "--server=https://a.example", "--json"])
        #expect(before == after)
        #expect(before.flag("json"))
        #expect(before.value("server") == "https://a.example")
    }

    @Test func positionalsByName() throws {
        let parsed = try run(["send", "s1", "hello", "--json", "world"])
        #expect(parsed.positionals == ["s1", "hello", "world"])
        #expect(parsed.argument("session-id") == "s1")
        #expect(parsed.arguments("message") == ["hello", "world"])
        #expect(parsed.flag("json"))
    }

    @Test func optionalPositionalMayBeAbsent() throws {
        let parsed = try run(["send", "s1"])
        #expect(parsed.argument("message") == nil)
        #expect(parsed.arguments("message").isEmpty)
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try run(["send", "s1", "--", "--json", "-n", "--help", "-"])
        #expect(parsed.positionals == ["s1", "--json", "-n", "--help", "-"])
        #expect(parsed.flags.isEmpty)
    }

    @Test func singleDashIsAPositional() throws {
        #expect(try run(["send", "s1", "-"]).arguments("message") == ["-"])
    }

    @Test func absentValuesReadAsNil() throws {
        let parsed = try run(["sessions", "list"])
        #expect(parsed.value("limit") == nil)
        #expect(try parsed.int("limit") == nil)
        #expect(try parsed.choice("color", as: ColorMode.self) == nil)
        #expect(parsed.values("tag").isEmpty)
    }

    @Test func choiceReadsAColorMode() throws {
        #expect(try run(["chat", "--color=never"]).choice("color", as: ColorMode.self) == .never)
        #expect(try run(["chat", "--color", "always"]).choice("color", as: ColorMode.self) == .always)
    }

    @Test func requiredValueReturnsTheValue() throws {
        #expect(try run(["chat", "-s", "x"]).requiredValue("server") == "x")
    }
}

@Suite struct HelpRequestTests {
    @Test(arguments: [
        (["--help"], []),
        (["-h"], []),
        (["help"], []),
        (["sessions", "--help"], ["sessions"]),
        (["sessions", "list", "-h"], ["sessions", "list"]),
        (["sessions", "list", "-vh"], ["sessions", "list"]),
        (["--help", "sessions", "list"], ["sessions", "list"]),
        (["help", "sessions", "list"], ["sessions", "list"]),
        (["sessions", "help", "show"], ["sessions", "show"]),
        (["help", "--json", "send"], ["send"]),
    ] as [([String], [String])])
    func helpForThePath(arguments: [String], path: [String]) throws {
        #expect(try sampleParser.parse(arguments) == .help(path: path))
    }

    @Test func helpWinsOverUsageErrorsOnTheSameLine() throws {
        #expect(try sampleParser.parse(["sessions", "list", "--bogus", "--help"]) == .help(path: ["sessions", "list"]))
        #expect(try sampleParser.parse(["sessions", "show", "--help"]) == .help(path: ["sessions", "show"]))
        #expect(try sampleParser.parse(["sessions", "nope", "-h"]) == .help(path: ["sessions"]))
        #expect(try sampleParser.parse(["-h", "sessions", "list", "--limit"]) == .help(path: ["sessions", "list"]))
    }

    @Test func helpAfterDoubleDashIsJustAnArgument() throws {
        #expect(try run(["send", "s1", "--", "--help"]).arguments("message") == ["--help"])
    }

    @Test func helpForAnUnknownTopicSuggests() {
        let error = usageError(["help", "sessions", "lst"])
        #expect(error == UsageError(.unknownCommand("lst", suggestion: "list"), path: ["sessions"]))
        #expect(error?.message == "unknown command 'lst'; did you mean 'list'?")
    }
}
