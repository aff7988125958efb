/// A question answered by picking one option from a short list, such as
/// `[a] Approve once  [d] Deny`. The answer may be the key, the whole label,
/// or an unambiguous start of a label ("approve"), in any case.
public struct Choice<Value: Sendable>: Sendable {
    public struct Option: Sendable {
        public var key: String
        public var label: String
        public var value: Value

        public init(key: String, label: String, value: Value) {
            self.key = key
            self.label = label
            self.value = value
        }
    }

    public var question: String
    public var options: [Option]

    public init(_ question: String, options: [Option]) {
        self.question = question
        self.options = options
    }

    /// The options on one line: `[a] Approve once  [d] Deny`.
    public var menu: String {
        options.map { "[\($0.key)] \($0.label)" }.joined(separator: "  ")
    }

    /// The value the answer picks, or nil when it picks none or several.
    /// A key typed exactly wins, so `a` and `A` may be different options;
    /// otherwise case does not matter.
    public func match(_ answer: String) -> Value? {
        let exact = answer.trimmingSpaces()
        guard !exact.isEmpty else { return nil }
        if let option = options.first(where: { $0.key == exact }) { return option.value }
        let typed = exact.lowercased()
        let candidates = [
            options.filter { $0.key.lowercased() == typed },
            options.filter { $0.label.lowercased() == typed },
            typed.count >= 2 ? options.filter { $0.label.lowercased().hasPrefix(typed) } : [],
        ]
        for found in candidates where !found.isEmpty {
            return found.count == 1 ? found[0].value : nil
        }
        return nil
    }

    /// Shows the question and menu, reads lines until one picks an option,
    /// and returns its value; nil at end of input. Prompts go to `output`.
    public func ask(
        output: Output = .standardError,
        input: () -> String? = { Swift.readLine(strippingNewline: true) }
    ) -> Value? {
        if !question.isEmpty { output.writeLine(question) }
        output.write(menu + "\n> ")
        while let answer = input() {
            if let value = match(answer) { return value }
            let trimmed = answer.trimmingSpaces()
            if !trimmed.isEmpty { output.writeLine("'\(trimmed)' is not one of the choices.") }
            output.write(menu + "\n> ")
        }
        return nil
    }
}

extension String {
    func trimmingSpaces() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
