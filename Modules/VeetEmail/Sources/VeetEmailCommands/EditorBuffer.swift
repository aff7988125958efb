import Foundation
import VeetEmail
#if canImport(Glibc)
import Glibc
#endif

/// The one file mail text may touch: the draft handed to $EDITOR. Created
/// 0600 (exclusively, never through a link) in $XDG_RUNTIME_DIR, or in a
/// private 0700 directory made for it when that is unset; removed when the
/// editor exits, whatever happened.
struct EditorBuffer {
    let environment: [String: String]

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The editor command the owner chose: $VISUAL, then $EDITOR, then vi.
    var editor: String {
        for key in ["VISUAL", "EDITOR"] {
            if let value = environment[key]?.trimmingCharacters(in: .whitespaces), !value.isEmpty { return value }
        }
        return "vi"
    }

    /// Writes `text`, runs the editor on it, and returns what it holds when the
    /// editor exits successfully; the file (and a private directory) is gone afterwards.
    func edit(_ text: String) throws -> String {
        let (directory, ownDirectory) = try folder()
        let path = directory + "/veet-email-\(UUID().uuidString).txt"
        defer {
            unlink(path)
            if ownDirectory { rmdir(directory) }
        }
        try create(path, text)
        let status = try run(on: path)
        guard status == 0 else {
            throw Failure(description: "the editor (\(editor)) exited with status \(status); nothing was saved")
        }
        guard let edited = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "the edited draft could not be read back; nothing was saved")
        }
        return String(decoding: edited, as: UTF8.self)
    }

    private func folder() throws -> (String, Bool) {
        var isDirectory: ObjCBool = false
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty,
           FileManager.default.fileExists(atPath: runtime, isDirectory: &isDirectory), isDirectory.boolValue {
            return (runtime, false)
        }
        var template = Array((NSTemporaryDirectory() + "/veet-email-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {  // mkdtemp creates it 0700
            throw Failure(description: "no private folder for the editor's buffer could be made (\(String(cString: strerror(errno))))")
        }
        return (String(cString: made), true)
    }

    private func create(_ path: String, _ text: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw Failure(description: "the editor's buffer could not be created (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard result > 0 else { throw Failure(description: "the editor's buffer could not be written") }
            written += result
        }
    }

    /// Runs the editor through the shell (it may carry arguments, as `code -w`),
    /// with the terminal; Ctrl-C belongs to the editor meanwhile, so this
    /// process lives to remove the buffer.
    private func run(on path: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(editor) \"$1\"", "veet-editor", path]
        // The editor needs no server credentials.
        process.environment = environment.filter { $0.key != "VEET_TOKEN" }
        let previous = signal(SIGINT, SIG_IGN)
        defer { signal(SIGINT, previous) }
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// The text of a draft as the editor shows it: header lines, a blank line, the body.
enum DraftText {
    static func render(_ content: DraftContent) -> String {
        """
        To: \(content.to.joined(separator: ", "))
        Cc: \(content.cc.joined(separator: ", "))
        Bcc: \(content.bcc.joined(separator: ", "))
        Subject: \(content.subject)

        \(content.body)
        """
    }

    /// Reads the edited text back; nil when the header lines are not To/Cc/Bcc/Subject.
    static func parse(_ text: String) -> DraftContent? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var fields = DraftContent()
        while let line = lines.first, !line.trimmingCharacters(in: .whitespaces).isEmpty {
            lines.removeFirst()
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            let list = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            switch name {
            case "to": fields.to = list
            case "cc": fields.cc = list
            case "bcc": fields.bcc = list
            case "subject": fields.subject = value
            default: return nil
            }
        }
        if !lines.isEmpty { lines.removeFirst() }
        var body = lines.joined(separator: "\n")
        // Editors add a final newline; the draft's own ending is kept otherwise.
        if body.hasSuffix("\n") { body.removeLast() }
        fields.body = body
        return fields
    }
}
