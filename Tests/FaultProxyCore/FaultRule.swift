import VeetTransport

/// One line of the proxy's mode: a fault, the requests it applies to, and how many.
///
/// Text form (the control interface and `--mode`): `FAULT [VALUE] [count=N] [match=TEXT]`,
/// where FAULT is `pass`, `drop`, `cut BYTES`, `cut-body BYTES`, `delay MS`,
/// `stall BYTES`, `trickle MS` or `redirect URL`; `match` picks requests whose
/// request line contains TEXT (no spaces); `count` limits how many requests
/// the rule takes before it is spent (unlimited when absent).
public struct FaultRule: Sendable, Equatable, CustomStringConvertible {
    public var fault: ProxyFault
    public var match: String?
    public var remaining: Int?

    public init(_ fault: ProxyFault, match: String? = nil, count: Int? = nil) {
        self.fault = fault
        self.match = match
        self.remaining = count
    }

    /// Longest pause a rule may ask for (ten minutes).
    public static let maximumMilliseconds = 600_000

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    public static func parse(_ line: String) throws(ParseError) -> FaultRule {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)[...]
        guard let name = words.popFirst() else { throw ParseError(description: "empty mode") }
        var options: [String: String] = [:]
        var values: [String] = []
        for word in words {
            if let equals = word.firstIndex(of: "="), ["count", "match"].contains(String(word[..<equals])) {
                options[String(word[..<equals])] = String(word[word.index(after: equals)...])
            } else {
                values.append(word)
            }
        }
        func number() throws(ParseError) -> Int {
            guard values.count == 1, let value = Int(values[0]), value >= 0 else {
                throw ParseError(description: "\(name) needs one whole number, got \(values)")
            }
            return value
        }
        func milliseconds() throws(ParseError) -> Int {
            let value = try number()
            guard value <= maximumMilliseconds else {
                throw ParseError(description: "\(name): at most \(maximumMilliseconds) ms, got \(value)")
            }
            return value
        }
        let fault: ProxyFault
        switch name {
        case "pass": fault = .passThrough
        case "drop": fault = .dropAnswer
        case "cut": fault = .cutAnswer(afterBytes: try number())
        case "cut-body": fault = .cutAnswerBody(afterBytes: try number())
        case "delay": fault = .delayAnswer(milliseconds: try milliseconds())
        case "stall": fault = .stallAnswer(afterBytes: try number())
        case "trickle": fault = .trickleAnswer(millisecondsPerByte: try milliseconds())
        case "redirect":
            guard values.count == 1 else { throw ParseError(description: "redirect needs one location") }
            fault = .redirect(location: values[0])
        default: throw ParseError(description: "unknown fault \(name)")
        }
        if ["pass", "drop"].contains(name), !values.isEmpty {
            throw ParseError(description: "\(name) takes no value, got \(values)")
        }
        var count: Int?
        if let text = options["count"] {
            guard let value = Int(text), value > 0 else { throw ParseError(description: "count must be positive: \(text)") }
            count = value
        }
        return FaultRule(fault, match: options["match"], count: count)
    }

    /// The fault's name in the text form (also the key in `ProxyStats.faults`).
    public static func name(of fault: ProxyFault) -> String {
        switch fault {
        case .passThrough: "pass"
        case .dropAnswer: "drop"
        case .cutAnswer: "cut"
        case .cutAnswerBody: "cut-body"
        case .delayAnswer: "delay"
        case .redirect: "redirect"
        case .stallAnswer: "stall"
        case .trickleAnswer: "trickle"
        }
    }

    public var description: String {
        var text = Self.name(of: fault)
        switch fault {
        case .passThrough, .dropAnswer: break
        case .cutAnswer(let bytes), .cutAnswerBody(let bytes), .stallAnswer(let bytes): text += " \(bytes)"
        case .delayAnswer(let milliseconds), .trickleAnswer(let milliseconds): text += " \(milliseconds)"
        case .redirect(let location): text += " \(location)"
        }
        if let remaining { text += " count=\(remaining)" }
        if let match { text += " match=\(match)" }
        return text
    }
}

/// The proxy's current mode: rules tried in order; the first that matches a
/// request and is not spent decides its fault; no rule means pass through.
public final class FaultSchedule: Sendable {
    private let rules: ThreadLock<[FaultRule]>

    public init(_ rules: [FaultRule] = []) { self.rules = ThreadLock(rules) }

    /// Parses one rule per non-empty line.
    public static func parse(_ text: String) throws(FaultRule.ParseError) -> [FaultRule] {
        var parsed: [FaultRule] = []
        for line in text.split(whereSeparator: \.isNewline) where !line.allSatisfy(\.isWhitespace) {
            parsed.append(try FaultRule.parse(String(line)))
        }
        return parsed
    }

    public func replace(with newRules: [FaultRule]) { rules.withLock { $0 = newRules } }

    public var current: [FaultRule] { rules.withLock { $0 } }

    public func decide(_ requestLine: String) -> ProxyFault {
        rules.withLock { rules in
            guard let index = rules.firstIndex(where: { rule in
                rule.remaining != 0 && (rule.match.map(requestLine.contains) ?? true)
            }) else { return .passThrough }
            if let left = rules[index].remaining { rules[index].remaining = left - 1 }
            let fault = rules[index].fault
            rules.removeAll { $0.remaining == 0 }
            return fault
        }
    }
}
