import Foundation
import VeetCurses
import VeetSurfaces

/// Does the Surfaces screen's work through `SurfacesAPI`. `describe` words an error the
/// feature has no words of its own for (the app adds its hints). A minted code goes to the
/// screen and nowhere else.
public struct SurfacesScreenWork: ScreenEffects {
    public typealias Screen = SurfacesScreen

    let api: SurfacesAPI
    let describe: @Sendable (any Error) -> String

    public init(api: SurfacesAPI, describe: @escaping @Sendable (any Error) -> String = { "\($0)" }) {
        self.api = api
        self.describe = describe
    }

    public func run(_ effect: SurfacesScreenEffect, report: @escaping @Sendable (SurfacesScreenResult) -> Void) async {
        do {
            switch effect {
            case .list: report(.listed(try await api.list()))
            case .pairings(let id): report(.pairings(surfaceID: id, try await api.pairings(surfaceID: id)))
            case .mint(let id): report(.minted(try await api.mintCode(surfaceID: id, try PairingRequest())))
            case .revoke(let id): report(.revoked(try await api.revoke(pairingID: id)))
            case .delete(let id, _):
                try await api.delete(pairingID: id)
                report(.deleted(pairingID: id))
            }
        } catch SurfacesError.notOffered {
            report(.unavailable)
        } catch let error as SurfacesError {
            report(.message(error.description))
        } catch {
            report(.message("Could not reach the surfaces: \(describe(error))"))
        }
    }
}
