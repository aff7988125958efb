import Testing
import VeetConsole

@Suite struct ParserErrorTests {
    @Test func unknownLongOptionSuggestsTheNearest() {
        let error = usageError(["sessions", "list", "--limt", "5"])
        #expect(error == UsageError(.unknownOption("--limt", suggestion: "--limit"), path: ["sessions", "list"]))
        #expect(error?.message == "unknown option '--limt'; did you mean '--limit'?")
    }

    @Test func suggestionsIncludeInheritedOptionsAndSwappedLetters() {
        #expect(usageError(["chat", "--jsno"])?.message == "unknown option '--jsno'; did you mean '--json'?")
        #expect(usageError(["chat", "--hlep"])?.message == "unknown option '--hlep'; did you mean '--help'?")
    }

    @Test func unknownLongOptionFarFromAnyGetsNoSuggestion() {
        let error = usageError(["chat", "--xyzzy"])
        #expect(error?.kind == .unknownOption("--xyzzy", suggestion: nil))
        #expect(error?.message == "unknown option '--xyzzy'")
    }

    @Test func unknownShortOption() {
        #expect(usageError(["chat", "-q"])?.message == "unknown option '-q'")
        #expect(usageError(["sessions", "list", "-aq"])?.message == "unknown option '-q'")
    }

    @Test func longOptionTypedWithOneDash() {
        #expect(usageError(["chat", "-json"])?.message == "unknown option '-json'; did you mean '--json'?")
    }

    @Test func optionOfAnotherCommandIsUnknownHere() {
        #expect(usageError(["chat", "--limit", "5"])?.kind == .unknownOption("--limit", suggestion: nil))
        #expect(usageError(["--limit", "5", "sessions", "list"])?.path == [])
    }

    @Test func missingValue() {
        let long = usageError(["sessions", "list", "--limit"])
        #expect(long == UsageError(.missingValue(option: "--limit", valueName: "n"), path: ["sessions", "list"]))
        #expect(long?.message == "option '--limit' needs a value <n>")
        #expect(usageError(["sessions", "list", "-avn"])?.message == "option '-n' needs a value <n>")
    }

    @Test func flagGivenAValue() {
        let error = usageError(["chat", "--json=yes"])
        #expect(error?.kind == .unexpectedValue(option: "--json"))
        #expect(error?.message == "option '--json' does not take a value")
    }

    @Test func nonRepeatableValueGivenTwice() {
        let error = usageError(["sessions", "list", "--limit", "1", "-n", "2"])
        #expect(error?.kind == .repeatedOption("--limit"))
        #expect(error?.message == "option '--limit' was given more than once")
    }

    @Test func unknownCommandSuggests() {
        let error = usageError(["sesions", "list"])
        #expect(error == UsageError(.unknownCommand("sesions", suggestion: "sessions"), path: []))
        #expect(error?.message == "unknown command 'sesions'; did you mean 'sessions'?")
        #expect(usageError(["sessions", "shwo"])?.message == "unknown command 'shwo'; did you mean 'show'?")
    }

    @Test func unknownCommandFarFromAny() {
        #expect(usageError(["frobnicate"])?.message == "unknown command 'frobnicate'")
    }

    @Test func groupWithoutASubcommand() {
        let root = usageError([])
        #expect(root?.message == "missing command; expected one of: sessions, send, chat")
        let group = usageError(["sessions", "--json"])
        #expect(group == UsageError(.missingCommand(available: ["list", "show"]), path: ["sessions"]))
    }

    @Test func missingRequiredPositional() {
        let error = usageError(["sessions", "show"])
        #expect(error == UsageError(.missingPositional(name: "session-id"), path: ["sessions", "show"]))
        #expect(error?.message == "missing argument <session-id>")
        #expect(usageError(["send", "--json"])?.message == "missing argument <session-id>")
    }

    @Test func tooManyPositionals() {
        let error = usageError(["sessions", "show", "a", "b"])
        #expect(error?.kind == .tooManyPositionals(unexpected: "b"))
        #expect(error?.message == "unexpected argument 'b'")
        #expect(usageError(["chat", "hello"])?.message == "unexpected argument 'hello'")
    }

    @Test func invalidInteger() throws {
        let parsed = try run(["sessions", "list", "--limit", "ten"])
        #expect(throws: UsageError(.invalidInteger(option: "--limit", value: "ten"), path: ["sessions", "list"])) {
            try parsed.int("limit")
        }
        #expect(UsageError(.invalidInteger(option: "--limit", value: "ten"), path: []).message
            == "invalid value 'ten' for '--limit': expected an integer")
    }

    @Test func invalidChoice() throws {
        let parsed = try run(["chat", "--color", "sometimes"])
        do {
            _ = try parsed.choice("color", as: ColorMode.self)
            Issue.record("expected an invalid choice")
        } catch {
            #expect(error.message == "invalid value 'sometimes' for '--color': expected one of: auto, always, never")
        }
    }

    @Test func missingRequiredOption() throws {
        let parsed = try run(["chat"])
        #expect(throws: UsageError(.missingOption("--server"), path: ["chat"])) {
            try parsed.requiredValue("server")
        }
        #expect(UsageError(.missingOption("--server"), path: []).message == "missing required option '--server'")
    }

    @Test func reportPointsAtTheCommandsHelp() {
        let error = UsageError(.unknownOption("--limt", suggestion: "--limit"), path: ["sessions", "list"])
        #expect(error.report(programName: "veet") == """
            veet: unknown option '--limt'; did you mean '--limit'?
            Run 'veet sessions list --help' for usage.
            """)
    }
}

@Suite struct SuggestionAndSpecTests {
    @Test func sampleTreeIsSound() {
        #expect(sampleTree.problems().isEmpty)
    }

    @Test func problemsAreReported() {
        let broken = CommandSpec(
            name: "tool", summary: "",
            options: [.flag("quiet", short: "q", help: ""), .flag("quiet", help: "")],
            positionals: [PositionalSpec("rest", help: "", isOptional: true, isVariadic: true), PositionalSpec("last", help: "")],
            subcommands: [
                CommandSpec(name: "a", summary: "", options: [.flag("query", short: "q", help: ""), .flag("help", help: "")]),
                CommandSpec(name: "a", summary: ""),
            ])
        #expect(broken.problems() == [
            "'tool' has both subcommands and positionals",
            "'tool' declares --quiet twice",
            "'tool' has variadic <rest> before the last position",
            "'tool' has required <last> after an optional positional",
            "'tool' has two subcommands named 'a'",
            "'tool a' redeclares the built-in -h/--help",
            "'tool a' gives -q to --query, hiding --quiet",
        ])
    }

    @Test func lookupAlongPaths() {
        #expect(sampleTree.command(at: ["sessions", "show"])?.summary == "Show one session.")
        #expect(sampleTree.command(at: ["sessions", "nope"]) == nil)
        #expect(sampleTree.lineage(for: ["send"])?.map(\.name) == ["veet", "send"])
    }
}
