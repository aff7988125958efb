import Foundation

/// A feature's command group (its "command face"): a subtree of the CLI
/// (`veet memory ...`) with its spec and its runner. The app registers one
/// line per group; the group gets its feature's API handed in and the
/// console's facts through `Console`, and never makes a client, reads an HTTP
/// status or prints an error report: it throws, and the app reports.
public protocol CommandGroup: Sendable {
    /// The group's tree: its name, help and subcommands (options as `Flag`/`ValueOption` values).
    static var spec: CommandSpec { get }

    /// Runs `command`, whose path starts with the group's name.
    func run(_ command: ParsedCommand, console: Console) async throws -> ExitCode
}

/// What a command face may use of the terminal it runs on: the two streams,
/// their styles, whether it may ask, and whether `--json` was given.
public struct Console: Sendable {
    public var out: Output
    public var err: Output
    public var terminal: Terminal
    public var outStyle: Style
    public var errStyle: Style
    public var json: Bool
    /// The program's name, which leads an error line ("veet: ...").
    public var programName: String
    /// Reads one line typed on the terminal (a confirmation); nil at end of input.
    public var readLine: @Sendable (_ prompt: String) async -> String?

    public init(out: Output = .standardOutput, err: Output = .standardError, terminal: Terminal, outStyle: Style = .plain,
                errStyle: Style = .plain, json: Bool, programName: String,
                readLine: @escaping @Sendable (_ prompt: String) async -> String? = Console.blockingReadLine) {
        self.out = out
        self.err = err
        self.terminal = terminal
        self.outStyle = outStyle
        self.errStyle = errStyle
        self.json = json
        self.programName = programName
        self.readLine = readLine
    }

    /// Prints `value` as one line of JSON on stdout.
    public func printJSON(_ value: some Encodable) throws {
        try JSONOutput.print(value, layout: .compact, to: out)
    }

    /// Asks a yes/no question on stderr; true only for an answer starting with "y".
    public func confirm(_ prompt: String) async -> Bool {
        let answer = await readLine(prompt)
        return answer?.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("y") == true
    }

    /// Standard input read on a thread of its own, so a waiting prompt blocks no task.
    public static let blockingReadLine: @Sendable (String) async -> String? = { prompt in
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: LinePrompt.readLine(prompt: prompt))
            }
        }
    }
}

/// A failure a command face found itself: its line as written on stderr,
/// the documented exit status, the error kind `--json` reports, and the error
/// that caused it (the app takes the server's answer from it for `--json`).
public struct CommandFailure: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var exitCode: ExitCode
    /// `--json`'s `kind` ("refused", "usage", "not_offered", ...); nil lets the app derive it.
    public var kind: String?
    public var cause: (any Error & Sendable)?

    public init(_ message: String, exitCode: ExitCode = .failure, kind: String? = nil, cause: (any Error & Sendable)? = nil) {
        self.message = message
        self.exitCode = exitCode
        self.kind = kind
        self.cause = cause
    }

    public static func usage(_ message: String) -> CommandFailure {
        CommandFailure(message, exitCode: .usage, kind: "usage")
    }

    public var description: String { message }
}
