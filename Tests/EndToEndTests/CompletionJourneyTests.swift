import Foundation
import Testing

/// `veet completion bash` sourced into a real bash, driven with COMP_WORDS as
/// the shell does at a Tab; live values come from the local store, so they
/// still complete once the server is gone.
@Suite struct CompletionJourneyTests {
    func environment(home: URL, fixture: FixtureProcess) throws -> [String: String] {
        [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "VEET_URL": fixture.url, "VEET_TOKEN": fixture.token,
            "PATH": try Harness.binary("veet").deletingLastPathComponent().path + ":/usr/bin:/bin",
        ]
    }

    /// COMPREPLY for the words, the last being the one under the cursor.
    func complete(_ words: [String], environment: [String: String]) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let script = """
            source <(veet completion bash) || exit 9
            complete -p veet >/dev/null || exit 8
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMPREPLY=()
            _veet
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try runProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", script], environment: environment)
        #expect(result.status == 0, "bash: \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func commandsOptionsChoicesAndCachedConversationsComplete() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let home = try Harness.temporaryHome()
        let env = try environment(home: home, fixture: fixture)
        #expect(try complete(["veet", "sess"], environment: env) == ["sessions"])
        #expect(try complete(["veet", "sessions", ""], environment: env) == ["list", "show", "delete"])
        #expect(try complete(["veet", "--color", "a"], environment: env).sorted() == ["always", "auto"])
        #expect(try complete(["veet", "sessions", "list", "--li"], environment: env) == ["--limit"])
        #expect(try complete(["veet", "completion", "z"], environment: env) == ["zsh"])

        for prompt in ["What is 17 * 23?", "Say hello"] {
            let chat = try runProcess(try Harness.binary("veet"), ["chat", "--once", prompt], environment: env)
            #expect(chat.status == 0, "\(chat.stderr)")
        }
        let listed = try runProcess(try Harness.binary("veet"), ["sessions", "list", "--json"], environment: env)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let ids = rows.compactMap { $0["id"] as? String }
        #expect(ids.count == 2)
        let first = try #require(ids.first)

        fixture.stop()  // live values are read from the store, never from the server
        let offered = try complete(["veet", "sessions", "show", ""], environment: env)
        #expect(Set(offered).isSuperset(of: ids.prefix(20)))
        #expect(try complete(["veet", "chat", "--session", String(first.prefix(6))], environment: env).contains(first))
        let live = try runProcess(try Harness.binary("veet"), ["__complete", "sessions"], environment: env)
        #expect(live.status == 0)
        let title = rows.first { $0["id"] as? String == first }?["title"] as? String
        if let title, !title.isEmpty { #expect(live.stdout.contains("\(first)\t")) }
        #expect(try runProcess(try Harness.binary("veet"), ["__complete", "nonsense"], environment: env).stdout.isEmpty)
    }

    @Test func theZshAndFishScriptsParseAndFishOffersTheSameCommands() throws {
        let fixture = try FixtureProcess()
        defer { fixture.stop() }
        let env = try environment(home: try Harness.temporaryHome(), fixture: fixture)
        for (shell, path) in [("zsh", "/usr/bin/zsh"), ("fish", "/usr/bin/fish")] {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                Issue.record("\(shell) is not installed (Scripts/bootstrap installs it)"); continue
            }
            let script = try runProcess(try Harness.binary("veet"), ["completion", shell], environment: env).stdout
            let file = try Harness.temporaryHome().appendingPathComponent("veet.\(shell)")
            try Data(script.utf8).write(to: file)
            let check = try runProcess(URL(fileURLWithPath: path), ["-n", file.path], environment: env)
            #expect(check.status == 0, "\(shell) -n: \(check.stderr)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") else { return }
        let fish = try runProcess(URL(fileURLWithPath: "/usr/bin/fish"),
                                  ["-c", "source (veet completion fish | psub); complete -C 'veet sessions '"], environment: env)
        #expect(fish.stdout.contains("list\t"))
        #expect(fish.stdout.contains("show\t"))
    }
}
