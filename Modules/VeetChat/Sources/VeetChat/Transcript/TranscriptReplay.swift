import Foundation
import VeetTransport
import VeetWire

/// A recorded stream reduced exactly as the apps reduce a live one: each frame
/// through the one `Transcript`, and an approval the run asks for attached from
/// the view an app would read (`GET /v1/approvals/{id}`), when one is given.
/// `veet debug transcript` runs it; its `lines` are what the apps show, as data.
public struct TranscriptReplay: Sendable {
    public private(set) var transcript: Transcript
    /// Approval views standing in for the reads an app makes, by approval id.
    public var approvalViews: [String: ApprovalView]
    /// Frames applied so far (1-based positions in problem reports count these).
    public private(set) var frameCount = 0

    /// `messages` are the session's durable transcript (`GET /v1/sessions/{id}/messages`), restored first.
    public init(messages: [SessionMessageView] = [], approvalViews: [String: ApprovalView] = [:]) {
        transcript = messages.isEmpty ? Transcript() : Transcript(restoring: messages)
        self.approvalViews = approvalViews
    }

    /// Applies one frame. Returns why the frame was skipped, when it was
    /// (unreadable payload or a type this client does not know), as the apps skip it.
    @discardableResult
    public mutating func apply(_ frame: RunEventFrame) -> SkippedFrame? {
        frameCount += 1
        for change in transcript.applyReportingChanges(frame) {
            if case .approvalNeeded(let id) = change, let view = approvalViews[id] { transcript.attach(view) }
        }
        switch frame.event {
        case .malformed(let bad):
            return SkippedFrame(position: frameCount, sequence: frame.sequence, reason: bad.description)
        case .unknown(let type, _):
            return SkippedFrame(position: frameCount, sequence: frame.sequence,
                                reason: "The server sent a `\(type)` event this client does not know.")
        default:
            return nil
        }
    }

    /// The latest run ended (completed, failed or cancelled).
    public var endedWithTerminalEvent: Bool { transcript.runStatus?.isTerminal == true }

    /// What the conversation shows now, in order.
    public var lines: [TranscriptLine] { TranscriptLine.lines(for: transcript) }
}

/// A frame the replay skipped, with where it sat in the input.
public struct SkippedFrame: Sendable, Hashable, CustomStringConvertible {
    /// 1-based position among the stream's events.
    public var position: Int
    /// The frame's `id:`, when it had one.
    public var sequence: Int64?
    public var reason: String

    public var description: String {
        "event \(position)\(sequence.map { " (id \($0))" } ?? ""): \(reason) Skipped."
    }
}
