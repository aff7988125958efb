import Foundation
import VeetStore

/// Remembers one preference for a connection in a store under `folder`, and reads it back.
func rememberedChoice(in folder: URL, connection: String, key: String, value: String) throws -> String? {
    let paths = VeetPaths(configDirectory: folder.appendingPathComponent("config"),
                          dataDirectory: folder.appendingPathComponent("data"))
    let store = try LocalStore.open(paths: paths, connection: connection)
    let preferences = ConnectionPreferences(store: store)
    try preferences.set(value, for: key)
    return try preferences.value(for: key)
}

// The README's example, run.
import Testing

@Suite struct ReadmeExampleTests {
    @Test func theExampleKeepsAPreferencePerConnection() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veet-readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try rememberedChoice(in: folder, connection: "home", key: "chosen_profile", value: "p1") == "p1")
    }
}
