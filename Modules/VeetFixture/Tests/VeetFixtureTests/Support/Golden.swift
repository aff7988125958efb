import Foundation

/// The recordings from a real server (Modules/VeetFixture/Tests/VeetFixtureTests/Golden, copied from the contract).
enum Golden {
    static func text(_ name: String) throws -> String {
        guard let folder = Bundle.module.url(forResource: "Golden", withExtension: nil) else {
            throw TestFailure("Golden folder missing from the test bundle")
        }
        return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// SSE frames of a recording, without its HTTP preamble (and timing column, if any).
    static func frames(_ name: String) throws -> [SSEFrame] {
        var body = try text(name)
        if body.hasPrefix("0.000\t") {
            body = body.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false).last.map(String.init) ?? ""
            }.joined(separator: "\n")
        }
        // Captures with an HTTP preamble end its header block with CR LF CR LF.
        if body.hasPrefix("HTTP/1.1"), let end = body.range(of: "\r\n\r\n") ?? body.range(of: "\n\n") {
            body = String(body[end.upperBound...])
        }
        return SSEFrame.parseAll(body)
    }

    /// The error object of the `### title` section of an errors file.
    static func error(_ file: String, section title: String) throws -> [String: Any] {
        let sections = try text(file).components(separatedBy: "### ")
        guard let section = sections.first(where: { $0.hasPrefix(title) }) else {
            throw TestFailure("no section \(title) in \(file)")
        }
        guard let line = section.components(separatedBy: .newlines).first(where: { $0.hasPrefix("{") }),
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let error = object["error"] as? [String: Any]
        else { throw TestFailure("no error body in section \(title)") }
        return error
    }

    /// Status and JSON body of the `### title` section of a request/response capture.
    static func section(_ file: String, _ title: String) throws -> (status: Int, body: [String: Any]) {
        let sections = try text(file).components(separatedBy: "### ")
        guard let section = sections.first(where: { $0.hasPrefix(title) }) else {
            throw TestFailure("no section \(title) in \(file)")
        }
        let lines = section.components(separatedBy: .newlines)
        guard let statusLine = lines.first(where: { $0.hasPrefix("HTTP/1.1 ") }),
            let status = Int(statusLine.split(separator: " ")[1])
        else { throw TestFailure("no status in section \(title)") }
        let json = lines.first(where: { $0.hasPrefix("{") }) ?? "{}"
        let body = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
        return (status, body)
    }

    /// The JSON body of a whole-body recording (`*.json`) or the last JSON line of a `.txt` capture.
    static func object(_ name: String) throws -> [String: Any] {
        let content = try text(name)
        let candidate = name.hasSuffix(".json")
            ? content : content.components(separatedBy: .newlines).last(where: { $0.hasPrefix("{") }) ?? ""
        guard let object = try JSONSerialization.jsonObject(with: Data(candidate.utf8)) as? [String: Any] else {
            throw TestFailure("no JSON object in \(name)")
        }
        return object
    }
}

/// Frame comparison that ignores what legitimately differs between two servers.
enum FrameShape {
    private static let replacements: [(String, String)] = [
        (#"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"#, "<uuid>"),
        (#"[0-9a-f]{64}"#, "<sha256>"),
        (#"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|\+00:00)"#, "<time>"),
        (#""worker_id":"[^"]*""#, #""worker_id":"<worker>""#),
        (#""context_total_tokens":"\d+""#, #""context_total_tokens":"<n>""#),
    ]

    /// `id event data` with uuids, hashes, times, worker ids and token counts masked.
    static func normalized(_ frame: SSEFrame) -> String {
        var data = frame.data ?? ""
        for (pattern, replacement) in replacements {
            data = data.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        return "\(frame.id.map(String.init) ?? "-") \(frame.event ?? "heartbeat") \(data)"
    }

    /// `event [id]` plus every key path of the data (`a.b[].c`), for answers whose texts differ.
    static func shape(_ frame: SSEFrame) -> String {
        var paths: Set<String> = []
        collectPaths(frame.object, prefix: "", into: &paths)
        return "\(frame.event ?? "heartbeat") \(frame.id == nil ? "transient" : "persisted") \(paths.sorted())"
    }

    private static func collectPaths(_ value: Any, prefix: String, into paths: inout Set<String>) {
        if let object = value as? [String: Any] {
            for (key, child) in object {
                let path = prefix.isEmpty ? key : "\(prefix).\(key)"
                paths.insert(path)
                collectPaths(child, prefix: path, into: &paths)
            }
        } else if let array = value as? [Any] {
            for child in array { collectPaths(child, prefix: prefix + "[]", into: &paths) }
        }
    }

    /// Shapes with runs of the same transient event collapsed into one (delta counts differ).
    static func collapsedShapes(_ frames: [SSEFrame]) -> [String] {
        var shapes: [String] = []
        for frame in frames where !frame.isHeartbeat {
            let shape = shape(frame)
            if frame.id == nil, shapes.last == shape { continue }
            shapes.append(shape)
        }
        return shapes
    }

    static func persisted(_ frames: [SSEFrame]) -> [String] {
        frames.filter { $0.id != nil }.map(normalized)
    }

    static func withoutHeartbeats(_ frames: [SSEFrame]) -> [String] {
        frames.filter { !$0.isHeartbeat }.map(normalized)
    }
}
