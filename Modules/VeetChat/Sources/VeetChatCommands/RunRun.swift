import Foundation
import VeetChat
import VeetConsole
import VeetTransport
import VeetWire

/// `veet run show|answer|cancel ID`.
struct RunRun {
    let host: ChatCommandHost
    let console: Console

    func show(_ id: String) async throws -> ExitCode {
        let api = try host.api()
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

    func answer(_ id: String, questionID: String?, text: String) async throws -> ExitCode {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw CommandFailure.usage("\(console.programName): the answer is empty.")
        }
        let api = try host.api()
        let run = try await api.run(id: id)
        guard run.status == .waitingForUser else {
            throw CommandFailure("\(console.programName): the run is not waiting for an answer (\(run.status.rawValue)).")
        }
        let result = try await api.answer(runID: id, questionID: questionID, text: text)
        if console.json {
            try console.printJSON(["run_id": result.runID, "status": result.status.rawValue])
        } else {
            console.out.writeLine("Answered; the run goes on (\(result.status.rawValue)).")
        }
        return .success
    }

    func cancel(_ id: String) async throws -> ExitCode {
        let run = try await host.api().cancel(runID: id)
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
        if console.json {
            try console.printJSON(ShownRun(run: run, question: question))
            return
        }
        let style = console.outStyle
        console.out.writeLine("\(style.emphasis(run.status.rawValue))  run \(run.id)")
        console.out.writeLine(style.dim("session \(run.sessionID)"))
        console.out.writeLine("steps \(run.stepCount), model calls \(run.modelCallCount), tool calls \(run.toolCallCount)")
        console.out.writeLine("tokens in \(run.usage.inputTokens), out \(run.usage.outputTokens), cost $\(run.usage.costUSD)")
        if let failure = run.failure { console.out.writeLine(style.error(TerminalTurnView.describe(failure))) }
        if let requested = run.cancelRequestedAt {
            let when = requested.date.map(SessionsRun.format) ?? requested.text
            console.out.writeLine(style.warning(run.status.isTerminal ? "cancel requested \(when)"
                                                    : "cancel requested \(when); it stops at its next safe point"))
        }
        if run.status == .waitingForUser {
            if let question {
                console.out.writeLine("question: " + ServerText.line(question.text ?? "(the question's text was not shown)"))
                let answerCommand = "\(console.programName) run answer \(run.id)" + (question.questionID.map { " --question \($0)" } ?? "") + " TEXT"
                if let questionID = question.questionID { console.out.writeLine("question id \(questionID)") }
                console.out.writeLine(style.dim("answer it: `\(answerCommand)`"))
            } else {
                console.out.writeLine(style.dim("It waits for your answer: `\(console.programName) run answer \(run.id) TEXT`."))
            }
        }
        if let note { console.err.writeLine(note) }
    }
}
