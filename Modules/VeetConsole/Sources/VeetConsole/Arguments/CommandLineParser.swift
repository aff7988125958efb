/// Parses the arguments after the program name against a command tree.
///
/// Accepted forms: `--opt value`, `--opt=value`, `-x`, `-x value`, `-xVALUE`,
/// combined short flags `-abc`, `--` to end options, and `-` as a positional.
/// Options may appear anywhere after the command that declares them (or one
/// of its ancestors); subcommand names come before positionals. `--help` or
/// `-h` anywhere, and `help [command...]` where a subcommand is expected, ask
/// for help; a help request wins over any usage error in the same line.
public struct CommandLineParser: Sendable {
    public let root: CommandSpec

    public init(root: CommandSpec) {
        self.root = root
    }

    /// - Parameter arguments: the command line without the program name,
    ///   e.g. `Array(CommandLine.arguments.dropFirst())`.
    public func parse(_ arguments: [String]) throws(UsageError) -> ParseResult {
        var state = ParseState(root: root)
        do throws(UsageError) {
            return try state.consume(arguments)
        } catch {
            if state.helpRequested || Self.mentionsHelp(arguments) {
                return .help(path: state.path)
            }
            throw error
        }
    }

    /// Whether `--help` or `-h` appears before any `--`.
    private static func mentionsHelp(_ arguments: [String]) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "--help" || argument == "-h" { return true }
        }
        return false
    }
}

/// The walk over one command line; kept apart so that a failed parse still
/// knows how far down the tree it got.
private struct ParseState {
    var chain: [CommandSpec]
    var path: [String] = []
    var flags: Set<String> = []
    var values: [String: [String]] = [:]
    var positionals: [String] = []
    var positionalNames: [String] = []
    var helpRequested = false

    init(root: CommandSpec) {
        chain = [root]
    }

    var current: CommandSpec { chain[chain.count - 1] }

    /// Options visible here, nearest declaration first, `--help` before all.
    var visibleOptions: [OptionSpec] {
        [OptionSpec.help] + chain.reversed().flatMap(\.options)
    }

    mutating func consume(_ arguments: [String]) throws(UsageError) -> ParseResult {
        var index = 0
        var optionsEnded = false
        func nextArgument() -> String? {
            guard index + 1 < arguments.count else { return nil }
            index += 1
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            if optionsEnded {
                try addPositional(argument)
            } else if argument == "--" {
                optionsEnded = true
            } else if argument.hasPrefix("--") {
                try longOption(argument, next: nextArgument)
            } else if argument.hasPrefix("-"), argument != "-" {
                try shortOptions(argument, next: nextArgument)
            } else if current.subcommands.isEmpty {
                try addPositional(argument)
            } else if let subcommand = current.subcommand(named: argument) {
                chain.append(subcommand)
                path.append(argument)
            } else if argument == "help" {
                return try helpTopic(Array(arguments[(index + 1)...]))
            } else {
                let names = current.subcommands.map(\.name)
                throw error(.unknownCommand(argument, suggestion: Suggestions.closest(to: argument, among: names)))
            }
            index += 1
        }
        return try finish()
    }

    private mutating func finish() throws(UsageError) -> ParseResult {
        if helpRequested { return .help(path: path) }
        if !current.subcommands.isEmpty {
            throw error(.missingCommand(available: current.subcommands.map(\.name)))
        }
        for (position, spec) in current.positionals.enumerated() where !spec.isOptional {
            if positionals.count <= position {
                throw error(.missingPositional(name: spec.name))
            }
        }
        return .run(ParsedCommand(
            path: path, flags: flags, values: values,
            positionals: positionals, positionalNames: positionalNames))
    }

    /// `help a b` names the command to describe, starting from here.
    private func helpTopic(_ words: [String]) throws(UsageError) -> ParseResult {
        var topic = path
        var cursor = current
        for word in words where !word.hasPrefix("-") {
            guard let next = cursor.subcommand(named: word) else {
                let names = cursor.subcommands.map(\.name)
                throw UsageError(
                    .unknownCommand(word, suggestion: Suggestions.closest(to: word, among: names)), path: topic)
            }
            topic.append(word)
            cursor = next
        }
        return .help(path: topic)
    }

    private mutating func longOption(_ argument: String, next: () -> String?) throws(UsageError) {
        let body = argument.dropFirst(2)
        let name: String
        let inlineValue: String?
        if let equals = body.firstIndex(of: "=") {
            name = String(body[..<equals])
            inlineValue = String(body[body.index(after: equals)...])
        } else {
            name = String(body)
            inlineValue = nil
        }
        let options = visibleOptions
        guard let option = options.first(where: { $0.long == name }) else {
            let suggestion = Suggestions.closest(to: name, among: options.map(\.long)).map { "--\($0)" }
            throw error(.unknownOption("--\(name)", suggestion: suggestion))
        }
        switch option.kind {
        case .flag:
            if inlineValue != nil { throw error(.unexpectedValue(option: "--\(name)")) }
            record(flag: option)
        case let .value(valueName):
            guard let value = inlineValue ?? next() else {
                throw error(.missingValue(option: "--\(name)", valueName: valueName))
            }
            try record(value, for: option)
        }
    }

    private mutating func shortOptions(_ argument: String, next: () -> String?) throws(UsageError) {
        let letters = Array(argument.dropFirst())
        let options = visibleOptions
        var position = 0
        while position < letters.count {
            let letter = letters[position]
            guard let option = options.first(where: { $0.short == letter }) else {
                if position == 0, letters.count > 1 {
                    // `-json`: most likely a long option typed with one dash.
                    let word = String(letters)
                    let suggestion = Suggestions.closest(to: word, among: options.map(\.long)).map { "--\($0)" }
                    throw error(.unknownOption(argument, suggestion: suggestion))
                }
                throw error(.unknownOption("-\(letter)", suggestion: nil))
            }
            switch option.kind {
            case .flag:
                record(flag: option)
                position += 1
            case let .value(valueName):
                let rest = String(letters[(position + 1)...])
                guard let value = rest.isEmpty ? next() : rest else {
                    throw error(.missingValue(option: "-\(letter)", valueName: valueName))
                }
                try record(value, for: option)
                return
            }
        }
    }

    private mutating func record(flag option: OptionSpec) {
        if option == .help {
            helpRequested = true
        } else {
            flags.insert(option.long)
        }
    }

    private mutating func record(_ value: String, for option: OptionSpec) throws(UsageError) {
        if values[option.long] != nil, !option.isRepeatable {
            throw error(.repeatedOption("--\(option.long)"))
        }
        values[option.long, default: []].append(value)
    }

    private mutating func addPositional(_ argument: String) throws(UsageError) {
        let specs = current.positionals
        let name: String
        if positionals.count < specs.count {
            name = specs[positionals.count].name
        } else if let last = specs.last, last.isVariadic {
            name = last.name
        } else {
            throw error(.tooManyPositionals(unexpected: argument))
        }
        positionals.append(argument)
        positionalNames.append(name)
    }

    private func error(_ kind: UsageError.Kind) -> UsageError {
        UsageError(kind, path: path)
    }
}
