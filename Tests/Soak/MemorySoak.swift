import Foundation
import VeetChat
import VeetFixture
import VeetTransport

/// A huge event stream and a line that never ends, from a hostile server on
/// loopback: resident memory must stay bounded and the endless line must end
/// in a typed error (`SSEError.lineTooLong`), not growth.
enum MemorySoak {
    static func hugeStream(bytes: Int) async throws -> SoakResult {
        let start = ContinuousClock.now
        let server = HostileServer(kind: .hugeStream, streamBytes: bytes)
        let url = try server.start()
        defer { server.stop() }
        let before = Memory.residentBytes()
        let sampler = MemorySampler()
        var deltas = 0, textBytes = 0, completed = false
        var failure: String?
        do {
            let api = try SoakTarget(url: url, token: "hostile", fixture: nil).api()
            for try await output in api.events(runID: "4a7d0c55-0000-4000-8000-000000000002").events() {
                guard case .frame(let frame) = output else { continue }
                if case .messageDelta(let delta) = frame.event {
                    deltas += 1
                    textBytes += delta.text.utf8.count
                } else if frame.type == "run.completed" {
                    completed = true
                }
            }
        } catch {
            failure = "\(error)"
        }
        let peak = sampler.stop()
        let seconds = elapsed(since: start)
        let sent = server.streamBytesSent
        let growth = peak - before
        var figures: [(String, String)] = [
            ("body bytes", "\(sent)"), ("frames", "\(deltas)"), ("text bytes", "\(textBytes)"),
            ("rate", String(format: "%.0f MiB/s", Double(sent) / 1_048_576 / max(seconds, 0.001))),
            ("RSS before", Memory.mebibytes(before)), ("RSS peak", Memory.mebibytes(peak)),
            ("growth", Memory.mebibytes(growth)), ("completed", "\(completed)"),
        ]
        if let failure { figures.append(("error", failure)) }
        let held = completed && failure == nil && sent >= bytes && growth < 256 * 1_048_576
        return SoakResult(name: "huge event stream", figures: figures, held: held, seconds: seconds)
    }

    static func endlessLine(cap: Int) async throws -> SoakResult {
        let start = ContinuousClock.now
        let server = HostileServer(kind: .endlessLine, streamBytes: cap)
        let url = try server.start()
        defer { server.stop() }
        let before = Memory.residentBytes()
        let sampler = MemorySampler()
        var outcome = "ended without an error"
        var typed = false
        var sentAtError = 0
        var errorAfter = 0.0
        do {
            let api = try SoakTarget(url: url, token: "hostile", fixture: nil).api()
            for try await _ in api.events(runID: "4a7d0c55-0000-4000-8000-000000000002").events() {}
        } catch let error as SSEError {
            sentAtError = server.streamBytesSent
            errorAfter = elapsed(since: start)
            outcome = "SSEError: \(error)"
            typed = error == .lineTooLong(limit: SSELimits.default.maxLineBytes)
        } catch {
            outcome = "\(type(of: error)): \(error)"
        }
        let peak = sampler.stop()
        let sent = server.streamBytesSent
        let growth = peak - before
        let figures: [(String, String)] = [
            ("bytes sent when the error surfaced", "\(sentAtError)"),
            ("error after", String(format: "%.2f s", errorAfter)),
            ("bytes sent before the client stopped", "\(sent)"), ("RSS before", Memory.mebibytes(before)),
            ("RSS peak", Memory.mebibytes(peak)), ("growth", Memory.mebibytes(growth)), ("outcome", outcome),
        ]
        return SoakResult(name: "endless line", figures: figures, held: typed && sent < cap && growth < 64 * 1_048_576,
                          seconds: elapsed(since: start))
    }
}
