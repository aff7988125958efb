// stream: a large event stream from a loopback server, read end to end.
// Baseline: curl reading the same answer into /dev/null in the same run (the
// transport floor). Measured: the client's own plain-HTTP reader (bytes only),
// and RunEventStream (bytes, SSE frames and event decoding), each as MiB/s,
// a ratio to curl, and resident memory growth while reading.
import Foundation
import Glibc
import VeetFixture
import VeetTransport
import VeetWire

let streamSuite = BenchSuite(name: "stream") { quick in
    let bytes = (quick ? 64 : 256) * mebibyte
    let runID = "4a7d0c55-0000-4000-8000-000000000002"
    let server = HostileServer(kind: .hugeStream, streamBytes: bytes)
    defer { server.stop() }
    do {
        let url = try server.start()
        let client = HTTPClient(settings: try ConnectionSettings(serverAddress: url.absoluteString, token: "bench"))
        let clock = ContinuousClock()

        let curl = try clock.measure { try curlToNull(url.appendingPathComponent("v1/runs/\(runID)/events")) }

        let rawBefore = residentBytes()
        var rawBytes = 0
        let raw = try await clock.measure {
            let stream = try await client.openStream(.get("/v1/runs/\(runID)/events"))
            for try await chunk in stream.chunks { rawBytes += chunk.count }
        }
        let rawGrowth = residentBytes() - rawBefore

        let eventsBefore = residentBytes()
        var frames = 0
        let events = try await clock.measure {
            for try await output in RunEventStream(source: client, runID: runID, lastEventID: nil).events() {
                if case .frame = output { frames += 1 }
            }
        }
        let eventsGrowth = residentBytes() - eventsBefore

        func rate(_ duration: Duration) -> Double {
            Double(bytes) / Double(mebibyte) / (Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
        }
        let widths = [34, 10, 9, 12]
        print(row(["stream of \(bytes / mebibyte) MiB", "MiB/s", "vs curl", "RSS growth"], widths))
        print(row(["curl -o /dev/null (baseline)", fixed(rate(curl), 0), "1.00", "-"], widths))
        print(row(["plain reader, bytes (\(rawBytes / mebibyte) MiB)", fixed(rate(raw), 0),
                   fixed(rate(raw) / rate(curl), 2), "\(rawGrowth / mebibyte) MiB"], widths))
        print(row(["RunEventStream (\(frames) frames)", fixed(rate(events), 0),
                   fixed(rate(events) / rate(curl), 2), "\(eventsGrowth / mebibyte) MiB"], widths))
    } catch {
        print("stream: failed: \(error)")
    }
}

private func curlToNull(_ url: URL) throws {
    let curl = Process()
    curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    curl.arguments = ["curl", "-sS", "-o", "/dev/null", "-H", "Authorization: Bearer bench", url.absoluteString]
    try curl.run()
    curl.waitUntilExit()
    guard curl.terminationStatus == 0 else { throw CocoaError(.fileReadUnknown) }
}

/// Resident set size from /proc/self/statm.
private func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}
