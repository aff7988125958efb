import Foundation
import VeetCurses
import VeetTokens
import VeetWire

/// A run's details over the chat (`i` on an answer in the transcript), as
/// `veet run show` prints them: status, counts of steps, model and tool
/// calls, tokens and cost (against the run's limits when it has them), the
/// failure or a cancel request. Read from `GET /v1/runs/{id}` when opened.
public struct RunDetailsSheet: Sendable {
    public let runID: String
    public var run: RunView?
    public var message = "Reading the run..."

    public init(runID: String, run: RunView? = nil, message: String = "Reading the run...") {
        self.runID = runID
        self.run = run
        self.message = message
    }

    /// What reading the sheet's run came to.
    public enum Update: Sendable {
        case read(RunView)
        case failed(runID: String, String)
    }

    /// A read's answer, for this sheet's run only (a sheet closed and opened on another run drops the first's).
    public mutating func apply(_ update: Update) {
        switch update {
        case .read(let run):
            guard run.id == runID else { return }
            self.run = run
            message = ""
        case .failed(let id, let text):
            guard id == runID else { return }
            message = text
        }
    }

        /// The sheet's lines: plain words, one fact each.
    public var lines: [String] {
        guard let run else { return [message] }
        var lines = ["Status: " + run.status.rawValue.replacingOccurrences(of: "_", with: " "),
                     "Run \(run.id)", "Conversation \(run.sessionID)", ""]
        let steps = run.limits.maxSteps.map { "\(run.stepCount) of at most \($0)" } ?? "\(run.stepCount)"
        lines.append("Steps: \(steps)")
        lines.append("Model calls: \(run.modelCallCount)    Tool calls: \(run.toolCallCount)")
        lines.append("Tokens: \(run.usage.inputTokens) in, \(run.usage.outputTokens) out")
        let cost = run.limits.maxCostUSD.map { "$\(run.usage.costUSD) of at most $\($0)" } ?? "$\(run.usage.costUSD)"
        lines.append("Cost: \(cost)")
        if let failure = run.failure {
            var text = "Failed: " + (failure.message.isEmpty ? failure.reason.rawValue.replacingOccurrences(of: "_", with: " ")
                : failure.message) + " (\(failure.reason.rawValue)"
            if let step = failure.stepNumber { text += ", step \(step)" }
            lines += ["", text + ")"]
        }
        if let requested = run.cancelRequestedAt {
            lines += ["", "Cancel requested \(requested.text)" + (run.status.isTerminal ? "" : "; it stops at its next safe point")]
        }
        if !message.isEmpty { lines += ["", message] }
        return lines
    }

    public func draw(in grid: inout ScreenGrid) {
        let width = min(grid.width - 4, 72)
        let body = lines.flatMap { TextFitting.wrap($0, width: max(width - 4, 10)) }
        let height = min(body.count + 4, grid.height - 2)
        let rect = GridRect(row: max((grid.height - height) / 2, 0), column: max((grid.width - width) / 2, 0),
                            width: width, height: height)
        let fill = TextStyle(foreground: .ink, background: .paperDeep)
        let inside = Box.draw(in: &grid, rect: rect, title: " Run details ", fill: fill,
                              border: TextStyle(foreground: .hairline, background: .paperDeep),
                              titleStyle: TextStyle(attributes: .bold, foreground: .ink, background: .paperDeep))
        for (index, line) in body.prefix(max(inside.height - 1, 0)).enumerated() {
            _ = grid.put(line, row: inside.row + index, column: inside.column + 1, style: fill, limit: inside.right)
        }
        _ = grid.put("g refresh  Esc close", row: inside.row + inside.height - 1, column: inside.column + 1,
                     style: TextStyle(foreground: .inkSoft, background: .paperDeep), limit: inside.right)
    }
}
