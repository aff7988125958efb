import Foundation

/// The Secret Service (GNOME Keyring, KeePassXC) through libsecret's
/// `secret-tool`. The secret goes through its stdin and comes back on its
/// stdout: never in a process's arguments or environment. Items carry the
/// attributes `service=veetkit` and `connection=NAME`.
public struct SecretToolKeyring: Keyring {
    public let executable: String
    /// The environment `secret-tool` runs with (the session bus address is what matters).
    public let environment: [String: String]
    /// How long one call may take; the Secret Service's own activation timeout is 25 s.
    public let timeout: TimeInterval

    static let service = "veetkit"

    public init(executable: String, environment: [String: String], timeout: TimeInterval = 5) {
        self.executable = executable
        self.environment = environment
        self.timeout = timeout
    }

    /// `secret-tool` on PATH and a session bus to find the service on; nil otherwise.
    public static func find(environment: [String: String]) -> SecretToolKeyring? {
        if environment["VEET_KEYRING"] == "off" { return nil }
        let hasBus = environment["DBUS_SESSION_BUS_ADDRESS"].map { !$0.isEmpty } ?? false
            || environment["XDG_RUNTIME_DIR"].map { FileManager.default.fileExists(atPath: "\($0)/bus") } ?? false
        guard hasBus else { return nil }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        guard let executable = path.split(separator: ":").map({ "\($0)/secret-tool" })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        return SecretToolKeyring(executable: executable, environment: environment)
    }

    public func isAvailable() -> Bool {
        // A lookup of an item that does not exist: exit 1 with nothing on stderr means the service answered.
        guard let result = try? run(["lookup", "service", Self.service, "probe", "availability"], timeout: min(timeout, 3))
        else { return false }
        return result.status <= 1 && result.stderr.isEmpty
    }

    public func store(_ secret: String, connection: String, label: String) throws {
        let result = try run(["store", "--label", label, "service", Self.service, "connection", connection], input: secret)
        guard result.status == 0 else { throw KeyringError.failed(operation: "store the token", reason: result.reason) }
    }

    public func lookup(connection: String) throws -> String? {
        let result = try run(["lookup", "service", Self.service, "connection", connection])
        if result.status == 0 { return result.stdout.isEmpty ? nil : result.stdout }
        // Exit 1 with a quiet stderr: no such item.
        if result.status == 1 && result.stderr.isEmpty { return nil }
        throw KeyringError.failed(operation: "read the token", reason: result.reason)
    }

    public func remove(connection: String) throws {
        let result = try run(["clear", "service", Self.service, "connection", connection])
        guard result.status == 0 || (result.status == 1 && result.stderr.isEmpty) else {
            throw KeyringError.failed(operation: "remove the token", reason: result.reason)
        }
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var reason: String { stderr.isEmpty ? "secret-tool exited \(status)" : stderr }
    }

    func run(_ arguments: [String], input: String? = nil, timeout: TimeInterval? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do { try process.run() } catch {
            throw KeyringError.failed(operation: "start secret-tool", reason: "\(error)")
        }
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try? stdin.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout ?? self.timeout)
        // Read while waiting, so a full pipe never blocks the child.
        let output = ProcessOutput(stdout.fileHandleForReading, stderr.fileHandleForReading)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw KeyringError.failed(operation: "answer", reason: "no answer within \(Int(timeout ?? self.timeout)) s")
        }
        process.waitUntilExit()
        let (out, err) = output.collected()
        return Result(status: process.terminationStatus, stdout: out,
                      stderr: err.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// Both pipes drained on their own threads until end of file.
private final class ProcessOutput: @unchecked Sendable {  // the two buffers are written by one thread each, read after both finished
    private var out = Data(), err = Data()
    private let group = DispatchGroup()

    init(_ stdout: FileHandle, _ stderr: FileHandle) {
        group.enter()
        DispatchQueue.global().async { self.out = stdout.readDataToEndOfFile(); self.group.leave() }
        group.enter()
        DispatchQueue.global().async { self.err = stderr.readDataToEndOfFile(); self.group.leave() }
    }

    func collected() -> (String, String) {
        group.wait()
        return (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
