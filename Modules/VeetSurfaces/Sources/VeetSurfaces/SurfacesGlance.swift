import Foundation

/// The surfaces in one line, for a card that leads to their page (veet-tui's Settings
/// screen shows it; its shell reads it here, so the Settings face knows nothing of surfaces).
public struct SurfacesGlance: Sendable, Equatable {
    /// False on a server without surfaces: the line says so and there is nothing to open.
    public var offered: Bool
    public var line: String

    public init(offered: Bool, line: String) {
        self.offered = offered
        self.line = line
    }

    /// What `surfaces` and their active pairings come to ("Veetbot on Telegram: 1 paired sender.").
    public static func of(_ surfaces: [Surface], activePairings: [String: Int]) -> SurfacesGlance {
        guard !surfaces.isEmpty else { return SurfacesGlance(offered: true, line: SurfaceWords.noneConfigured) }
        let paired = surfaces.reduce(0) { $0 + (activePairings[$1.id] ?? 0) }
        let senders = paired == 1 ? "1 paired sender" : "\(paired == 0 ? "no" : String(paired)) paired senders"
        let what = surfaces.count == 1 ? (surfaces[0].name.isEmpty ? "1 surface" : surfaces[0].name) : "\(surfaces.count) surfaces"
        return SurfacesGlance(offered: true, line: "\(what): \(senders).")
    }

    /// Reads the list and each surface's pairings. A server without surfaces says so; a failed
    /// read says it could not, and the page (which reads again) can still be opened.
    public static func read(_ api: SurfacesAPI) async -> SurfacesGlance {
        do {
            let surfaces = try await api.list()
            var active: [String: Int] = [:]
            for surface in surfaces {
                active[surface.id] = (try? await api.pairings(surfaceID: surface.id))?.filter(\.isActive).count ?? 0
            }
            return of(surfaces, activePairings: active)
        } catch SurfacesError.notOffered {
            return SurfacesGlance(offered: false, line: SurfaceWords.notOffered)
        } catch {
            return SurfacesGlance(offered: true, line: "The messaging surfaces could not be read now.")
        }
    }
}
