import Foundation
import Testing
@testable import VeetTerminal

/// Which way a copy goes, from the display variables and what PATH holds.
@Suite struct ClipboardRouteTests {
    /// A PATH whose programs are exactly `programs` (by full path).
    static func route(_ environment: [String: String], programs: Set<String>) -> ClipboardRoute {
        ClipboardRoute.choose(environment: environment, isExecutable: { programs.contains($0) })
    }

    static func toolName(_ route: ClipboardRoute) -> String? {
        if case .tool(let tool) = route { tool.name } else { nil }
    }

    @Test func waylandUsesWlCopyAndReadsBackWithWlPaste() throws {
        let route = Self.route(["WAYLAND_DISPLAY": "wayland-0", "PATH": "/usr/local/bin:/usr/bin"],
                               programs: ["/usr/bin/wl-copy", "/usr/bin/wl-paste", "/usr/bin/xclip"])
        guard case .tool(let tool) = route else { Issue.record("\(route)"); return }
        #expect(tool == ClipboardTool(name: "wl-copy", copyPath: "/usr/bin/wl-copy", copyArguments: [],
                                      pastePath: "/usr/bin/wl-paste", pasteArguments: ["--no-newline"]))
    }

    @Test func x11PrefersXclipThenXsel() {
        let x11 = ["DISPLAY": ":0", "PATH": "/opt/bin:/usr/bin/"]
        #expect(Self.toolName(Self.route(x11, programs: ["/usr/bin/xclip", "/usr/bin/xsel"])) == "xclip")
        #expect(Self.toolName(Self.route(x11, programs: ["/usr/bin/xsel"])) == "xsel")
        guard case .tool(let first) = Self.route(x11, programs: ["/opt/bin/xclip", "/usr/bin/xclip"]) else {
            Issue.record("no tool"); return
        }
        #expect(first.copyPath == "/opt/bin/xclip", "the first on PATH")
        #expect(first.copyArguments == ["-selection", "clipboard", "-in"])
        #expect(first.pasteArguments == ["-selection", "clipboard", "-out"])
    }

    @Test func bothDisplaysTryWaylandFirstThenX11() {
        let both = ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0", "PATH": "/usr/bin"]
        #expect(Self.toolName(Self.route(both, programs: ["/usr/bin/wl-copy", "/usr/bin/wl-paste", "/usr/bin/xclip"])) == "wl-copy")
        // wl-copy without wl-paste cannot be confirmed: the next candidate.
        #expect(Self.toolName(Self.route(both, programs: ["/usr/bin/wl-copy", "/usr/bin/xclip"])) == "xclip")
    }

    @Test func withoutADisplayOrAProgramItIsOSC52() {
        let programs: Set = ["/usr/bin/wl-copy", "/usr/bin/wl-paste", "/usr/bin/xclip", "/usr/bin/xsel"]
        #expect(Self.route(["PATH": "/usr/bin"], programs: programs) == .terminal(insideTmux: false))
        #expect(Self.route(["PATH": "/usr/bin", "DISPLAY": "", "WAYLAND_DISPLAY": ""], programs: programs)
                == .terminal(insideTmux: false))
        #expect(Self.route(["PATH": "/usr/bin", "DISPLAY": ":0", "TMUX": "/tmp/t,1,0"], programs: [])
                == .terminal(insideTmux: true))
        #expect(Self.route(["DISPLAY": ":0"], programs: programs) == .terminal(insideTmux: false), "no PATH, nothing found")
    }

    @Test func doctorWordsSayWhichPath() {
        #expect(Self.route(["DISPLAY": ":0", "PATH": "/usr/bin"], programs: ["/usr/bin/xsel"]).description
                == "xsel (/usr/bin/xsel), read back to confirm")
        #expect(ClipboardRoute.terminal(insideTmux: true).description
                == "OSC 52 to the terminal through tmux, unconfirmed (no wl-copy, xclip or xsel for this display)")
    }

    @Test func noticesNeverSayCopiedUnlessConfirmed() {
        #expect(ClipboardOutcome.copied(tool: "xclip").notice(what: "18 characters") == "Copied 18 characters to the clipboard (xclip)")
        let sent = ClipboardOutcome.sendToTerminal(sequence: "s", toolFailed: nil).notice(what: "18 characters")
        #expect(sent == "Sent to the terminal's clipboard (OSC 52): 18 characters")
        let fellBack = ClipboardOutcome.sendToTerminal(sequence: "s", toolFailed: "xclip").notice(what: "x")
        #expect(fellBack == "xclip did not keep it; sent to the terminal's clipboard (OSC 52): x")
        for notice in [sent, fellBack] { #expect(!notice.contains("Copied")) }
        #expect(ClipboardOutcome.tooLong.notice(what: "x") == Clipboard.tooLongNotice)
    }
}

/// Copies through a fake `xclip` on PATH: a script that keeps what it is given and gives it back.
@Suite struct ClipboardProgramTests {
    static func fakeTool(_ script: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clipboard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let program = folder.appendingPathComponent("xclip")
        try script.write(to: program, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        return folder
    }

    /// Stores stdin in `kept` beside it on -in, prints it on -out.
    static let keeping = """
        #!/bin/sh
        here=$(dirname "$0")
        case "$*" in
        *-in*) cat > "$here/kept" ;;
        *-out*) cat "$here/kept" ;;
        *) exit 2 ;;
        esac
        """

    @Test func aProgramThatGivesTheBytesBackIsCopied() throws {
        let folder = try Self.fakeTool(Self.keeping)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = "héllo\nworld, with a trailing newline\n" + String(repeating: "x", count: 200_000)
        let outcome = Clipboard.copy(text, environment: ["PATH": folder.path + ":/usr/bin:/bin", "DISPLAY": ":0", "TMUX": "/tmp/t,1,0"])
        #expect(outcome == .copied(tool: "xclip"))
        #expect(outcome.sequence == nil, "nothing for the terminal")
        #expect(try Data(contentsOf: folder.appendingPathComponent("kept")) == Data(text.utf8),
                "longer than OSC 52 allows, a program still takes it")
    }

    @Test func aProgramThatLosesTheTextFallsBackToOSC52AndSaysSo() throws {
        let folder = try Self.fakeTool("#!/bin/sh\ncat > /dev/null\necho something else\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = Clipboard.copy("hello", environment: ["PATH": folder.path + ":/usr/bin:/bin", "DISPLAY": ":0"])
        #expect(outcome == .sendToTerminal(sequence: Clipboard.sequence(copying: "hello", environment: [:])!,
                                           toolFailed: "xclip"))
    }

    @Test func aProgramThatFailsOrStopsReadingCannotHurtTheApp() throws {
        let folder = try Self.fakeTool("#!/bin/sh\nexit 1\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = String(repeating: "y", count: 1 << 20)  // more than a pipe holds: the write meets a closed pipe
        let outcome = Clipboard.copy(big, environment: ["PATH": folder.path + ":/usr/bin:/bin", "DISPLAY": ":0"])
        #expect(outcome == .tooLong, "no program kept it and OSC 52 cannot carry it")
    }

    @Test func withoutAProgramItIsOSC52WrappedForTmux() {
        let outcome = Clipboard.copy("x", environment: ["PATH": "/nonexistent", "DISPLAY": ":0", "TMUX": "/tmp/t,1,0"])
        #expect(outcome == .sendToTerminal(sequence: "\u{1B}Ptmux;\u{1B}\u{1B}]52;c;eA==\u{07}\u{1B}\\", toolFailed: nil))
    }
}
