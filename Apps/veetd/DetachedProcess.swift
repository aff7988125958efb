import Foundation

/// A helper program veetd starts and does not wait for (notify-send, gdbus, the user's terminal):
/// no input, output discarded unless a pipe is asked for, so a child can never block on the
/// daemon's own descriptors.
enum DetachedProcess {
    static func start(_ program: String, _ arguments: [String], environment: [String: String]? = nil,
                      output: Pipe? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }
}
