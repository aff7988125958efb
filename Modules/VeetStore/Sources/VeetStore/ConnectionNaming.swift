import Foundation
import VeetTransport

extension ConnectionRegistry {
    /// The name `veet connect` and veet-tui's first-run form give a server
    /// when none is chosen: its host, with a non-default port after a dash.
    public static func defaultName(for address: ServerURL) -> String {
        var name = address.url.host ?? "server"
        if let port = address.url.port { name += "-\(port)" }
        return name.replacingOccurrences(of: ":", with: "-")
            .trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    }
}
