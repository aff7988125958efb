import Foundation
import Testing
import VeetConsole

/// `tokens` run in-process: the palette as a preview, JSON or CSS, and the one usage conflict.
@Suite struct TokensCommandsTests {
    static let group = TokensCommands(environment: ["COLORFGBG": "0;15"], askBackground: { _ in nil })

    static func parse(_ words: String...) throws -> ParsedCommand {
        try ConsoleCapture.parse(words, group: TokensCommands.spec)
    }

    @Test func jsonAndAnotherFormatAreAUsageMistakeToldOnStderrAlone() async throws {
        let captured = try ConsoleCapture()
        let code = try await Self.group.run(Self.parse("tokens", "--json", "--format", "css"), console: captured.console(json: true))
        #expect(code == .usage)
        #expect(captured.stderr == "veet: --json asks for JSON but --format asks for css; give one of them\n")
        #expect(captured.stdout.isEmpty)
    }

    @Test func anUnknownFormatNamesTheChoices() async throws {
        let captured = try ConsoleCapture()
        #expect(try await Self.group.run(Self.parse("tokens", "--format", "yaml"), console: captured.console()) == .usage)
        #expect(captured.stderr.contains("'--format': expected one of: preview, json, css"))
    }

    @Test func cssForOneAppearanceHasNoMediaQuery() async throws {
        let captured = try ConsoleCapture()
        let code = try await Self.group.run(Self.parse("tokens", "--format", "css", "--appearance", "dark"), console: captured.console())
        #expect(code == .success)
        #expect(captured.stdout.contains("--veet-teal") && !captured.stdout.contains("prefers-color-scheme"))
    }

    @Test func jsonIsThePaletteDocumentWithBothAppearances() async throws {
        let captured = try ConsoleCapture()
        #expect(try await Self.group.run(Self.parse("tokens", "--json"), console: captured.console(json: true)) == .success)
        #expect(captured.stdout.contains("\"light\"") && captured.stdout.contains("\"dark\""))
    }

    /// A pipe gets plain text; the appearance comes from COLORFGBG when the terminal does not answer.
    @Test func aPreviewOnAPipeIsPlainAndSaysWhereTheAppearanceCameFrom() async throws {
        let captured = try ConsoleCapture()
        #expect(try await Self.group.run(Self.parse("tokens"), console: captured.console()) == .success)
        #expect(!captured.stdout.contains("\u{1B}["))
        #expect(captured.stdout.hasPrefix("A2 Dock palette · light appearance (from COLORFGBG) · plain text\n"))
        #expect(captured.stdout.contains("Type roles") && captured.stdout.contains("CLI roles"))
    }
}
