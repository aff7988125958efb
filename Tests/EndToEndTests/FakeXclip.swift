import Foundation

/// A folder holding a fake `xclip` for PATH: `-in` keeps its input in `kept`
/// beside it, `-out` gives it back, as the real one does with the clipboard.
struct FakeXclip {
    let folder: URL

    init() throws {
        folder = try Harness.temporaryHome()
        let program = folder.appendingPathComponent("xclip")
        try "#!/bin/sh\ncase \"$*\" in *-in*) cat > \"$(dirname \"$0\")/kept\" ;; *-out*) cat \"$(dirname \"$0\")/kept\" ;; esac\n"
            .write(to: program, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
    }

    /// A PATH that finds it first, and the system's tools after it.
    var path: String { folder.path + ":/usr/bin:/bin" }

    /// What the last copy gave it.
    func kept() throws -> String { try String(contentsOf: folder.appendingPathComponent("kept"), encoding: .utf8) }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
