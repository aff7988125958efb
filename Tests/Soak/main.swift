// veet-soak: bounded soak runs over loopback, each printing its figures (make soak).
import Foundation
import VeetFixture
#if canImport(Glibc)
import Glibc
#endif

let usage = """
    usage: veet-soak [--url URL (--token-file FILE | --token-env NAME)] [options]

    Proves the client's promises under faults, each run bounded in count and time, loopback only.
    Without --url it starts the reference server (VeetFixture) in process.

      --url URL            a server on loopback (127.0.0.1, localhost, ::1) to soak instead of the fixture
      --token-file FILE    its bearer token, read from FILE (never printed)
      --token-env NAME     its bearer token, read from the environment variable NAME
      --only LIST          comma-separated runs: streams,submits,kills,huge,endless,day (default: all)
      --conformance        instead of soaking, check every route family the clients use against the
                           contract (make conformance); exit 1 when any route fails
      --serve-hostile KIND instead of soaking, serve one hostile server on 127.0.0.1 (--port P) until
                           SIGINT; KIND: wrong-content-type, invalid-json, wrong-types, invalid-utf8,
                           huge-header, broken-errors, endless-line, wrong-event-ids, unknown-events,
                           enormous-fields, huge-stream
      --streams N          cut-and-resumed streams (default 1000)
      --submits N          submissions with the answer dropped after apply (default 1000)
      --kills N            SIGKILLs, half of the outbox writer, half of veetd (default 200)
      --day-runs N         runs of the compressed day past veetd and veet-tui (default 2000; needs the fixture)
      --day-seconds S      the compressed day's length: its runs are spread over it (default 180)
      --stream-bytes N     size of the huge event stream (default 1073741824, 1 GiB)
      --endless-cap N      the endless line ends here at the latest (default 512 MiB; the client must stop first)
      --seconds S          time limit per run; a run cut short fails (default 300)
      --seed N             seed of every random choice (default 1)
      --bin DIR            where veet-store-torture, veetd and veet-tui are (default: beside this program, or $VEET_BIN_DIR)
      --help               show this help

    Exit status 0 when every promise held, 1 otherwise, 2 on bad arguments.
    """

struct SoakOptions {
    var url: URL?
    var token: String?
    var runs: Set<String> = ["streams", "submits", "kills", "huge", "endless", "day"]
    var streams = 1_000
    var submits = 1_000
    var kills = 200
    var dayRuns = 2_000
    var daySeconds = 180.0
    var streamBytes = 1 << 30
    /// The hostile server stops its endless line here at the latest (a safety net).
    var endlessCap = 1 << 29
    var seconds = 300.0
    var seed: UInt64 = 1
    var hostileKind: String?
    var port: UInt16 = 0
    var bin: URL = {
        if let dir = ProcessInfo.processInfo.environment["VEET_BIN_DIR"], !dir.isEmpty { return URL(fileURLWithPath: dir) }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }()
}

func fail(_ text: String) -> Never {
    FileHandle.standardError.write(Data("veet-soak: \(text)\n".utf8))
    exit(2)
}

