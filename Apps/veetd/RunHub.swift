import Foundation
import Synchronization
import VeetChat
import VeetDaemonProtocol
import VeetStore
import VeetTransport
import VeetWire

/// Something that can take socket messages: one connected client.
protocol MessageSink: AnyObject, Sendable {
    var clientID: Int { get }
    /// False when the client is gone (or too slow to keep up) and was dropped.
    @discardableResult func send(_ message: DaemonMessage) -> Bool
}

/// One watched run: a single reconnecting stream, a bounded backlog of what
/// it delivered, and the clients attached to it.
final class RunChannel: Sendable {
    struct State {
        var backlog: [DaemonRunEvent] = []
        var subscribers: [Int: any MessageSink] = [:]
        var endReason: String?
        var endedAt: Date?
    }

    static let backlogLimit = 4_096
    let runID: String
    let sessionID: String?
    let connection: String
    private let state = Mutex(State())
    /// The run as VeetChat's transcript reduces it; alerts are read off its changes.
    /// Released when the run ends (an ended channel lingers for late attachers only).
    private let transcript: Mutex<Transcript?>

    init(runID: String, sessionID: String?, connection: String) {
        self.runID = runID
        self.sessionID = sessionID
        self.connection = connection
        transcript = Mutex(Transcript(followingRun: runID))
    }

    /// Applies a frame of this run and says what it changed (nothing once the run ended).
    func reduce(_ frame: RunEventFrame) -> [RunChange] {
        transcript.withLock { transcript in transcript?.applyReportingChanges(frame) ?? [] }
    }

    var isEnded: Bool { state.withLock { $0.endReason != nil } }
    var endedAt: Date? { state.withLock { $0.endedAt } }

    func publish(_ event: DaemonRunEvent) {
        state.withLock { state in
            state.backlog.append(event)
            if state.backlog.count > Self.backlogLimit { state.backlog.removeFirst(state.backlog.count - Self.backlogLimit) }
            for (id, sink) in state.subscribers where !sink.send(.event(event)) { state.subscribers[id] = nil }
        }
    }

    func end(_ reason: String) {
        state.withLock { state in
            guard state.endReason == nil else { return }
            transcript.withLock { $0 = nil }
            state.endReason = reason
            state.endedAt = Date()
            for sink in state.subscribers.values { sink.send(.runEnded(runID: runID, reason: reason)) }
            state.subscribers.removeAll()
        }
    }

    /// Sends the backlog, then keeps the client for live events (under one
    /// lock, so nothing is missed or doubled between the two).
    func attach(_ sink: any MessageSink) {
        state.withLock { state in
            guard sink.send(.attached(runID: runID, backlog: state.backlog.count)) else { return }
            for event in state.backlog where !sink.send(.event(event)) { return }
            if let reason = state.endReason {
                sink.send(.runEnded(runID: runID, reason: reason))
            } else {
                state.subscribers[sink.clientID] = sink
            }
        }
    }

    func detach(clientID: Int) -> Bool {
        state.withLock { $0.subscribers.removeValue(forKey: clientID) != nil }
    }
}

/// Every watched run, at most one stream each, shared by all attached clients.
final class RunHub: Sendable {
    typealias FrameHandler = @Sendable (_ frame: RunEventFrame, _ channel: RunChannel) -> Void

    private let channels = Mutex<[String: RunChannel]>([:])
    private let tasks = Mutex<[String: Task<Void, Never>]>([:])
    private let onFrame: FrameHandler
    private let log: DaemonLog

    init(log: DaemonLog, onFrame: @escaping FrameHandler) {
        self.log = log
        self.onFrame = onFrame
    }

    var liveRunIDs: [String] { channels.withLock { $0.values.filter { !$0.isEnded }.map(\.runID).sorted() } }

    /// Starts watching a run unless it is already watched; returns its channel.
    @discardableResult
    func watch(runID: String, sessionID: String?, connection: String, client: HTTPClient) -> RunChannel {
        let (channel, isNew, watching) = channels.withLock { channels -> (RunChannel, Bool, Set<String>) in
            Self.pruneEnded(&channels)
            let watching = Set(channels.values.filter { !$0.isEnded }.map(\.runID))
            if let existing = channels[runID] { return (existing, false, watching) }
            let channel = RunChannel(runID: runID, sessionID: sessionID, connection: connection)
            channels[runID] = channel
            return (channel, true, watching)
        }
        guard isNew else { return channel }
        log.info("watching run \(runID) (connection \(connection))")
        let onFrame = self.onFrame
        let log = self.log
        let task = Task {
            let tap = RawEventTap(base: client)
            let stream = RunEventStream(source: tap, runID: runID, lastEventID: nil)
            var frames = 0
            do {
                for try await output in stream.events() {
                    guard case .frame(let frame) = output else { continue }
                    frames += 1
                    let raw = tap.raw(for: frame)
                    channel.publish(Self.message(runID: runID, frame: frame, data: raw?.data))
                    onFrame(frame, channel)
                }
                channel.end(Task.isCancelled ? "stopped" : "terminal")
                log.info("run \(runID) stream ended after \(frames) frames")
            } catch {
                channel.end("failed")
                log.warn("run \(runID) stream failed after \(frames) frames (\(Self.kind(of: error)))")
            }
        }
        tasks.withLock { tasks in
            // The handle of a run whose stream ended goes: its task is done, and veetd watches
            // thousands of runs a day (kept, one handle per run ever watched stayed for good).
            tasks = tasks.filter { watching.contains($0.key) }
            tasks[runID] = task
        }
        return channel
    }

    /// How many run streams hold a task handle (the live ones, and the one started last).
    var watchedTaskCount: Int { tasks.withLock { $0.count } }

    func channel(runID: String) -> RunChannel? { channels.withLock { $0[runID] } }

    func detachEverywhere(clientID: Int) {
        for channel in channels.withLock({ Array($0.values) }) { _ = channel.detach(clientID: clientID) }
    }

    func stopAll() {
        for task in tasks.withLock({ Array($0.values) }) { task.cancel() }
    }

    /// Keeps at most 64 ended channels, dropping those ended more than five minutes ago.
    private static func pruneEnded(_ channels: inout [String: RunChannel]) {
        let cutoff = Date().addingTimeInterval(-300)
        let ended = channels.values.filter(\.isEnded)
        for channel in ended where (channel.endedAt ?? .distantPast) < cutoff || ended.count > 64 {
            channels[channel.runID] = nil
        }
    }

    /// The socket form of a frame; a payload too big for one message is announced as omitted.
    static func message(runID: String, frame: RunEventFrame, data: String?) -> DaemonRunEvent {
        let event = DaemonRunEvent(runID: runID, sequence: frame.sequence, type: frame.type, data: data)
        guard data != nil, (try? DaemonCodec.line(DaemonMessage.event(event))) == nil else { return event }
        return DaemonRunEvent(runID: runID, sequence: frame.sequence, type: frame.type, data: nil)
    }

    /// The error's type, for logs (never its text, which may echo server content).
    static func kind(of error: Error) -> String {
        if let api = error as? APIError { return "HTTP \(api.status)" }
        return String(describing: type(of: error))
    }
}
