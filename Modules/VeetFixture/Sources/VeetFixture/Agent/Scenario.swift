import Foundation

/// What the scripted agent does with a prompt (chosen from its text, case-insensitive).
enum Scenario: Equatable, Sendable {
    /// A short Markdown answer streamed in several deltas.
    case markdown
    /// `math.calculate`, then "The answer is …".
    case calculator(Calculation)
    /// `demo.external_write`, which needs approval (prompt mentions "approv").
    case approval
    /// `workspace.write_text` (approval), then `artifact.export` (prompt mentions "artifact").
    case artifact
    /// `conversation.ask_user`, then an answer that uses the reply (prompt has the word "ask").
    case askUser
    /// `reasoning.delta` first, answer at item index 1 (prompt mentions "think").
    case reasoning
    /// Twenty deltas spread over the configured slow duration (prompt mentions "slow").
    case slow
    /// A permanent model failure ending in `run.failed` (prompt mentions "fail").
    case modelFailure
    /// `demo.external_write` with a 900-character argument: the approval's display copy is
    /// cut at 512 characters and carries `argument_digests` ("approv" and "long").
    case longApproval
    /// Mixed tools with every outcome: searches, fetches (timeout, rejected, unavailable,
    /// error result), a workspace read, a sandbox command, an uncertain write and a policy denial ("research").
    case research
    /// Five `web.fetch` calls: completed, rejected, unavailable, timed out, error result ("fetch").
    case fetchOutcomes
    /// A `browser.act` approval with a task-grant offer; `approve_for_task` covers a second action ("brows").
    case browse
    /// `artifact.export` of a CSV file and a PNG image; the answer ends with `file` parts ("export").
    case export
    /// Raw reasoning, then reasoning summaries (`is_summary`) with bold headings
    /// ("summar" with "think", or "reasoning summary").
    case reasoningSummary
    /// Streams a little, then `run.cancelled` with reason `deadline` ("deadline").
    case deadlineCancel
    /// `run.failed` with reason `deadline_exceeded` ("deadline" with "fail").
    case deadlineFailure
    /// A long Markdown answer: headings, tables, code blocks, task lists, links ("markdown" or "long").
    case longMarkdown

    static func choose(for prompt: String) -> Scenario {
        let text = prompt.lowercased()
        func word(_ prefix: String) -> Bool { text.range(of: "\\b" + prefix, options: .regularExpression) != nil }
        if text.contains("approv") { return word("long") ? .longApproval : .approval }
        if text.contains("artifact") { return .artifact }
        if text.contains("export") { return .export }
        if text.contains("brows") { return .browse }
        if word("ask") { return .askUser }
        if text.contains("deadline") { return text.contains("fail") ? .deadlineFailure : .deadlineCancel }
        if text.contains("research") { return .research }
        if text.contains("fetch") { return .fetchOutcomes }
        if text.contains("fail") { return .modelFailure }
        if text.contains("slow") { return .slow }
        if text.contains("reasoning summary") || (text.contains("summar") && text.contains("think")) {
            return .reasoningSummary
        }
        if text.contains("think") { return .reasoning }
        if text.contains("markdown") || word("long") { return .longMarkdown }
        if let calculation = Calculation(prompt: prompt) { return .calculator(calculation) }
        return .markdown
    }
}

/// A binary arithmetic question found in a prompt, e.g. "17 multiplied by 23" or "17 * 23".
struct Calculation: Equatable, Sendable {
    var expression: String
    var result: String

    init?(prompt: String) {
        let number = #"(-?\d+(?:\.\d+)?)"#
        let operators = #"(\*|×|x|times|multiplied by|\+|plus|-|minus|/|÷|divided by)"#
        guard let regex = try? NSRegularExpression(
            pattern: number + #"\s*"# + operators + #"\s*"# + number, options: [.caseInsensitive]),
            let match = regex.firstMatch(in: prompt, range: NSRange(prompt.startIndex..., in: prompt)),
            let leftRange = Range(match.range(at: 1), in: prompt),
            let operatorRange = Range(match.range(at: 2), in: prompt),
            let rightRange = Range(match.range(at: 3), in: prompt)
        else { return nil }
        let left = String(prompt[leftRange])
        let right = String(prompt[rightRange])
        let symbol: String
        switch prompt[operatorRange].lowercased() {
        case "*", "×", "x", "times", "multiplied by": symbol = "*"
        case "+", "plus": symbol = "+"
        case "-", "minus": symbol = "-"
        default: symbol = "/"
        }
        guard let result = Self.evaluate(left, symbol, right) else { return nil }
        self.expression = "\(left) \(symbol) \(right)"
        self.result = result
    }

    private static func evaluate(_ left: String, _ symbol: String, _ right: String) -> String? {
        if let a = Int64(left), let b = Int64(right) {
            switch symbol {
            case "*": let (value, overflow) = a.multipliedReportingOverflow(by: b); if !overflow { return String(value) }
            case "+": let (value, overflow) = a.addingReportingOverflow(b); if !overflow { return String(value) }
            case "-": let (value, overflow) = a.subtractingReportingOverflow(b); if !overflow { return String(value) }
            default: if b != 0, a % b == 0 { return String(a / b) }
            }
        }
        guard let a = Double(left), let b = Double(right) else { return nil }
        let value: Double
        switch symbol {
        case "*": value = a * b
        case "+": value = a + b
        case "-": value = a - b
        default:
            guard b != 0 else { return nil }
            value = a / b
        }
        guard value.isFinite else { return nil }
        return String(format: "%.10g", value)
    }
}

/// A tool call the scripted model proposes.
struct ToolProposal: Equatable, Sendable {
    var name: String
    var callID: String
    var arguments: JSON
    var risk: String
    var policyReason: String
    /// The approval's one-line description; nil uses the snapshot's generic sentence.
    var actionSummary: String? = nil
    /// [newer] `task_grant_offer` of a `browser.act` approval.
    var taskGrantOffer: JSON? = nil

    static let externalWrite = ToolProposal(
        name: "demo.external_write", callID: "write-1",
        arguments: ["content": "hello from the scripted model", "destination": "demo://notes"], risk: "HIGH",
        policyReason: "policy.matrix.external_write")

    static let writeReport = ToolProposal(
        name: "workspace.write_text", callID: "write-file-1",
        arguments: ["content": "hello artifact\n", "path": "report.txt"], risk: "MEDIUM",
        policyReason: "policy.matrix.workspace_write")

    static let exportReport = ToolProposal(
        name: "artifact.export", callID: "export-1",
        arguments: ["filename": "report.txt", "media_type": "text/plain", "path": "report.txt"], risk: "LOW",
        policyReason: "policy.matrix.read_only")

    static let askUser = ToolProposal(
        name: "conversation.ask_user", callID: "ask-1", arguments: ["question": .string(ScriptedModel.question)],
        risk: "LOW", policyReason: "policy.matrix.read_only")

    static func calculate(_ calculation: Calculation) -> ToolProposal {
        ToolProposal(
            name: "math.calculate", callID: "calc-1", arguments: ["expression": .string(calculation.expression)],
            risk: "LOW", policyReason: "policy.matrix.read_only")
    }
}
