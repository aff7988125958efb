import Foundation
import VeetConsole

/// Runs `body` with an `Output` writing into a pipe and returns what it wrote.
func capturedOutput(_ body: (Output) async -> Void) async -> String {
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0, "pipe() failed")
    let reader = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
    await body(Output(fileDescriptor: ends[1]))
    close(ends[1])
    return String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
}

/// Hands out prepared answers one by one, then nil (end of input).
struct ScriptedInput {
    private var lines: [String]
    init(_ lines: [String]) { self.lines = lines }
    mutating func next() -> String? { lines.isEmpty ? nil : lines.removeFirst() }
}

/// Parses and expects a command to run (not help).
func run(_ arguments: [String]) throws -> ParsedCommand {
    guard case let .run(parsed) = try sampleParser.parse(arguments) else {
        throw UnexpectedHelp()
    }
    return parsed
}

struct UnexpectedHelp: Error {}

/// The usage error a command line produces, or nil when it parses.
func usageError(_ arguments: [String]) -> UsageError? {
    do {
        _ = try sampleParser.parse(arguments)
        return nil
    } catch {
        return error
    }
}
