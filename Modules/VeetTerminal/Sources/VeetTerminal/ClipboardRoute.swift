import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A local clipboard program: the one that takes a text and the one that
/// gives it back (the same program with other arguments, or wl-paste).
public struct ClipboardTool: Sendable, Equatable {
    /// `wl-copy`, `xclip` or `xsel`.
    public let name: String
    /// Found on PATH.
    public let copyPath: String
    public let copyArguments: [String]
    public let pastePath: String
    public let pasteArguments: [String]
}

/// Which way a copy goes, decided from the environment before anything runs:
/// a clipboard program when the display server has one (`wl-copy` under
/// Wayland, `xclip` or else `xsel` under X11, each found on PATH with the
/// program that reads it back), otherwise OSC 52 to the terminal (wrapped for
/// tmux), which the terminal may or may not honour.
public enum ClipboardRoute: Sendable, Equatable, CustomStringConvertible {
    case tool(ClipboardTool)
    case terminal(insideTmux: Bool)

    /// - Parameter isExecutable: whether a path is a program that can be run (tests fake it).
    public static func choose(environment: [String: String],
                              isExecutable: (String) -> Bool = { FileManager.default.isExecutableFile(atPath: $0) })
        -> ClipboardRoute {
        let path = (environment["PATH"] ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        func find(_ program: String) -> String? {
            path.lazy.map { $0.hasSuffix("/") ? $0 + program : $0 + "/" + program }.first(where: isExecutable)
        }
        var candidates: [(String, [String], String, [String])] = []
        if !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty {
            candidates.append(("wl-copy", [], "wl-paste", ["--no-newline"]))
        }
        if !(environment["DISPLAY"] ?? "").isEmpty {
            candidates.append(("xclip", ["-selection", "clipboard", "-in"], "xclip", ["-selection", "clipboard", "-out"]))
            candidates.append(("xsel", ["--clipboard", "--input"], "xsel", ["--clipboard", "--output"]))
        }
        for (copy, copyArguments, paste, pasteArguments) in candidates {
            guard let copyPath = find(copy), let pastePath = find(paste) else { continue }
            return .tool(ClipboardTool(name: copy, copyPath: copyPath, copyArguments: copyArguments,
                                       pastePath: pastePath, pasteArguments: pasteArguments))
        }
        return .terminal(insideTmux: Clipboard.isInsideTmux(environment))
    }

    /// One line for `veet doctor`.
    public var description: String {
        switch self {
        case .tool(let tool): "\(tool.name) (\(tool.copyPath)), read back to confirm"
        case .terminal(let tmux):
            "OSC 52 to the terminal\(tmux ? " through tmux" : ""), unconfirmed (no wl-copy, xclip or xsel for this display)"
        }
    }
}

/// What a copy did, and the words that say so.
public enum ClipboardOutcome: Sendable, Equatable {
    /// The program took the text and gave the same bytes back.
    case copied(tool: String)
    /// The app must write `sequence` to the terminal; `toolFailed` names a program that was tried first.
    case sendToTerminal(sequence: String, toolFailed: String?)
    /// Too long for OSC 52 (and no program took it).
    case tooLong

    /// The notice for a copy of `what` ("the message as plain text", "18 characters").
    public func notice(what: String) -> String {
        switch self {
        case .copied(let tool): "Copied \(what) to the clipboard (\(tool))"
        case .sendToTerminal(_, nil): "Sent to the terminal's clipboard (OSC 52): \(what)"
        case .sendToTerminal(_, let tool?):
            "\(tool) did not keep it; sent to the terminal's clipboard (OSC 52): \(what)"
        case .tooLong: Clipboard.tooLongNotice
        }
    }

    /// The bytes the app writes to the terminal, if any.
    public var sequence: String? {
        if case .sendToTerminal(let sequence, _) = self { sequence } else { nil }
    }
}

extension Clipboard {
    /// Copies `text` the way `ClipboardRoute.choose` says: through the
    /// program, confirmed by reading it back, else as OSC 52 for the app to
    /// send. Blocking, bounded by `timeout` per program run.
    public static func copy(_ text: String, environment: [String: String], timeout: TimeInterval = 2) -> ClipboardOutcome {
        let route = ClipboardRoute.choose(environment: environment)
        var failed: String?
        if case .tool(let tool) = route {
            let bytes = Data(text.utf8)
            if run(tool.copyPath, tool.copyArguments, input: bytes, environment: environment, timeout: timeout) != nil,
               run(tool.pastePath, tool.pasteArguments, input: nil, environment: environment, timeout: timeout) == bytes {
                return .copied(tool: tool.name)
            }
            failed = tool.name
        }
        guard let sequence = sequence(copying: text, environment: environment) else { return .tooLong }
        return .sendToTerminal(sequence: sequence, toolFailed: failed)
    }

    /// Runs a program with `input` on its stdin; its stdout when it exits 0 in time, else nil.
    /// A copy program that stays behind to serve the selection (xclip, xsel, wl-copy fork so)
    /// gets no pipe to hold open: its output goes to /dev/null. Its stdin is written and its
    /// stdout read on threads of their own, so neither a full pipe nor a hung program blocks
    /// past `timeout`, and one that stops reading early cannot kill the app with SIGPIPE.
    static func run(_ path: String, _ arguments: [String], input: Data?, environment: [String: String],
                    timeout: TimeInterval) -> Data? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        let stdin = Pipe()
        process.standardInput = stdin
        let stdout = input == nil ? Pipe() : nil
        process.standardOutput = stdout ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do { try process.run() } catch { return nil }
        let writer = stdin.fileHandleForWriting
        let written = DispatchSemaphore(value: 0)
        Thread {
            writeIgnoringBrokenPipe(input ?? Data(), to: writer.fileDescriptor)
            try? writer.close()
            written.signal()
        }.start()
        let output = ProgramOutput()
        if let reader = stdout?.fileHandleForReading {
            Thread { output.finish(reader.readDataToEndOfFile()) }.start()
        } else {
            output.finish(Data())
        }
        let deadline = DispatchTime.now() + timeout
        guard exited.wait(timeout: deadline) == .success else {
            process.terminate()
            return nil
        }
        guard written.wait(timeout: deadline) == .success, process.terminationStatus == 0 else { return nil }
        return output.wait(until: deadline)
    }

    /// Writes all of `data` to a pipe with SIGPIPE blocked on this thread (a
    /// reader gone early is an error here, not the process's end), then
    /// takes back a SIGPIPE left pending.
    private static func writeIgnoringBrokenPipe(_ data: Data, to fd: Int32) {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let count = write(fd, base + offset, raw.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                offset += count
            }
        }
        var zero = timespec()
        while sigtimedwait(&pipeSignal, nil, &zero) == SIGPIPE {}
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
}

/// A program's whole stdout, handed from its reading thread.
private final class ProgramOutput: @unchecked Sendable {  // data is written once before `ready` is signalled and read only after
    private var data = Data()
    private let ready = DispatchSemaphore(value: 0)

    func finish(_ bytes: Data) {
        data = bytes
        ready.signal()
    }

    func wait(until deadline: DispatchTime) -> Data? {
        ready.wait(timeout: deadline) == .success ? data : nil
    }
}
