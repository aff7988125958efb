import Foundation
import Testing

/// The forms in which a token could leak: as is, any 16 characters of it (a
/// truncated or partly masked display), hex, or base64 (standard and URL-safe,
/// at each of the three alignments it can take inside a longer encoded text,
/// such as `Bearer <token>` in a dumped header).
struct LeakScanner: Sendable {
    let patterns: [(name: String, bytes: Data)]

    init(secrets: [String]) {
        var patterns: [(String, Data)] = []
        for (index, secret) in secrets.enumerated() {
            let bytes = Array(secret.utf8)
            let label = "secret \(index + 1)"
            patterns.append(("\(label) itself", Data(bytes)))
            for start in stride(from: 0, through: bytes.count - 16, by: 1) {
                patterns.append(("16 characters of \(label)", Data(bytes[start..<(start + 16)])))
            }
            patterns.append(("\(label) in hex", Data(bytes.map { String(format: "%02x", $0) }.joined().utf8)))
            for offset in 0..<3 {
                // The token's bytes that fill whole 3-byte groups when it starts `offset` bytes into a group.
                let first = (3 - offset) % 3
                let whole = (bytes.count - first) / 3 * 3
                let encoded = Data(bytes[first..<(first + whole)]).base64EncodedString()
                patterns.append(("\(label) in base64", Data(encoded.utf8)))
                let urlSafe = encoded.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                if urlSafe != encoded { patterns.append(("\(label) in base64url", Data(urlSafe.utf8))) }
            }
        }
        self.patterns = patterns
    }

    /// What betrays a secret in `data`, also once line breaks (and, for text,
    /// escape sequences and all white space) are taken out: a token wrapped
    /// across lines or split by colour codes is still a leak.
    func findings(in data: Data) -> [String] {
        var views = [data, Data(data.filter { $0 != 0x0A && $0 != 0x0D })]
        if let text = String(data: data, encoding: .utf8) {
            let withoutEscapes = text.replacing(try! Regex("\u{1B}\\[[0-9;?]*[A-Za-z]"), with: "")
            views.append(Data(withoutEscapes.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) }
                .map(String.init).joined().utf8))
        }
        var found: [String] = []
        for (name, bytes) in patterns where !found.contains(name) {
            if views.contains(where: { $0.range(of: bytes) != nil }) { found.append(name) }
        }
        return found
    }

    func findings(in text: String) -> [String] { findings(in: Data(text.utf8)) }

    /// Every regular file under `root` except the `excluded` ones; records an issue per leak.
    /// Returns the paths read, relative to `root`.
    @discardableResult
    func checkFiles(under root: URL, excluding excluded: [URL], sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let base = root.resolvingSymlinksInPath().path + "/"
        let skipped = Set(excluded.map { $0.resolvingSymlinksInPath().path })
        var read: [String] = []
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return []
        }
        for case let file as URL in walker {
            let path = file.resolvingSymlinksInPath().path
            guard !skipped.contains(path), (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                  let data = try? Data(contentsOf: file) else { continue }
            read.append(path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path)
            let found = findings(in: data)
            #expect(found.isEmpty, "\(path) holds \(found)", sourceLocation: sourceLocation)
        }
        return read.sorted()
    }
}

/// A private home (DaemonHome's XDG directories) in which every `veet` run is
/// recorded and every output checked for the secrets at once.
final class CanaryRun: @unchecked Sendable {  // used by one test at a time
    let home: DaemonHome
    let scanner: LeakScanner
    /// The argument lists of every `veet` run, for the coverage check.
    private(set) var invocations: [[String]] = []
    private(set) var checkedOutputs = 0
    let extraEnvironment: [String: String]

    init(home: DaemonHome, scanner: LeakScanner, extraEnvironment: [String: String] = [:]) throws {
        self.home = home
        self.scanner = scanner
        let temporary = home.root.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        // Temporary files the apps write land where the file scan looks.
        self.extraEnvironment = ["TMPDIR": temporary.path, "LANG": "C.UTF-8"].merging(extraEnvironment) { _, new in new }
    }

