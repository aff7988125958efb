import Foundation
import Testing
import VeetChat
import VeetFixture
import VeetTransport
import VeetWire

/// Every way `HostileServer` answers wrongly ends, on the client, in a typed
/// error or a generic rendering: never a trap, never a hang.
@Suite struct HostileServerTests {
    static let runID = "4a7d0c55-0000-4000-8000-000000000002"

    /// The errors a caller is promised; anything else (or a crash) fails.
    static func isTyped(_ error: any Error) -> Bool {
        error is APIError || error is TransportError || error is InvalidResponseError || error is SSEError
            || error is RunStreamError
    }

    @discardableResult
    static func withServer<T>(_ kind: HostileKind, streamBytes: Int = 1 << 20,
                              _ body: (ChatAPI) async throws -> T) async throws -> T {
        let server = HostileServer(kind: kind, streamBytes: streamBytes)
        let url = try server.start()
        defer { server.stop() }
        return try await body(try Hardening.api(url))
    }

    @Test(arguments: [HostileKind.wrongContentType, .invalidJSON, .wrongTypes, .hugeHeader])
    func aSpoiledRESTAnswerIsATypedError(kind: HostileKind) async throws {
        try await Self.withServer(kind) { api in
            for call in Self.restCalls {
                do {
                    try await call(api)
                    Issue.record("\(kind): a spoiled answer was accepted")
                } catch {
                    #expect(Self.isTyped(error), "\(kind): \(type(of: error)) \(error)")
                }
            }
        }
    }

    /// Invalid UTF-8 and enormous fields may decode (replacement characters, a long
    /// title) or fail; either way the answer is typed.
    @Test(arguments: [HostileKind.invalidUTF8, .enormousFields])
    func oddButReadableRESTAnswersDecodeOrFailTyped(kind: HostileKind) async throws {
        try await Self.withServer(kind) { api in
            for call in Self.restCalls {
                do { try await call(api) } catch { #expect(Self.isTyped(error), "\(kind): \(type(of: error)) \(error)") }
            }
        }
    }

    @Test func anErrorThatIsNotTheEnvelopeIsStillAnAPIError() async throws {
        try await Self.withServer(.brokenErrors) { api in
            await #expect(throws: APIError.self) { _ = try await api.session(id: "s") }
            do {
                _ = try await api.createSession()
                Issue.record("a 409 was accepted")
            } catch let error as APIError {
                #expect(error.status == 409 && error.code == .conflict, "\(error)")
            }
        }
    }

    static let restCalls: [@Sendable (ChatAPI) async throws -> Void] = [
        { _ = try await $0.createSession() },
        { _ = try await $0.sessionsPage(limit: 5) },
        { _ = try await $0.session(id: "8f1c2b9e-0000-4000-8000-000000000001") },
        { _ = try await $0.run(id: runID) },
    ]

    // MARK: Streams

    @Test func anEndlessLineEndsInLineTooLong() async throws {
        try await Self.withServer(.endlessLine, streamBytes: 32 << 20) { api in
            await #expect(throws: SSEError.lineTooLong(limit: SSELimits.default.maxLineBytes)) {
                for try await _ in api.events(runID: Self.runID).events() {}
            }
        }
    }

    @Test func anEnormousEventIsATypedErrorBeforeItIsBuffered() async throws {
        try await Self.withServer(.enormousFields) { api in
            await #expect(throws: SSEError.self) {
                for try await _ in api.events(runID: Self.runID).events() {}
            }
        }
    }

    /// Streams that are odd but finish: every frame is typed, unknown or malformed, the run completes.
    @Test(arguments: [HostileKind.wrongEventIDs, .unknownEvents, .invalidUTF8, .hugeStream])
    func anOddStreamStillReachesItsEnd(kind: HostileKind) async throws {
        let frames = try await Self.withServer(kind) { api in try await Self.frames(api) }
        #expect(frames.last?.type == "run.completed", "\(kind): \(frames.map(\.type).suffix(3))")
        let sequences = frames.compactMap(\.sequence)
        #expect(Set(sequences).count == sequences.count, "\(kind): a sequence delivered twice: \(sequences)")
    }

    /// An HTML page where the stream belongs: no frame arrives, the stream
    /// reconnects and gives up with a typed error.
    @Test func anHTMLPageForAStreamGivesUpTyped() async throws {
        try await Self.withServer(.wrongContentType) { api in
            do {
                let frames = try await Self.frames(api)
                Issue.record("the stream ended without an error after \(frames.map(\.type))")
            } catch {
                #expect(error is RunStreamError, "\(type(of: error)) \(error)")
            }
        }
    }

    /// A head over 64 KiB is refused at once, in words, without reading it
    /// whole or reconnecting to read it again (it was "Out of memory
    /// (URLError -1)" after twelve reconnects when URLSession read streams).
    @Test func aHugeHeadOnAStreamIsRefusedAtOnceInWords() async throws {
        try await Self.withServer(.hugeHeader) { api in
            do {
                let frames = try await Self.frames(api)
                Issue.record("the stream ended without an error after \(frames.map(\.type))")
            } catch let error as InvalidResponseError {
                #expect(error.description.contains("head (status line and headers) is over 64 KiB"), "\(error)")
            } catch {
                Issue.record("\(type(of: error)) \(error)")
            }
        }
    }

    /// The same head on a REST answer says what is wrong, not libcurl's "Out of
    /// memory (URLError -1)". On loopback the client's own reader answers; the
    /// URLSession (HTTPS) path is `OversizedHeadTests` in VeetTransportTests.
    @Test func aHugeHeadOnARESTAnswerIsNamedAsSuch() async throws {
        try await Self.withServer(.hugeHeader) { api in
            do {
                _ = try await api.sessionsPage(limit: 1)
                Issue.record("a 1 MiB header was accepted")
            } catch let error as TransportError {
                #expect(error.description.contains("header too large"), "\(error)")
                #expect(!error.description.contains("URLError -1"), "\(error)")
            } catch let error as InvalidResponseError {
                #expect(error.description.contains("over 64 KiB"), "\(error)")
            }
        }
    }

    static func frames(_ api: ChatAPI) async throws -> [RunEventFrame] {
        var frames: [RunEventFrame] = []
        for try await output in api.events(runID: runID).events() {
            if case .frame(let frame) = output { frames.append(frame) }
        }
        return frames
    }
}
