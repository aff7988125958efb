import Foundation
import VeetTransport

/// One tool call of a run and where it stands.
public struct ToolActivity: Sendable, Hashable {
    public static let askUserTool = "conversation.ask_user"

    public enum State: String, Sendable, Hashable {
        case queued, running, completed, failed, denied, uncertain
    }

    public let callID: String
    public var name: String
    public var arguments: JSONValue
    public var state: State = .queued
    /// The result text (for failures, the outcome's message when the server gave one).
    public var resultText: String?
    public var reasonCode: String?
    public var outcome: RunEvent.ToolOutcome?

    public init(callID: String, name: String, arguments: JSONValue) {
        self.callID = callID
        self.name = name
        self.arguments = arguments
    }

    /// Finished one way or another.
    public var isSettled: Bool { state != .queued && state != .running }

    mutating func apply(phase: ToolCallPhase, event: RunEvent.ToolCallEvent) {
        name = event.name.isEmpty ? name : event.name
        reasonCode = event.reasonCode ?? reasonCode
        if let result = event.resultItem {
            outcome = result.outcome
            resultText = result.outcome?.message ?? result.plainText
        }
        switch phase {
        case .proposed: state = .queued
        case .authorized, .started: state = .running
        // A completed call whose result is an error counts as failed.
        case .completed: state = event.resultItem?.isError == true ? .failed : .completed
        case .failed: state = .failed
        case .denied: state = .denied
        case .uncertain: state = .uncertain
        }
    }
}

/// Reasoning summaries arrive as Markdown; the heading is what a status line shows.
enum ReasoningSummary {
    static func latestHeading(in text: String) -> String? {
        var heading: String?
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#") {
                heading = trimmed.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            } else if trimmed.hasPrefix("**"), trimmed.hasSuffix("**"), trimmed.count > 4 {
                heading = String(trimmed.dropFirst(2).dropLast(2))
            }
        }
        return heading
    }
}
