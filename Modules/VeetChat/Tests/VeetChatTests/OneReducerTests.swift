import Foundation
import Testing
@testable import VeetChat
import VeetStore
import VeetTransport
import VeetWire

/// Every real recording through the one reducer: the progress view (what the
/// CLI prints), the cache values (what the store keeps) and the attention (what
/// the daemon alerts on) are all read off one `Transcript`, so they must agree.
@Suite struct OneReducerTests {
    struct Reduced {
        var run: RunProgressView
        var transcript: Transcript
        var changes: [RunChange] = []
        var cache = TranscriptCacheEntries()
        var attention: [RunAttention] = []

        /// What an alert board following the attention still waits on: approvals and a question.
        var awaited: (approvals: Set<String>, question: Bool) {
            var approvals: Set<String> = [], question = false
            for signal in attention {
                switch signal {
                case .approvalPending(let id): approvals.insert(id)
                case .approvalSettled(let id): approvals.remove(id)
                case .questionAsked: question = true
                case .runMovedOn, .runFailed: approvals = []; question = false
                }
            }
            return (approvals, question)
        }
    }

    static let recordings: [String] = {
        let names = try? FileManager.default.contentsOfDirectory(atPath: Recordings.directory.path)
        return (names ?? []).filter { $0.hasSuffix(".txt") }.sorted()
    }()

    func reduce(_ name: String) throws -> Reduced {
        let frames = try Recordings.frames(name)
        let runID = frames.first { $0.runID != nil }?.runID ?? "run"
        var transcript = Transcript(followingRun: runID)
        var reduced = Reduced(run: transcript.run(runID), transcript: transcript)
        for frame in frames {
            let changes = transcript.applyReportingChanges(frame)
            let entries = transcript.cacheEntries(for: frame)
            reduced.changes += changes
            reduced.attention += changes.flatMap(\.attention)
            reduced.cache.messages += entries.messages
            reduced.cache.webSearches += entries.webSearches
        }
        reduced.run = transcript.run(runID)
        reduced.transcript = transcript
        return reduced
    }

    @Test func thereAreRecordingsToRead() {
        #expect(Self.recordings.count >= 20)
    }

    @Test(arguments: recordings) func progressCacheAndAttentionAgree(_ name: String) throws {
        let reduced = try reduce(name)
        let run = reduced.run, awaited = reduced.awaited

        // Waiting for the owner: the status line and the alert say the same thing.
        #expect((run.statusLine == "Needs your approval") == !awaited.approvals.isEmpty, "\(name)")
        #expect(Set(run.pendingApprovalIDs) == awaited.approvals, "\(name)")
        #expect((run.statusLine == "Needs your answer") == (awaited.question && awaited.approvals.isEmpty), "\(name)")

        // A failure: the progress line, the alert and the transcript's outcome.
        let failed = reduced.changes.contains { if case .ended(.failed) = $0 { true } else { false } }
        #expect(failed == (run.status == .failed), "\(name)")
        #expect(failed == reduced.attention.contains(.runFailed), "\(name)")
        if failed {
            let outcome = reduced.transcript.items.compactMap(\.outcome).last
            #expect(outcome?.reason == run.failure?.reason.rawValue, "\(name)")
        }

        // An end is told once, and a run that ended waits for nothing.
        let ends = reduced.changes.filter { if case .ended = $0 { true } else { false } }
        #expect(ends.count == (run.status.isTerminal ? 1 : 0), "\(name)")
        if run.status.isTerminal {
            #expect(run.statusLine == nil && awaited.approvals.isEmpty && !awaited.question, "\(name)")
        }

        // The cache keeps the answer only once it was saved, and the same one the CLI printed.
        let cachedAnswers = reduced.cache.messages.filter { $0.role == .assistant }.map(\.plainText)
        if run.status != .completed { #expect(cachedAnswers.isEmpty, "\(name)") }
        if let cached = cachedAnswers.last {
            #expect(cached == run.answerText, "\(name)")
            #expect(ends == [.ended(.completed(text: cached))], "\(name)")
        }
        // Every user message shown is cached at its sequence.
        let shownUsers = reduced.transcript.items.filter { $0.user != nil }.compactMap(\.position.sequence)
        #expect(reduced.cache.messages.filter { $0.role == .user }.map(\.sequence) == shownUsers, "\(name)")
    }

    @Test func aRunLeftWaitingForApprovalNeedsItEverywhere() throws {
        let reduced = try reduce("sse-artifact.txt")
        #expect(reduced.run.status == .waitingForApproval)
        #expect(reduced.run.statusLine == "Needs your approval")
        #expect(reduced.attention.contains { if case .approvalPending = $0 { true } else { false } })
        #expect(!reduced.awaited.approvals.isEmpty)
        #expect(!reduced.cache.messages.contains { $0.role == .assistant })
        #expect(reduced.cache.messages.map(\.role) == [.user])
    }

    @Test func aCompletedRunCachesItsAnswerAtItsSequence() throws {
        let frames = try Recordings.frames("sse-simple.txt")
        let reduced = try reduce("sse-simple.txt")
        let saved = try #require(frames.first { $0.type == "assistant.message.completed" })
        let asked = try #require(frames.first { $0.type == "user.message.created" })
        #expect(reduced.cache.messages.map(\.sequence) == [asked.sequence, saved.sequence].compactMap { $0 })
        #expect(reduced.cache.messages.last?.plainText == reduced.run.answerText)
        #expect(reduced.attention.last == .runMovedOn)
    }

    @Test func aSavedMessageIsCachedFromItsOwnFrame() {
        // Restored first (its frame then changes nothing): the frame still carries all the cache needs.
        var transcript = Transcript(restoring: [SessionMessageView(sequence: 3, role: .user, content: [.text("hi")])])
        let created = RunEventFrame.decode(SSEEvent(event: "user.message.created", data: #"""
            {"content":[{"kind":"text","text":"hi"}],"run_id":"r"}
            """#, id: "3"))
        let changed = transcript.apply(created)
        #expect(!changed)
        #expect(transcript.cacheEntries(for: created).messages
                == [SessionMessageView(sequence: 3, role: .user, content: [.text("hi")])])
    }

    @Test func webSearchesGiveTheCacheTheirQueryAndAnswer() throws {
        var transcript = Transcript(followingRun: "r")
        let planned = RunEventFrame.decode(SSEEvent(event: "model.response.completed", data: #"""
            {"conversation_items":[{"kind":"tool_call","call_id":"c1","name":"web.search","arguments":{"query":"ferry timetable Cacilhas"},"item_index":0}],"tool_names":["web.search"],"run_id":"r"}
            """#, id: "4"))
        let completed = RunEventFrame.decode(SSEEvent(event: "tool.call.completed", data: #"""
            {"call_id":"c1","name":"web.search","reason_code":"tool.succeeded","result_item":{"call_id":"c1","content":[{"kind":"text","text":"Boats leave every twenty minutes"}],"is_error":false,"kind":"tool_result"},"run_id":"r"}
            """#, id: "6"))
        transcript.apply(planned)
        #expect(transcript.cacheEntries(for: planned).webSearches
                == [CachedWebSearch(callID: "c1", query: "ferry timetable Cacilhas", answer: nil, sequence: 4)])
        transcript.apply(completed)
        #expect(transcript.cacheEntries(for: completed).webSearches
                == [CachedWebSearch(callID: "c1", query: nil, answer: "Boats leave every twenty minutes", sequence: 6)])
    }
}