func parseOptions() -> SoakOptions {
    var options = SoakOptions()
    var arguments = CommandLine.arguments.dropFirst()
    func value(_ flag: String) -> String {
        guard let next = arguments.popFirst() else { fail("\(flag) needs a value") }
        return next
    }
    func number<T: LosslessStringConvertible>(_ flag: String) -> T {
        let text = value(flag)
        guard let parsed = T(text) else { fail("\(flag): not a number: \(text)") }
        return parsed
    }
    while let flag = arguments.popFirst() {
        switch flag {
        case "--help", "-h":
            say(usage)
            exit(0)
        case "--url":
            let text = value(flag)
            guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", SoakTarget.isLoopback(url)
            else { fail("--url must name a loopback server (127.0.0.1, localhost, ::1), not \(text)") }
            options.url = url
        case "--token-file":
            let path = value(flag)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
            options.token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        case "--token-env":
            let name = value(flag)
            guard let text = ProcessInfo.processInfo.environment[name], !text.isEmpty else { fail("$\(name) is not set") }
            options.token = text
        case "--only":
            let runs = Set(value(flag).split(separator: ",").map(String.init))
            let known: Set = ["streams", "submits", "kills", "huge", "endless", "day", "conformance"]
            guard runs.isSubset(of: known) else { fail("--only: unknown run \(runs.subtracting(known).sorted())") }
            options.runs = runs
        case "--conformance": options.runs = ["conformance"]
        case "--serve-hostile": options.hostileKind = value(flag)
        case "--port": options.port = number(flag)
        case "--streams": options.streams = number(flag)
        case "--submits": options.submits = number(flag)
        case "--kills": options.kills = number(flag)
        case "--day-runs": options.dayRuns = number(flag)
        case "--day-seconds": options.daySeconds = number(flag)
        case "--stream-bytes": options.streamBytes = number(flag)
        case "--endless-cap": options.endlessCap = number(flag)
        case "--seconds": options.seconds = number(flag)
        case "--seed": options.seed = number(flag)
        case "--bin": options.bin = URL(fileURLWithPath: value(flag))
        default: fail("unknown option \(flag) (see --help)")
        }
    }
    if options.url != nil && options.token == nil { fail("--url needs --token-file or --token-env") }
    return options
}

/// Runs the selected soaks in order; returns the exit status.
func runSoaks(_ options: SoakOptions) async -> Int32 {
    var fixture: FixtureServer?
    let target: SoakTarget
    do {
        if let url = options.url, let token = options.token {
            target = SoakTarget(url: url, token: token, fixture: nil)
            say("veet-soak: against \(url.absoluteString)")
        } else {
            let token = "soak-\(UUID().uuidString)"
            var fixtureOptions = FixtureOptions.testing
            fixtureOptions.folders = true  // every family the clients use, so conformance covers them all
            let server = FixtureServer(token: token, options: fixtureOptions)
            target = SoakTarget(url: try server.start(), token: token, fixture: server)
            fixture = server
            say("veet-soak: against the in-process fixture at \(target.url.absoluteString)")
        }
    } catch {
        fail("cannot start the fixture: \(error)")
    }
    defer { fixture?.stop() }
    say("veet-soak: seed \(options.seed), at most \(Int(options.seconds)) s per run")

    var results: [SoakResult] = []
    func record(_ name: String, _ body: () async throws -> SoakResult) async {
        guard options.runs.contains(name) else { return }
        let result: SoakResult
        do { result = try await body() } catch {
            result = SoakResult(name: name, figures: [("error", "\(error)")], held: false, seconds: 0)
        }
        result.report()
        results.append(result)
    }
    func deadline() -> ContinuousClock.Instant { .now + .milliseconds(Int(options.seconds * 1_000)) }

    await record("conformance") {
        var conformance = Conformance(target: target)
        return try await conformance.run()
    }
    // Memory first, so earlier runs' allocations do not hide its growth.
    await record("endless") { try await MemorySoak.endlessLine(cap: options.endlessCap) }
    await record("huge") { try await MemorySoak.hugeStream(bytes: options.streamBytes) }
    // Its figures are veetd's and veet-tui's memory, not this process's.
    await record("day") {
        try await DaySoak.run(target, runs: options.dayRuns, seconds: options.daySeconds, binDirectory: options.bin, seed: options.seed &+ 3,
                              deadline: deadline())
    }
    await record("streams") {
        try await StreamSoak.run(target, count: options.streams, seed: options.seed, deadline: deadline())
    }
    await record("submits") {
        try await SubmitSoak.run(target, count: options.submits, seed: options.seed &+ 1, deadline: deadline())
    }
    await record("kills") {
        try await KillSoak.run(target: target, count: options.kills, binDirectory: options.bin, seed: options.seed &+ 2,
                               deadline: deadline())
    }
    let failed = results.filter { !$0.held }.count
    say("veet-soak: \(results.count - failed) of \(results.count) runs held")
    return failed == 0 ? 0 : 1
}

let options = parseOptions()
if let kind = options.hostileKind { exit(HostileServe.run(kindName: kind, port: options.port)) }
exit(await runSoaks(options))
