/// An option declared once as a value and read through that value, so an
/// option a command does not declare cannot be asked for: a misspelt name is
/// a compile error, not a silent `nil` (`ParsedCommand.flag(_:)`).
public struct Flag: Sendable, Equatable {
    public let spec: OptionSpec

    public init(_ long: String, short: Character? = nil, help: String) {
        spec = .flag(long, short: short, help: help)
    }
}

/// A value option (`--status active`), declared once; `repeatable` keeps every value given.
public struct ValueOption: Sendable, Equatable {
    public let spec: OptionSpec

    /// The conventional `--color <when>` (`OptionSpec.color`), read with `choice(.color, as: ColorMode.self)`.
    public static let color = ValueOption(spec: .color)

    private init(spec: OptionSpec) {
        self.spec = spec
    }

    public init(_ long: String, short: Character? = nil, valueName: String, help: String, repeatable: Bool = false,
                completion: CompletionSource = .none) {
        var spec = OptionSpec.value(long, short: short, valueName: valueName, help: help, repeatable: repeatable)
        spec.completion = completion
        self.spec = spec
    }
}

/// A positional argument declared once and read through its declaration.
public struct Argument: Sendable, Equatable {
    public let spec: PositionalSpec

    public init(_ name: String, help: String, isOptional: Bool = false, isVariadic: Bool = false,
                completion: CompletionSource = .none) {
        spec = PositionalSpec(name, help: help, isOptional: isOptional, isVariadic: isVariadic, completion: completion)
    }
}

extension ParsedCommand {
    public func flag(_ option: Flag) -> Bool { flag(option.spec.long) }

    /// The last value given, or nil.
    public func value(_ option: ValueOption) -> String? { value(option.spec.long) }

    /// Every value given, in order.
    public func values(_ option: ValueOption) -> [String] { values(option.spec.long) }

    public func int(_ option: ValueOption) throws(UsageError) -> Int? { try int(option.spec.long) }

    /// The value given, as one of `type`'s cases; a value that is none of them is a usage error naming them.
    public func choice<Choice>(_ option: ValueOption, as type: Choice.Type) throws(UsageError) -> Choice?
    where Choice: RawRepresentable & CaseIterable, Choice.RawValue == String {
        try choice(option.spec.long, as: type)
    }

    /// The positional given for `argument`; "" when an optional one was left out.
    public func argument(_ argument: Argument) -> String { self.argument(argument.spec.name) ?? "" }

    public func arguments(_ argument: Argument) -> [String] { arguments(argument.spec.name) }

    /// True when this command's path is `group` followed by `words` (`["memory", "list"]`).
    public func names(_ words: String...) -> Bool { path == words }
}
