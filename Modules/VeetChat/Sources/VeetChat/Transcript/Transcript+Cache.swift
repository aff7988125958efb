import Foundation
import VeetStore
import VeetTransport
import VeetWire

// What the device's transcript cache keeps of a followed run, read off the
// transcript (the store interprets no run event).
extension Transcript {
    /// What `frame`, just applied, adds to the cache: the message the server
    /// saved with it, the web searches its model response planned, and the
    /// answer of a web search it completed.
    public func cacheEntries(for frame: RunEventFrame) -> TranscriptCacheEntries {
        guard let sequence = frame.sequence, let runID = frame.runID ?? latestRunID else { return TranscriptCacheEntries() }
        var entries = TranscriptCacheEntries(messages: Self.savedMessage(in: frame, sequence: sequence).map { [$0] } ?? [])
        for tool in toolsPlanned(atSequence: sequence) where CachedWebSearch.isWebSearch(tool.name) {
            guard let query = tool.arguments["query"]?.stringValue else { continue }
            entries.webSearches.append(CachedWebSearch(callID: tool.callID, query: query, answer: nil, sequence: sequence))
        }
        if let (phase, call) = frame.event.toolCall, phase == .completed,
           let tool = item(id: Self.toolItemID(runID: runID, callID: call.callID))?.tool,
           CachedWebSearch.isWebSearch(tool.name) {
            entries.webSearches.append(CachedWebSearch(callID: tool.callID, query: nil,
                                                       answer: tool.resultItem?.plainText, sequence: sequence))
        }
        return entries
    }

    /// The message the server saved with this frame: the frame carries all of it.
    private static func savedMessage(in frame: RunEventFrame, sequence: Int64) -> SessionMessageView? {
        switch frame.event {
        case .userMessageCreated(let message):
            SessionMessageView(sequence: sequence, role: .user, content: message.content)
        case .assistantMessageCompleted(let completed):
            SessionMessageView(sequence: sequence, role: .assistant, content: completed.message.content)
        default: nil
        }
    }

    /// The tool rows placed at this sequence (the calls of one model response).
    private func toolsPlanned(atSequence sequence: Int64) -> [ToolActivity] {
        var tools: [ToolActivity] = []
        var index = lowerBound(.durable(sequence: sequence, index: 0))
        while index < items.count, items[index].position.sequence == sequence {
            if let tool = items[index].tool { tools.append(tool) }
            index += 1
        }
        return tools
    }
}
