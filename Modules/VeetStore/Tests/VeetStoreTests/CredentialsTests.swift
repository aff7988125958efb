import Foundation
import Testing
@testable import VeetStore
import VeetTransport

@Suite struct CredentialsTests {
    let paths: VeetPaths

    init() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("veet-store-\(UUID().uuidString)")
        paths = VeetPaths(environment: [
            "HOME": root.path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
        ])
    }

    @Test func xdgDirectoriesAreHonoured() {
        #expect(paths.configDirectory.path.hasSuffix("/config/veet"))
        #expect(paths.dataDirectory.path.hasSuffix("/data/veet"))
        let fallback = VeetPaths(environment: ["HOME": "/home/someone", "XDG_CONFIG_HOME": "relative"])
        #expect(fallback.configDirectory.path == "/home/someone/.config/veet")
        #expect(fallback.dataDirectory.path == "/home/someone/.local/share/veet")
    }

    @Test func tokensAreSavedOwnerOnlyAndReadBack() throws {
        let credentials = Credentials(paths: paths)
        try credentials.save(token: "s3cret-token", for: "home")
        let file = credentials.file(for: "home")
        #expect(PrivateFiles.mode(of: file) == 0o600)
        #expect(PrivateFiles.mode(of: paths.credentialsDirectory) == 0o700)
        #expect(try credentials.token(for: "home") == "s3cret-token")
        #expect(try credentials.token(for: "other") == nil)
    }

    @Test func aTokenFileOthersCanReadIsRefused() throws {
        let credentials = Credentials(paths: paths)
        try credentials.save(token: "t", for: "home")
        let file = credentials.file(for: "home")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        #expect(throws: StoreFileError.tooOpen(file.path, mode: 0o644)) {
            try credentials.token(for: "home")
        }
    }

    @Test func namesCannotEscapeTheDirectory() {
        let credentials = Credentials(paths: paths)
        let file = credentials.file(for: "../../etc/passwd")
        #expect(file.path.hasPrefix(paths.credentialsDirectory.path + "/"))
        #expect(!file.lastPathComponent.contains("/"))
        #expect(file.lastPathComponent == ".._.._etc_passwd.token")
    }

    @Test func connectionsAreSavedWithoutTheToken() throws {
        let registry = ConnectionRegistry(paths: paths)
        try registry.add(name: "home", url: try ServerURL(validating: "https://veet.example.com/api"), token: "tok-123")
        let text = try String(contentsOf: paths.connectionsFile, encoding: .utf8)
        #expect(!text.contains("tok-123"))
        #expect(text.contains("veet.example.com"))
        let resolved = try registry.resolve(environment: [:])
        #expect(resolved.name == "home")
        #expect(resolved.settings.token == "tok-123")
        #expect(!"\(resolved.settings)".contains("tok-123"))
    }

    @Test func environmentOverridesTheSavedConnection() throws {
        let registry = ConnectionRegistry(paths: paths)
        try registry.add(name: "home", url: try ServerURL(validating: "https://veet.example.com"), token: "saved")
        let env = ["VEET_URL": "http://127.0.0.1:9999", "VEET_TOKEN": "from-env"]
        let resolved = try registry.resolve(environment: env)
        #expect(resolved.settings.token == "from-env")
        #expect(resolved.settings.serverURL.url.absoluteString.hasPrefix("http://127.0.0.1:9999"))
        #expect(resolved.name == nil)
        // A token override alone keeps the saved server.
        #expect(try registry.resolve(environment: ["VEET_TOKEN": "x"]).settings.token == "x")
        // A different server from the environment never receives the saved token.
        #expect(throws: ConnectionResolutionError.noToken(nil)) {
            try registry.resolve(environment: ["VEET_URL": "https://other.example.com"])
        }
    }

    @Test func forgettingRemovesTheToken() throws {
        let registry = ConnectionRegistry(paths: paths)
        try registry.add(name: "a", url: try ServerURL(validating: "https://a.example.com"), token: "ta")
        try registry.add(name: "b", url: try ServerURL(validating: "https://b.example.com"), token: "tb")
        #expect(try registry.load().current == "b")
        try registry.forget(name: "b")
        #expect(try registry.load().current == "a")
        #expect(try registry.credentials.token(for: "b") == nil)
        #expect(throws: ConnectionResolutionError.unknownConnection("b")) {
            try registry.resolve(named: "b", environment: [:])
        }
    }

    @Test func nothingConnectedIsAClearError() {
        let registry = ConnectionRegistry(paths: paths)
        #expect(throws: ConnectionResolutionError.notConnected) { try registry.resolve(environment: [:]) }
    }

    /// The texts say what is missing; the command that fixes it is the app's to add.
    @Test func resolutionErrorsStateWhatIsMissingAndNameNoCommand() {
        #expect(ConnectionResolutionError.notConnected.description == "No server is connected.")
        #expect(ConnectionResolutionError.unknownConnection("work").description == "No saved connection is named \"work\".")
        #expect(ConnectionResolutionError.noToken("work").description == "No token for \"work\".")
        #expect(ConnectionResolutionError.noToken(nil).description == "No token for this server.")
    }
}
