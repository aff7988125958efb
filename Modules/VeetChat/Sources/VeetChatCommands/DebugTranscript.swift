import Foundation
import VeetChat
import VeetConsole
import VeetTransport
import VeetWire

/// `veet debug transcript`: raw SSE of one or more runs on stdin, reduced by the
/// one reducer the apps use, printed as the display items in order.
struct DebugTranscript {
    let console: Console

    func run(_ command: ParsedCommand) throws -> ExitCode {
        var replay: TranscriptReplay
        do {
            replay = TranscriptReplay(messages: try command.value(ChatCommands.messages).map(Self.readMessages) ?? [],
                                      approvalViews: try command.value(ChatCommands.approvalsFile).map(Self.readApprovals) ?? [:])
        } catch {
            throw CommandFailure.usage("\(console.programName): \(error)")
        }
        var decoder = SSEDecoder()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        func apply(_ events: [SSEEvent]) {
            for event in events {
                if let skipped = replay.apply(RunEventFrame.decode(event)) { console.err.writeLine("\(console.programName): \(skipped)") }
            }
        }
        while true {
            let count = Glibc.read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            do {
                apply(try decoder.feed(buffer[0..<count]))
            } catch {
                // What was read so far is still shown; the stream is cut here.
                console.err.writeLine("\(console.programName): the stream could not be decoded past event \(replay.frameCount): \(error)")
                break
            }
        }
        apply(decoder.finish())
        for line in replay.lines {
            if console.json {
                console.out.writeLine(line.jsonLine)
            } else {
                console.out.writeLine(Self.plain(line))
            }
        }
        return replay.endedWithTerminalEvent ? .success : .failure
    }

    /// One line, as the CLI shows the item (tool rows by `TerminalTurnView`'s own rule).
    static func plain(_ line: TranscriptLine) -> String {
        let style = Style(isEnabled: false)
        switch line {
        case .message(let role, let text):
            return (role == .user ? "You: " : "Veetbot: ") + oneLine(text)
        case .bundle(_, _, _, _, _, let bundle):
            return "▸ " + bundle.summary
        case .tool(_, let status, _, _, _, let activity):
            if status == .waitingForApproval { return "· \(activity.name) waiting for approval" }
            // The decision the TUI shows on the call ("Approved once").
            let decision = activity.approval.flatMap { $0.isSettled ? " · " + $0.decisionText : nil } ?? ""
            return TerminalTurnView.line(for: activity, style: style).trimmingCharacters(in: .whitespaces) + decision
        case .approval(let tool, _, let card):
            return "\(card.decisionText): \(tool ?? card.approvalID)"
        case .question(let text):
            return "Question: " + oneLine(text)
        case .thinking(let heading):
            return "Thinking: \(heading ?? "...")"
        case .failure(let reason, let message, let step, let attempt):
            var text = "The run failed: \(oneLine(message)) (\(reason)"
            if let step { text += ", step \(step)" }
            if let attempt { text += ", attempt \(attempt)" }
            return text + ")"
        case .cancelled(let reason, let message):
            return "The run was cancelled: \(oneLine(message)) (\(reason))"
        }
    }

    /// Line breaks shown as ⏎, so each item stays one line.
    private static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "⏎").replacingOccurrences(of: "\n", with: "⏎")
    }

    struct InputError: Error, CustomStringConvertible {
        var description: String
    }

    static func readMessages(_ path: String) throws -> [SessionMessageView] {
        let data = try contents(of: path)
        let decoder = WireJSON.decoder()
        if let page = try? decoder.decode(Page<SessionMessageView>.self, from: data) { return page.items }
        do {
            return try decoder.decode([SessionMessageView].self, from: data)
        } catch {
            throw InputError(description: "\(path) is not a session transcript (GET /v1/sessions/{id}/messages): \(error)")
        }
    }

    static func readApprovals(_ path: String) throws -> [String: ApprovalView] {
        do {
            return try WireJSON.decoder().decode([String: ApprovalView].self, from: contents(of: path))
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(description: "\(path) is not a JSON object from approval id to GET /v1/approvals/{id}: \(error)")
        }
    }

    private static func contents(of path: String) throws -> Data {
        do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw InputError(description: "cannot read \(path): \(error.localizedDescription)")
        }
    }
}
