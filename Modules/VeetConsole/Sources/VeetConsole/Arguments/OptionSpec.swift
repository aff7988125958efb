/// A named option: `--long`, optionally `-s`, either a flag or taking a value.
public struct OptionSpec: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Present or absent; never takes a value.
        case flag
        /// Takes one value; `valueName` is shown in help as `<valueName>`.
        case value(valueName: String)
    }

    /// The long name without dashes; also the key in `ParsedCommand`.
    public var long: String
    public var short: Character?
    public var kind: Kind
    public var help: String
    /// Whether a value option may be given more than once (all values are
    /// kept in order). Giving a non-repeatable value option twice is an error;
    /// repeating a flag is always harmless.
    public var isRepeatable: Bool
    /// What a shell offers for the value (`veet completion`).
    public var completion: CompletionSource

    public init(long: String, short: Character? = nil, kind: Kind, help: String, isRepeatable: Bool = false,
                completion: CompletionSource = .none) {
        self.long = long
        self.short = short
        self.kind = kind
        self.help = help
        self.isRepeatable = isRepeatable
        self.completion = completion
    }

    public static func flag(_ long: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(long: long, short: short, kind: .flag, help: help)
    }

    public static func value(
        _ long: String, short: Character? = nil, valueName: String, help: String, repeatable: Bool = false
    ) -> OptionSpec {
        OptionSpec(long: long, short: short, kind: .value(valueName: valueName), help: help, isRepeatable: repeatable)
    }

    public var takesValue: Bool {
        if case .value = kind { return true }
        return false
    }

    /// The built-in `-h, --help`, accepted by every command.
    public static let help = OptionSpec.flag("help", short: "h", help: "Show help for this command.")

    /// The conventional `--color <when>` option; read it with
    /// `parsed.choice("color", as: ColorMode.self)`.
    public static let color = OptionSpec(
        long: "color", kind: .value(valueName: "when"), help: "Use colour: auto, always or never (default auto).",
        completion: .choices(["auto", "always", "never"]))
}

/// A positional argument. Required positionals come first, then optional
/// ones; only the last may be variadic.
public struct PositionalSpec: Sendable, Equatable {
    public var name: String
    public var help: String
    public var isOptional: Bool
    /// Takes every remaining positional (at least one unless optional).
    public var isVariadic: Bool
    /// What a shell offers for it (`veet completion`).
    public var completion: CompletionSource

    public init(_ name: String, help: String, isOptional: Bool = false, isVariadic: Bool = false,
                completion: CompletionSource = .none) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isVariadic = isVariadic
        self.completion = completion
    }

    /// How the positional appears in usage lines: `<id>`, `[<id>]`, `<file>...`.
    public var usageText: String {
        let core = "<\(name)>" + (isVariadic ? "..." : "")
        return isOptional ? "[\(core)]" : core
    }
}
