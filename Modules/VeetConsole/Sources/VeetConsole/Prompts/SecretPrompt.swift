#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum PromptError: Error, Sendable, Equatable {
    /// There is no controlling terminal to ask on (a daemon, a CI job).
    case noTerminal
}

/// Reads a secret (a token, a password) from the controlling terminal with
/// echo off, whatever stdin and stdout are connected to.
///
/// The terminal's settings are restored on every path. Ctrl-C is read as a
/// byte rather than delivered as a signal while the prompt is open (ISIG is
/// off), so the prompt can restore the terminal first and then raise SIGINT
/// itself: the program then sees an ordinary interrupt. A signal sent from
/// elsewhere (`kill`) while the prompt waits is not caught; catching it would
/// need process-wide mutable state, and the shell's `reset` or `stty echo`
/// repairs the terminal.
public enum SecretPrompt {
    /// Shows `prompt` on the terminal and returns the line typed, without its
    /// newline; nil at end of input (Ctrl-D on an empty line), and nil after
    /// Ctrl-C when the program survives the re-raised SIGINT.
    public static func read(prompt: String) throws(PromptError) -> String? {
        let terminal = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else { throw .noTerminal }
        defer { close(terminal) }
        let outcome = try readWithoutEcho(terminal, prompt: prompt)
        _ = POSIX.writeAll(terminal, "\n")
        switch outcome {
        case let .submitted(secret):
            return secret
        case .endOfInput:
            return nil
        case .interrupted:
            kill(getpid(), SIGINT)
            return nil
        }
    }

    /// Switches echo, line editing and signal keys off, reads one line, and
    /// restores the original settings before returning.
    private static func readWithoutEcho(_ terminal: Int32, prompt: String) throws(PromptError)
        -> SecretLineEditor.Outcome
    {
        var original = termios()
        guard tcgetattr(terminal, &original) == 0 else { throw .noTerminal }
        var quiet = original
        quiet.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
        withUnsafeMutableBytes(of: &quiet.c_cc) { controls in
            controls[Int(VMIN)] = 1
            controls[Int(VTIME)] = 0
        }
        _ = POSIX.writeAll(terminal, prompt)
        guard tcsetattr(terminal, TCSAFLUSH, &quiet) == 0 else { throw .noTerminal }
        defer { tcsetattr(terminal, TCSADRAIN, &original) }

        var editor = SecretLineEditor()
        while let byte = POSIX.readByte(terminal) {
            if let outcome = editor.feed(byte) { return outcome }
        }
        return editor.finish()
    }
}
