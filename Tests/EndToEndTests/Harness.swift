import Foundation
import Glibc
import Testing

/// Runs the built apps as a user would: real processes, real sockets, a
/// private XDG home per test.
enum Harness {
    static let repoRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `make test` sets VEET_BIN_DIR; otherwise the directory of this test binary.
    static var binDirectory: URL {
        if let dir = ProcessInfo.processInfo.environment["VEET_BIN_DIR"], !dir.isEmpty {
            return URL(fileURLWithPath: dir)
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    static func binary(_ name: String) throws -> URL {
        let url = binDirectory.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw HarnessError("\(url.path) is missing: run `swift build` first (make test does)")
        }
        return url
    }

    static func temporaryHome() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("veet-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

struct ProcessResult: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs a program to completion with the given stdin, environment and a time limit.
func runProcess(_ executable: URL, _ arguments: [String], environment: [String: String] = [:],
                stdin: String? = nil, timeout: TimeInterval = 60) throws -> ProcessResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for key in ["VEET_URL", "VEET_TOKEN", "NO_COLOR", "COLORTERM"] { env[key] = nil }
    env.merge(environment) { _, new in new }
    process.environment = env
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try? input.fileHandleForWriting.close()
    // Read both pipes concurrently so a chatty child never blocks on a full pipe.
    let collected = CollectedOutput()
    let group = DispatchGroup()
    for (handle, isOut) in [(out.fileHandleForReading, true), (err.fileHandleForReading, false)] {
        group.enter()
        DispatchQueue.global().async {
            let data = handle.readDataToEndOfFile()
            collected.set(data, isOut: isOut)
            group.leave()
        }
    }
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning {
        // Bounded even then: Process reports an exit only once every copy of its private
        // descriptor is closed, so a child that handed it on to a process of its own
        // (a daemon) looks alive, as a zombie, for as long as that process lives.
        kill(process.processIdentifier, SIGKILL)
        let grace = Date().addingTimeInterval(5)
        while process.isRunning && Date() < grace { usleep(20_000) }
        var status: Int32 = 0
        _ = waitpid(process.processIdentifier, &status, WNOHANG)  // a zombie Foundation did not notice
        throw HarnessError("\(executable.lastPathComponent) \(arguments) did not finish in \(timeout) s "
                           + "(or left a descriptor open in a process it started)")
    }
    process.waitUntilExit()
    guard group.wait(timeout: .now() + max(1, deadline.timeIntervalSinceNow)) == .success else {
        throw HarnessError("\(executable.lastPathComponent) \(arguments) exited, but its output stayed open")
    }
    return ProcessResult(status: process.terminationStatus, stdout: collected.stdout, stderr: collected.stderr)
}

/// Output gathered from two reader threads.
final class CollectedOutput: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var out = Data(), err = Data()
    func set(_ data: Data, isOut: Bool) {
        lock.lock(); defer { lock.unlock() }
        if isOut { out = data } else { err = data }
    }
    var stdout: String { lock.lock(); defer { lock.unlock() }; return String(decoding: out, as: UTF8.self) }
    var stderr: String { lock.lock(); defer { lock.unlock() }; return String(decoding: err, as: UTF8.self) }
}

/// Which server a journey runs against (`veet-fixture --profile`).
enum ServerProfile: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Every family the fixture implements.
    case full
    /// Only what the August 2026 release offers: no folders, devices,
    /// notifications, uploads or task permissions.
    case snapshot

    var testDescription: String { rawValue }
}

/// A `veet-fixture` process on a free loopback port, stopped when the test ends.
final class FixtureProcess: @unchecked Sendable {  // immutable after init; Process is used from one test
    let process = Process()
    let url: String
    let token: String
    let profile: ServerProfile

    /// `token`: the bearer token the fixture accepts (default: a fresh one).
    init(arguments: [String] = [], token: String? = nil, profile: ServerProfile = .full) throws {
        self.token = token ?? "e2e-\(UUID().uuidString)"
        self.profile = profile
        process.executableURL = try Harness.binary("veet-fixture")
        process.arguments = ["--port", "0", "--token", self.token, "--profile", profile.rawValue] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first stdout line is the base URL.
        var line = Data()
        let handle = out.fileHandleForReading
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        url = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard url.hasPrefix("http://127.0.0.1:") else {
            process.terminate()
            throw HarnessError("veet-fixture did not print its URL (got \(url.debugDescription))")
        }
    }

    /// One SIGTERM (the fixture blocks it from its first instruction, so none is
    /// lost however early it lands: FixtureSignalTests); killed if it has not
    /// exited after five seconds, so a hung fixture cannot hang the suite.
    func stop() {
        if process.isRunning { process.terminate() }
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }
}
