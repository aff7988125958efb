import Foundation
import Testing
@testable import VeetStore
import VeetTransport

/// Credentials' keyring rules on a stand-in keyring (the real one is driven end to end).
@Suite struct KeyringCredentialsTests {
    final class StandInKeyring: Keyring, @unchecked Sendable {  // one test drives it from one thread
        var answers = true
        var secrets: [String: String] = [:]
        var calls: [String] = []

        func isAvailable() -> Bool { calls.append("probe"); return answers }
        func store(_ secret: String, connection: String, label: String) throws {
            calls.append("store"); guard answers else { throw KeyringError.failed(operation: "store", reason: "locked") }
            secrets[connection] = secret
        }
        func lookup(connection: String) throws -> String? {
            calls.append("lookup"); guard answers else { throw KeyringError.failed(operation: "read", reason: "locked") }
            return secrets[connection]
        }
        func remove(connection: String) throws {
            calls.append("remove"); guard answers else { throw KeyringError.failed(operation: "remove", reason: "locked") }
            secrets[connection] = nil
        }
    }

    let paths: VeetPaths = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("veet-keyring-\(UUID().uuidString)")
        return VeetPaths(environment: ["HOME": root.path, "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
                                       "XDG_DATA_HOME": root.appendingPathComponent("data").path])
    }()

    @Test func aTokenGoesToAnAnsweringKeyringAndNoFileIsLeft() throws {
        let keyring = StandInKeyring()
        let credentials = Credentials(paths: paths, keyring: keyring)
        try credentials.save(token: "old-file-copy", for: "home", preference: .file)
        #expect(try credentials.save(token: "t1", for: "home") == .keyring)
        #expect(keyring.secrets["home"] == "t1")
        #expect(!FileManager.default.fileExists(atPath: credentials.file(for: "home").path))
        keyring.answers = false
        #expect(try credentials.save(token: "t2", for: "work") == .file)
        #expect(try credentials.save(token: "t3", for: "lab", preference: .file) == .file)
    }

    @Test func readingAKeyringTokenIsOneCallAndAnUnansweringKeyringIsAnError() throws {
        let keyring = StandInKeyring()
        keyring.secrets["home"] = "t1"
        let credentials = Credentials(paths: paths, keyring: keyring)
        #expect(try credentials.token(for: "home", storage: .keyring) == "t1")
        #expect(keyring.calls == ["lookup"])
        keyring.answers = false
        #expect(throws: KeyringError.self) { try credentials.token(for: "home", storage: .keyring) }
        #expect(throws: KeyringError.unavailable(connection: "home")) {
            try Credentials(paths: paths).token(for: "home", storage: .keyring)
        }
    }

    @Test func forgettingAKeyringTokenThatCannotBeReachedFailsAndKeepsTheEntry() throws {
        let keyring = StandInKeyring()
        let registry = ConnectionRegistry(paths: paths, credentials: Credentials(paths: paths, keyring: keyring))
        try registry.add(name: "home", url: try ServerURL(validating: "https://veet.example.com"), token: "t1")
        keyring.answers = false
        #expect(throws: KeyringError.self) { try registry.forget(name: "home") }
        // Nothing looks forgotten while its secret stays behind.
        #expect(try registry.load().connection(named: "home")?.tokenStorage == .keyring)
        keyring.answers = true
        try registry.forget(name: "home")
        #expect(keyring.secrets.isEmpty)
        #expect(try registry.load().connection(named: "home") == nil)
    }
}
