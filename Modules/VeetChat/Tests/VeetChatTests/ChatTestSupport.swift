import Foundation
import Testing
import VeetChat
import VeetFixture
import VeetStore
import VeetTransport
import VeetTestSupport
import VeetWire

/// An in-process reference server, a client pointed at it, and a store of
/// its own for sends through the outbox.
struct LiveFixture {
    let server: FixtureServer
    let api: ChatAPI
    /// The connection `api` talks to (what scopes and the artifact cache are tagged with).
    let connection: ConnectionIdentity
    let store: LocalStore
    private let storeRoot: URL
    var runner: TurnRunner { TurnRunner(api: api) }

    init(options: FixtureOptions = .testing) throws {
        let token = "test-\(UUID().uuidString)"
        server = FixtureServer(token: token, options: options)
        let url = try server.start()
        let settings = try ConnectionSettings(serverAddress: url.absoluteString, token: token)
        // Retries and reconnects wait only a moment so fault tests stay fast.
        api = ChatAPI(sender: .live(client: HTTPClient(settings: settings, writeTimeout: 2),
                                    sleeper: { _ in try await Task.sleep(for: .milliseconds(1)) }),
                      reconnect: ReconnectPolicy(initialDelay: .milliseconds(1), maxDelay: .milliseconds(5)))
        connection = ConnectionIdentity(settings)
        (store, storeRoot) = try TemporaryStore.open()
    }

    /// Sends `text` through the outbox, as the apps do, and follows the run.
    func send(_ text: String, sessionID: String? = nil, interaction: some TurnInteraction,
              onRunStarted: @Sendable (String, String) async -> Void = { _, _ in }) async throws -> TurnResult {
        try await runner.send(content: [.text(text)], sessionID: sessionID, outbox: store, interaction: interaction,
                              onRunStarted: onRunStarted)
    }

    func scope(sessionID: String) -> ConversationScope {
        connection.scope(sessionID: sessionID)
    }

    var approvals: ApprovalService { ApprovalService(api: api, connection: connection) }

    func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: storeRoot)
    }
}

/// A store in a folder of its own under the temporary directory.
enum TemporaryStore {
    static func open() throws -> (LocalStore, root: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("veet-chat-\(UUID().uuidString)")
        let paths = VeetPaths(configDirectory: root.appendingPathComponent("config"),
                              dataDirectory: root.appendingPathComponent("data"))
        return (try LocalStore.open(paths: paths, connection: "main"), root)
    }
}

/// A frontend double: records every change and answers as told.
actor RecordingInteraction: TurnInteraction {
    private(set) var changes: [RunChange] = []
    private(set) var approvalsSeen: [ApprovalView] = []
    private(set) var questionsSeen: [PendingQuestion] = []
    /// What `followingActiveRun` handed back, with the run it named.
    private(set) var handedBack: [(runID: String, message: UnsentMessage)] = []
    let approval: ApprovalAnswer
    let answerText: String?
    /// Called on the first text delta (to cancel mid-stream, say).
    let onFirstDelta: (@Sendable () async -> Void)?
    private var sawDelta = false

    init(approval: ApprovalAnswer = .leavePending, answer: String? = nil,
         onFirstDelta: (@Sendable () async -> Void)? = nil) {
        self.approval = approval
        self.answerText = answer
        self.onFirstDelta = onFirstDelta
    }

    func show(_ change: RunChange, in run: RunProgressView) async {
        changes.append(change)
        if case .textDelta = change, !sawDelta {
            sawDelta = true
            await onFirstDelta?()
        }
    }

    func streamNotice(_ output: RunStreamOutput) async {}

    func decide(_ approval: ApprovalView) async -> ApprovalAnswer {
        approvalsSeen.append(approval)
        return self.approval
    }

    func answer(_ question: PendingQuestion) async -> String? {
        questionsSeen.append(question)
        return answerText
    }

    func followingActiveRun(runID: String, status: RunStatus?, unsent: UnsentMessage) async {
        handedBack.append((runID, unsent))
    }

    var tools: [ToolActivity] {
        var latest: [String: ToolActivity] = [:]
        var order: [String] = []
        for case .tool(let tool) in changes {
            if latest[tool.callID] == nil { order.append(tool.callID) }
            latest[tool.callID] = tool
        }
        return order.compactMap { latest[$0] }
    }

    var userMessages: [String] {
        changes.compactMap { if case .userMessage(let text, _) = $0 { text } else { nil } }
    }
}

/// The golden recordings, shared with the transport tests.
enum Recordings {
    static let directory = Golden.directory.appendingPathComponent("sse")

    static func frames(_ name: String) throws -> [RunEventFrame] {
        var data = try Data(contentsOf: directory.appendingPathComponent(name))
        // Some captures start with the HTTP status line and headers; the body follows the blank line.
        if data.starts(with: Data("HTTP/".utf8)) {
            // The head ends at the first blank line, in whichever line ending it used.
            let ends = [data.range(of: Data("\r\n\r\n".utf8)), data.range(of: Data("\n\n".utf8))].compactMap { $0 }
            if let blank = ends.min(by: { $0.lowerBound < $1.lowerBound }) {
                data = data.subdata(in: blank.upperBound..<data.endIndex)
            }
        }
        var decoder = SSEDecoder()
        return (try decoder.feed(data) + decoder.finish()).map(RunEventFrame.decode)
    }
}
