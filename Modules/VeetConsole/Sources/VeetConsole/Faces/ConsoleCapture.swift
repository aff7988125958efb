import Foundation

/// A `Console` whose stdout and stderr go to files, read back after a command
/// group ran in-process: how a face's tests (or a tool embedding one) see
/// exactly what the owner would. The files are removed with it.
public final class ConsoleCapture {
    private let outURL: URL
    private let errURL: URL
    private let out: FileHandle
    private let err: FileHandle

    public init() throws {
        let name = UUID().uuidString
        outURL = FileManager.default.temporaryDirectory.appendingPathComponent("console-out-\(name)")
        errURL = FileManager.default.temporaryDirectory.appendingPathComponent("console-err-\(name)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        out = try FileHandle(forWritingTo: outURL)
        err = try FileHandle(forWritingTo: errURL)
    }

    deinit {
        try? out.close()
        try? err.close()
        try? FileManager.default.removeItem(at: outURL)
        try? FileManager.default.removeItem(at: errURL)
    }

    /// A console without colour; `answer` is what a confirmation prompt reads (and stdin is a terminal
    /// only when one is given).
    public func console(json: Bool = false, answer: String? = nil, programName: String = "veet") -> Console {
        let terminal = Terminal(stdinIsTerminal: answer != nil, stdoutIsTerminal: false, stderrIsTerminal: false,
                                width: 80, colorMode: .never, environment: [:])
        return Console(out: Output(fileDescriptor: out.fileDescriptor), err: Output(fileDescriptor: err.fileDescriptor),
                       terminal: terminal, json: json, programName: programName, readLine: { _ in answer })
    }

    public var stdout: String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }
    public var stderr: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }

    /// `words` parsed as a command line whose root holds `group` and a global `--json`.
    public static func parse(_ words: [String], group: CommandSpec) throws -> ParsedCommand {
        let root = CommandSpec(name: "veet", summary: "", options: [.flag("json", help: "")], subcommands: [group])
        guard case .run(let command) = try CommandLineParser(root: root).parse(words) else {
            throw CommandFailure("\(words.joined(separator: " ")) asks for help, not a command")
        }
        return command
    }
}
