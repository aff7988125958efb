import Foundation

/// Controls for tests: what happens in the chat, outside the API.
extension FixtureServer {
    /// The seeded surfaces (a Telegram bot with one active and one revoked pairing, a WhatsApp number with none).
    public static let seededSurfaceIDs = (telegram: SurfacesState.Seed.telegram, whatsapp: SurfacesState.Seed.whatsapp,
                                          activePairing: SurfacesState.Seed.samPairing,
                                          revokedPairing: SurfacesState.Seed.oldPairing)

    /// A sender sends `/pair <code>` to the surface's bot in a direct chat. True when the code
    /// matched (the sender is now paired); a wrong code counts against the surface's open codes.
    @discardableResult
    public func sendPairMessage(surfaceID: String, code: String, senderID: String, senderLabel: String? = nil) -> Bool {
        store.transaction { state in
            state.surfaces.seedIfNeeded(now: state.now())
            return state.surfaces.pair(surfaceID: surfaceID, code: code, senderID: senderID, label: senderLabel,
                                       now: state.now())
        }
    }
}
