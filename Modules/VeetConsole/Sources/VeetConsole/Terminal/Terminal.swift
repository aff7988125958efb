import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The standard streams a CLI writes to.
public enum StandardStream: Sendable {
    case standardOutput
    case standardError
}

/// Facts about the terminal the program runs in, read once at start-up.
/// The memberwise-style initialiser lets tests describe any situation.
public struct Terminal: Sendable, Equatable {
    public var stdinIsTerminal: Bool
    public var stdoutIsTerminal: Bool
    public var stderrIsTerminal: Bool
    /// Columns available for wrapping.
    public var width: Int
    public var colorMode: ColorMode
    /// The variables that bear on colour (NO_COLOR, TERM); others are dropped.
    public var environment: [String: String]

    public static let defaultWidth = 80

    public init(
        stdinIsTerminal: Bool, stdoutIsTerminal: Bool, stderrIsTerminal: Bool,
        width: Int = Terminal.defaultWidth, colorMode: ColorMode = .auto, environment: [String: String] = [:]
    ) {
        self.stdinIsTerminal = stdinIsTerminal
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.width = width
        self.colorMode = colorMode
        self.environment = environment.filter { ["NO_COLOR", "TERM"].contains($0.key) }
    }

    /// The real process's terminal.
    public static func current(
        colorMode: ColorMode = .auto, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Terminal {
        Terminal(
            stdinIsTerminal: POSIX.isTerminal(STDIN_FILENO),
            stdoutIsTerminal: POSIX.isTerminal(STDOUT_FILENO),
            stderrIsTerminal: POSIX.isTerminal(STDERR_FILENO),
            width: detectWidth(environment: environment),
            colorMode: colorMode,
            environment: environment)
    }

    /// COLUMNS when it is a positive integer, else the kernel's window size
    /// for stdout or stderr, else 80.
    public static func detectWidth(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Int {
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 {
            return columns
        }
        return POSIX.columns(STDOUT_FILENO) ?? POSIX.columns(STDERR_FILENO) ?? defaultWidth
    }

    public func isTerminal(_ stream: StandardStream) -> Bool {
        switch stream {
        case .standardOutput: stdoutIsTerminal
        case .standardError: stderrIsTerminal
        }
    }

    public func allowsColor(on stream: StandardStream) -> Bool {
        ColorPolicy.allowsColor(mode: colorMode, isTerminal: isTerminal(stream), environment: environment)
    }

    /// The style to use for text written to `stream`.
    public func style(for stream: StandardStream) -> Style {
        Style(isEnabled: allowsColor(on: stream))
    }
}
