/// The benchmark suites besides `sse`. Each lives in its own file and is
/// registered here by name; `veet-bench NAME` runs one, no name runs all.
struct BenchSuite: Sendable {
    let name: String
    let run: @Sendable (_ quick: Bool) async -> Void
}

enum BenchSuites {
    static let all: [BenchSuite] = [storeSuite, reducerSuite, markdownSuite, daemonSuite, tuiSuite, streamSuite,
                                    emailSuite]
}
