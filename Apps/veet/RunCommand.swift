import Foundation
import VeetChat
import VeetConsole
import VeetTransport
import VeetWire

/// `veet run show|cancel ID`.
struct RunCommand {
    let context: CLIContext

    static let spec = CommandSpec(
        name: "run",
        summary: "Inspect or stop an agent run.",
        subcommands: [
            CommandSpec(name: "show", summary: "Show a run's status, counts, usage and failure.",
                        positionals: [PositionalSpec("id", help: "The run id.")]),
            CommandSpec(name: "answer", summary: "Answer the question a run is waiting on.",
                        options: [.value("question", valueName: "id",
                                         help: "The question id shown with it (makes a repeat safe).")],
                        positionals: [PositionalSpec("id", help: "The run id."),
                                      PositionalSpec("text", help: "Your answer.", isVariadic: true)]),
            CommandSpec(name: "cancel", summary: "Ask the server to stop a run (safe to repeat).",
                        discussion: """
                            A running run stops at its next safe point (the reply in progress finishes first); \
                            a queued or waiting run stops at once; a finished run is left as it is.
                            """,
                        positionals: [PositionalSpec("id", help: "The run id.")]),
        ])

    func show(_ id: String) async throws -> ExitCode {
        let api = ChatAPI(sender: .live(client: try context.client()))
        let run = try await api.run(id: id)
        // A run waiting for an answer shows its question and the id `veet run answer --question` takes.
        var question: PendingQuestion?
        if run.status == .waitingForUser {
            question = try? await RunQuestionReader(api: api).question(runID: run.id, sessionID: run.sessionID)
        }
        try render(run, note: nil, question: question)
        return .success
    }

    /// `--json`: the server's run, and the pending question when there is one.
    struct ShownRun: Encodable {
        let run: RunView
        let question: PendingQuestion?
        enum CodingKeys: String, CodingKey { case questionID = "question_id", questionText = "question_text" }
        func encode(to encoder: Encoder) throws {
            try run.encode(to: encoder)
            guard let question else { return }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(question.questionID, forKey: .questionID)
            try container.encodeIfPresent(question.text, forKey: .questionText)
        }
    }

    func answer(_ command: ParsedCommand) async throws -> ExitCode {
        let id = command.positionals[0]
        let text = command.positionals.dropFirst().joined(separator: " ")
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            return context.fail("veet: the answer is empty.", .usage)
        }
        let api = ChatAPI(sender: .live(client: try context.client()))
        let run = try await api.run(id: id)
        guard run.status == .waitingForUser else {
            return context.fail("veet: the run is not waiting for an answer (\(run.status.rawValue)).", .failure)
        }
        let result = try await api.answer(runID: id, questionID: command.value("question"), text: text)
        if context.json {
            try JSONOutput.print(["run_id": result.runID, "status": result.status.rawValue], layout: .compact)
        } else {
            context.out.writeLine("Answered; the run goes on (\(result.status.rawValue)).")
        }
        return .success
    }

    func cancel(_ id: String) async throws -> ExitCode {
        let run = try await ChatAPI(sender: .live(client: try context.client())).cancel(runID: id)
        let note: String
        switch run.status {
        case .cancelled: note = "Cancelled."
        case .completed, .failed: note = "The run had already finished (\(run.status.rawValue)); nothing changed."
        default: note = "Cancel requested; the run stops at its next safe point."
        }
        try render(run, note: note)
        return .success
    }

    private func render(_ run: RunView, note: String?, question: PendingQuestion? = nil) throws {
        if context.json {
            try JSONOutput.print(ShownRun(run: run, question: question), layout: .compact)
            return
        }
        let style = context.outStyle
        context.out.writeLine("\(style.emphasis(run.status.rawValue))  run \(run.id)")
        context.out.writeLine(style.dim("session \(run.sessionID)"))
        context.out.writeLine("steps \(run.stepCount), model calls \(run.modelCallCount), tool calls \(run.toolCallCount)")
        context.out.writeLine("tokens in \(run.usage.inputTokens), out \(run.usage.outputTokens), cost $\(run.usage.costUSD)")
        if let failure = run.failure { context.out.writeLine(style.error(TerminalTurnView.describe(failure))) }
        if let requested = run.cancelRequestedAt {
            let when = requested.date.map(SessionsCommand.format) ?? requested.text
            context.out.writeLine(style.warning(run.status.isTerminal ? "cancel requested \(when)"
                                                    : "cancel requested \(when); it stops at its next safe point"))
        }
        if run.status == .waitingForUser {
            if let question {
                context.out.writeLine("question: " + ServerText.line(question.text ?? "(the question's text was not shown)"))
                let answerCommand = "veet run answer \(run.id)" + (question.questionID.map { " --question \($0)" } ?? "") + " TEXT"
                if let questionID = question.questionID { context.out.writeLine("question id \(questionID)") }
                context.out.writeLine(style.dim("answer it: `\(answerCommand)`"))
            } else {
                context.out.writeLine(style.dim("It waits for your answer: `veet run answer \(run.id) TEXT`."))
            }
        }
        if let note { context.err.writeLine(note) }
    }
}
