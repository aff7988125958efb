import Foundation
import Testing

/// `make bench QUICK=1` (Scripts/bench --quick) on the built tools, so the bench
/// and its table of issue 22's figures cannot rot between release runs.
@Suite struct BenchQuickModeTests {
    @Test func theQuickBenchPrintsEveryFigureOfTheTable() throws {
        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"),
                                    ["bash", Harness.repoRoot.appendingPathComponent("Scripts/bench").path,
                                     Harness.binDirectory.path, "--quick", "reducer", "idle"],
                                    environment: ["BENCH_PYTHON": ""], timeout: 600)
        #expect(result.status == 0, "\(result.stderr.suffix(600))")
        #expect(result.stdout.contains("== issue 22 figures (quick mode"))
        for figure in ["veet debug sse vs httpx-sse, same file", "debug sse: output time / SSE decoding time",
                       "veet --version / /bin/true", "veet --help / /bin/true",
                       "veet --version vs python -m veetbot_client --version", "RunEventStream vs curl, same stream",
                       "run events decoded and reduced", "veet-tui cold start to first frame / /bin/true",
                       "Markdown to terminal / cmark-gfm HTML", "search p95 / bare FTS5 p95",
                       "TUI streaming frame / plain full repaint (p50)"] {
            #expect(result.stdout.contains("  \(figure)"), "\(figure) is missing")
        }
        // The idle step (issue 37): veetd and veet-tui at rest next to a TUI alone, and the TUI's cold start.
        for figure in ["veet-tui beside veetd, CPU per idle minute / alone", "veet-tui beside veetd, wake-ups per idle minute",
                       "veetd, CPU per idle minute", "veetd, wake-ups per idle minute",
                       "veetd (TUI beside it), requests per idle minute", "veetd (TUI beside it), bytes per idle minute",
                       "veet-tui --first-frame-exit"] {
            #expect(result.stdout.contains("  \(figure)"), "\(figure) is missing")
        }
        // Without BENCH_PYTHON the Python rows say so instead of a figure.
        #expect(result.stdout.contains("skipped: BENCH_PYTHON not given"))
        // The suite that ran gives its row a figure, the others say they were not run.
        #expect(result.stdout.range(of: #"run events decoded and reduced\s+[\d,]+ events/s"#, options: .regularExpression) != nil)
        #expect(result.stdout.contains("not run (suite not selected)"))
    }
}
