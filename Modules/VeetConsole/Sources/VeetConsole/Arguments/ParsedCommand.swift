/// What the parser found: which command, and the options and positionals
/// given to it. Option keys are long names without dashes.
public struct ParsedCommand: Sendable, Equatable {
    /// Command names below the root, e.g. `["sessions", "list"]`.
    public var path: [String]
    public var flags: Set<String>
    /// Every value given, in order, per option.
    public var values: [String: [String]]
    public var positionals: [String]
    /// The spec name of each positional, parallel to `positionals` (a
    /// variadic name repeats).
    public var positionalNames: [String]

    public init(
        path: [String], flags: Set<String> = [], values: [String: [String]] = [:],
        positionals: [String] = [], positionalNames: [String] = []
    ) {
        self.path = path
        self.flags = flags
        self.values = values
        self.positionals = positionals
        self.positionalNames = positionalNames
    }

    public func flag(_ name: String) -> Bool {
        flags.contains(name)
    }

    /// The last value given for the option, or nil.
    public func value(_ name: String) -> String? {
        values[name]?.last
    }

    /// Every value given for a repeatable option, in order.
    public func values(_ name: String) -> [String] {
        values[name] ?? []
    }

    public func requiredValue(_ name: String) throws(UsageError) -> String {
        guard let value = value(name) else {
            throw UsageError(.missingOption("--\(name)"), path: path)
        }
        return value
    }

    /// The option's value as an integer, nil when absent.
    public func int(_ name: String) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text) else {
            throw UsageError(.invalidInteger(option: "--\(name)", value: text), path: path)
        }
        return number
    }

    /// The option's value as one of a fixed set (matched on the raw value),
    /// nil when absent.
    public func choice<Choice>(_ name: String, as type: Choice.Type) throws(UsageError) -> Choice?
    where Choice: RawRepresentable & CaseIterable, Choice.RawValue == String {
        guard let text = value(name) else { return nil }
        guard let choice = Choice(rawValue: text) else {
            let choices = Choice.allCases.map(\.rawValue)
            throw UsageError(.invalidChoice(option: "--\(name)", value: text, choices: choices), path: path)
        }
        return choice
    }

    /// The positional declared under `name`, or nil when it was not given.
    public func argument(_ name: String) -> String? {
        arguments(name).first
    }

    /// Every positional declared under `name` (for a variadic positional).
    public func arguments(_ name: String) -> [String] {
        zip(positionalNames, positionals).filter { $0.0 == name }.map(\.1)
    }
}

/// The parser's answer: run a command, or show help for the command at `path`.
public enum ParseResult: Sendable, Equatable {
    case run(ParsedCommand)
    case help(path: [String])
}
