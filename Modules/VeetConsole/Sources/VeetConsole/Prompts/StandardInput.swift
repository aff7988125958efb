import Foundation

/// Reading what was piped in, e.g. `pass show veet | veet login --token-stdin`.
public enum StandardInput {
    /// Everything on standard input up to end of file, without trailing
    /// newlines (a token piped from `echo` ends in one); nil when it is not
    /// UTF-8. Blocks until the writer closes the pipe, so call it only when
    /// `Terminal.stdinIsTerminal` is false.
    public static func readAll() -> String? {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        return String(data: data, encoding: .utf8).map(trimmingTrailingNewlines)
    }

    /// `text` without trailing `\n` and `\r` characters.
    public static func trimmingTrailingNewlines(_ text: String) -> String {
        var text = text
        while let last = text.last, last == "\n" || last == "\r" || last == "\r\n" {
            text.removeLast()
        }
        return text
    }
}
