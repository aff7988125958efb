/// A command line that does not fit the command tree. `message` is one
/// sentence for the user; `path` names the command it concerns (below the
/// root), so the caller can point at that command's help.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// `option` is spelled as typed (`--jsn`, `-q`); `suggestion` is a
        /// known long option such as `--json`.
        case unknownOption(String, suggestion: String?)
        case missingValue(option: String, valueName: String)
        case unexpectedValue(option: String)
        case repeatedOption(String)
        case unknownCommand(String, suggestion: String?)
        case missingCommand(available: [String])
        case missingPositional(name: String)
        case tooManyPositionals(unexpected: String)
        case missingOption(String)
        case invalidInteger(option: String, value: String)
        case invalidChoice(option: String, value: String, choices: [String])
    }

    public var kind: Kind
    /// Names below the root, e.g. `["sessions", "list"]`.
    public var path: [String]

    public init(_ kind: Kind, path: [String]) {
        self.kind = kind
        self.path = path
    }

    public var message: String {
        switch kind {
        case let .unknownOption(option, suggestion):
            return "unknown option '\(option)'" + Self.didYouMean(suggestion)
        case let .missingValue(option, valueName):
            return "option '\(option)' needs a value <\(valueName)>"
        case let .unexpectedValue(option):
            return "option '\(option)' does not take a value"
        case let .repeatedOption(option):
            return "option '\(option)' was given more than once"
        case let .unknownCommand(name, suggestion):
            return "unknown command '\(name)'" + Self.didYouMean(suggestion)
        case let .missingCommand(available):
            return "missing command; expected one of: " + available.joined(separator: ", ")
        case let .missingPositional(name):
            return "missing argument <\(name)>"
        case let .tooManyPositionals(unexpected):
            return "unexpected argument '\(unexpected)'"
        case let .missingOption(option):
            return "missing required option '\(option)'"
        case let .invalidInteger(option, value):
            return "invalid value '\(value)' for '\(option)': expected an integer"
        case let .invalidChoice(option, value, choices):
            return "invalid value '\(value)' for '\(option)': expected one of: " + choices.joined(separator: ", ")
        }
    }

    public var description: String { message }

    /// The two lines a CLI prints on stderr, e.g.
    /// `veet: unknown command 'sesions'; did you mean 'sessions'?` and
    /// `Run 'veet --help' for usage.`
    public func report(programName: String) -> String {
        let command = ([programName] + path).joined(separator: " ")
        return "\(programName): \(message)\nRun '\(command) --help' for usage."
    }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }
}
