import Foundation
import Glibc
import VeetConsole
import VeetSettings
import VeetTransport

/// `veet settings persona edit`: the entries in $EDITOR, one per paragraph.
/// The file is created owner-only and removed afterwards, whatever happens;
/// what the owner wrote is never dropped: a refusal or a conflict keeps it
/// (asked about on a terminal, printed otherwise).
struct PersonaEditor {
    let console: Console
    let api: SettingsAPI
    let environment: [String: String]

    static let header = """
        # Your persona: standing instructions the agent follows in every chat.
        # One entry per paragraph (a blank line between entries); lines starting with # are ignored.
        # At most 30 entries of 1-500 characters. Save and quit to apply; leave it unchanged to cancel.
        """

    func run() async throws -> ExitCode {
        var base = try await api.persona()
        var text = PersonaFile.render(base.entries.map(\.text), header: Self.header)
        while true {
            let edited: String
            switch try editInEditor(text) {
            case .failed(let reason): throw CommandFailure("\(console.programName): \(reason) Nothing was saved.")
            case .edited(let result): edited = result
            }
            let texts = PersonaFile.parse(edited)
            if texts == base.entries.map(\.text) {
                return finish(base, words: "No change; nothing was saved.")
            }
            let entries = PersonaRules.entries(texts: texts, editing: base.entries)
            do {
                let saved = try await api.savePersona(entries, expectedVersion: base.version)
                return finish(saved, words: "Saved (version \(saved.version)).")
            } catch let refused as PersonaRefused {
                guard await askYes("\(refused.description)\nEdit again? [Y/n] ", defaultYes: true) else {
                    return keep(edited, because: refused.description)
                }
                text = PersonaFile.render(texts, header: Self.header + "\n# " + refused.problems.map(\.description)
                    .joined(separator: "\n# "))
            } catch let conflict as PersonaConflict {
                showBoth(conflict)
                switch await askConflict() {
                case .keepMine:
                    base = conflict.theirs
                    text = edited
                    let saved = try await api.savePersona(PersonaRules.entries(texts: texts, editing: base.entries),
                                                          expectedVersion: base.version)
                    return finish(saved, words: "Saved yours over the other change (version \(saved.version)).")
                case .merge:
                    base = conflict.theirs
                    text = PersonaFile.render(conflict.combined.map(\.text), header: Self.header
                        + "\n# Both versions together: the server's entries, then yours that it does not have.")
                case .discardMine:
                    return finish(conflict.theirs, words: "Your edit was discarded; the persona stays as it is on the server.")
                case nil:
                    return keep(edited, because: conflict.description)
                }
            } catch {
                console.err.writeLine("\(console.programName): your text was not saved; here it is, so none of it is lost:")
                console.err.writeLine(edited)
                throw error
            }
        }
    }

    private func finish(_ persona: PersonaDocument, words: String) -> ExitCode {
        if console.json {
            try? console.printJSON(persona)
        } else {
            console.out.writeLine(words)
        }
        return .success
    }

    /// Nothing saved: the owner's text goes to stdout (or into the JSON error), so it can be kept.
    private func keep(_ edited: String, because reason: String) -> ExitCode {
        let message = "\(console.programName): \(reason) Nothing was saved; your text follows so none of it is lost."
        console.err.writeLine(message)
        if console.json {
            // The error object the app prints for a refusal, with the text in it (stderr has the line only).
            try? console.printJSON(["error": KeptText(message: reason + " Nothing was saved; your text follows so none of it is lost."
                                                      + "\n" + edited)])
        } else {
            console.out.writeLine(edited)
        }
        return .failure
    }

    private func showBoth(_ conflict: PersonaConflict) {
        let style = console.errStyle
        console.err.writeLine(style.warning("The persona changed elsewhere while you edited (now version \(conflict.theirs.version))."))
        console.err.writeLine(style.emphasis("Yours:"))
        for entry in conflict.mine { console.err.writeLine("  - \(ServerText.line(entry.text))") }
        console.err.writeLine(style.emphasis("On the server now:"))
        for entry in conflict.theirs.entries { console.err.writeLine("  - \(ServerText.line(entry.text))") }
    }

    enum ConflictChoice { case keepMine, merge, discardMine }

    private func askConflict() async -> ConflictChoice? {
        guard console.terminal.stdinIsTerminal else { return nil }
        let answer = await console.readLine("[k]eep yours (replace the server's), [m]erge both in the editor, "
                                            + "[d]iscard yours, or [q]uit keeping your text: ")?.lowercased() ?? "q"
        switch answer.first {
        case "k": return .keepMine
        case "m": return .merge
        case "d": return .discardMine
        default: return nil
        }
    }

    private func askYes(_ question: String, defaultYes: Bool) async -> Bool {
        guard console.terminal.stdinIsTerminal else {
            return false
        }
        let answer = await console.readLine(question)?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return answer.isEmpty ? defaultYes : answer.hasPrefix("y")
    }

    enum EditResult { case edited(String), failed(String) }

    /// Writes `text` to an owner-only file, runs the editor on it, reads it back; the file is always removed.
    private func editInEditor(_ text: String) throws -> EditResult {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("veet-persona-\(UUID().uuidString.lowercased()).txt").path
        let fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        guard fd >= 0 else { return .failed("Could not create a file for the editor (\(String(cString: strerror(errno))))." ) }
        defer { unlink(path) }
        let data = Array(text.utf8)
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == data.count else { return .failed("Could not write the file for the editor.") }
        let editor = [environment["EDITOR"], environment["VISUAL"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The editor may carry arguments ("code --wait"); the path goes as $1, never spliced into the script.
        process.arguments = ["-c", "\(editor) \"$1\"", "veet-editor", path]
        do { try process.run() } catch { return .failed("Could not start the editor \(editor): \(error).") }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return .failed("The editor (\(editor)) exited with status \(process.terminationStatus).")
        }
        guard let result = try? String(contentsOfFile: path, encoding: .utf8) else {
            return .failed("The edited file could not be read as UTF-8 text.")
        }
        return .edited(result)
    }
}

/// `--json`'s error object for a kept text: `kind` as the app gives a refusal, then the message.
struct KeptText: Encodable {
    var kind = "refused"
    var message: String
}

/// The editor file: a header of comments, then one entry per paragraph.
enum PersonaFile {
    static func render(_ texts: [String], header: String) -> String {
        header + "\n\n" + texts.joined(separator: "\n\n") + (texts.isEmpty ? "" : "\n")
    }

    /// Paragraphs of the lines that are not comments, each trimmed; blank ones dropped.
    static func parse(_ text: String) -> [String] {
        var entries: [String] = []
        var current: [String] = []
        func close() {
            let joined = current.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            if !joined.isEmpty { entries.append(joined) }
            current = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") { continue }
            if line.trimmingCharacters(in: .whitespaces).isEmpty { close() } else { current.append(String(line)) }
        }
        close()
        return entries
    }
}
