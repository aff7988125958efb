import Foundation

/// The reply in $EDITOR (or $VISUAL): the one file mail text may touch. It is
/// created 0600 in $XDG_RUNTIME_DIR (a private, memory-backed folder) and
/// removed when the editor exits, and also when anything fails.
enum ExternalEditor {
    enum Failure: Error, CustomStringConvertible {
        case noRuntimeDirectory
        case noEditor
        case editorFailed(Int32)
        case io(String)

        var description: String {
            switch self {
            case .noRuntimeDirectory: "XDG_RUNTIME_DIR is not set, so the reply was not written to a file; edit it here (r)."
            case .noEditor: "Set EDITOR (or VISUAL) to edit the reply outside; edit it here (r)."
            case .editorFailed(let status): "The editor exited with status \(status); the reply was not changed."
            case .io(let text): "The reply could not go through the editor (\(text)); it was not changed."
            }
        }
    }

    /// Runs the editor on `text` and returns what it saved. `run` hands the
    /// terminal over while the child runs (`TerminalSession.runOutside`).
    static func edit(_ text: String, environment: [String: String],
                     run: (() throws -> Int32) throws -> Int32) -> Result<String, Failure> {
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return .failure(.noRuntimeDirectory) }
        guard let editor = (environment["VISUAL"] ?? environment["EDITOR"]).flatMap({ $0.isEmpty ? nil : $0 }) else {
            return .failure(.noEditor)
        }
        let folder = URL(fileURLWithPath: runtime)
        let file = folder.appendingPathComponent("veet-reply-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            guard FileManager.default.createFile(atPath: file.path, contents: Data(text.utf8),
                                                 attributes: [.posixPermissions: 0o600]) else {
                return .failure(.io("cannot create the file"))
            }
            let status = try run {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                // The variable may carry arguments ("code --wait"): the shell splits it, the path stays one word.
                process.arguments = ["-c", editor + " \"$1\"", "veet-editor", file.path]
                try process.run()
                process.waitUntilExit()
                return process.terminationStatus
            }
            guard status == 0 else { return .failure(.editorFailed(status)) }
            let edited = try String(contentsOf: file, encoding: .utf8)
            return .success(edited.hasSuffix("\n") && !text.hasSuffix("\n") ? String(edited.dropLast()) : edited)
        } catch {
            return .failure(.io(String(describing: error)))
        }
    }
}