    var environment: [String: String] { home.environment.merging(extraEnvironment) { _, new in new } }

    /// Runs `veet`, checks its output for the secrets, and (when given) its exit status.
    @discardableResult
    func veet(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:],
              expect statuses: Set<Int32>? = [0], timeout: TimeInterval = 20,
              sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessResult {
        invocations.append(arguments)
        let result = try runProcess(try Harness.binary("veet"), arguments,
                                    environment: environment.merging(extra) { _, new in new }, stdin: stdin, timeout: timeout)
        check(result.stdout + "\n" + result.stderr, "veet \(arguments.joined(separator: " "))", sourceLocation: sourceLocation)
        if let statuses {
            #expect(statuses.contains(result.status),
                    "veet \(arguments.joined(separator: " ")) exited \(result.status), not \(statuses.sorted()): \(result.stderr)",
                    sourceLocation: sourceLocation)
        }
        return result
    }

    /// Records an issue when `text` betrays a secret.
    func check(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        checkedOutputs += 1
        let found = scanner.findings(in: text)
        #expect(found.isEmpty, "\(what) shows \(found)", sourceLocation: sourceLocation)
    }

    /// A value from the last JSON line of `result`: `path` names keys, and an
    /// array on the way stands for its first element (or the first whose
    /// `where` key has the given value).
    func value(_ result: ProcessResult, _ path: String, where condition: (key: String, value: String)? = nil,
               sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let line = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        var current: Any? = try? JSONSerialization.jsonObject(with: Data(line.utf8))
        for key in path.split(separator: ".").map(String.init) {
            if let array = current as? [[String: Any]] {
                current = condition.flatMap { condition in array.first { "\($0[condition.key] ?? "")" == condition.value } }
                    ?? array.first
            }
            current = (current as? [String: Any])?[key]
        }
        if let text = current as? String { return text }
        if let number = current as? Int { return String(number) }
        throw HarnessError("no \(path) after veet \((invocations.last ?? []).joined(separator: " ")): "
                           + "\(result.stdout.prefix(400)) \(result.stderr.prefix(400))")
    }
}

/// The command table, as `veet help` prints it.
enum HelpCommands {
    /// The names under `Commands:` in one help text.
    static func names(inHelp text: String) -> [String] {
        var names: [String] = []
        var inCommands = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "Commands:" { inCommands = true; continue }
            guard inCommands else { continue }
            if line.trimmingCharacters(in: .whitespaces).isEmpty { break }
            // "  name      summary"; summary continuation lines are indented further.
            guard line.hasPrefix("  "), !line.hasPrefix("   "),
                  let name = line.dropFirst(2).split(separator: " ").first else { continue }
            names.append(String(name))
        }
        return names
    }

    /// Every runnable command path (a command without subcommands), found by
    /// asking for help level by level; `help` runs `veet help <path>`.
    static func leaves(help: @Sendable ([String]) throws -> String) throws -> [[String]] {
        var leaves: [[String]] = []
        var level: [[String]] = [[]]
        while !level.isEmpty {
            let texts = CollectedTexts(count: level.count)
            let current = level
            DispatchQueue.concurrentPerform(iterations: current.count) { index in
                texts.set(index, Result { try help(current[index]) })
            }
            var next: [[String]] = []
            for (index, path) in current.enumerated() {
                let children = names(inHelp: try texts.get(index))
                if children.isEmpty { leaves.append(path) } else { next += children.map { path + [$0] } }
            }
            level = next
        }
        return leaves
    }
}

/// Results gathered from concurrent help runs.
final class CollectedTexts: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var results: [Result<String, any Error>?]
    init(count: Int) { results = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ result: Result<String, any Error>) { lock.withLock { results[index] = result } }
    func get(_ index: Int) throws -> String { try lock.withLock { results[index] }?.get() ?? "" }
}
