import Foundation
import VeetCurses
import VeetSurfaces

/// The work the Surfaces screen asks for.
public enum SurfacesScreenEffect: Sendable, Equatable {
    case list
    case pairings(surfaceID: String)
    /// A new code with the chat scopes; each asks with a fresh idempotency key.
    case mint(surfaceID: String)
    case revoke(pairingID: String)
    case delete(pairingID: String, surfaceID: String)
}

/// What the Surfaces screen's work reports.
public enum SurfacesScreenResult: Sendable {
    case listed([Surface])
    /// The server does not offer surfaces: one line, never an error.
    case unavailable
    case pairings(surfaceID: String, [Pairing])
    case minted(PairingCode)
    case revoked(Pairing)
    case deleted(pairingID: String)
    case message(String)
}

/// The messaging surfaces page: the surfaces (Telegram, WhatsApp bots) beside the selected
/// one's pairings. `c` asks for a one-time pairing code, shown on this page only until Esc,
/// its expiry or the screen's closing (then it is gone: nothing keeps it); `Tab` moves to the
/// pairings, where `r` revokes and `x` deletes a revoked one, each after `y`.
public struct SurfacesScreen: FeatureScreen {
    public enum Focus: Sendable { case surfaces, pairings }
    public enum Question: Sendable, Equatable { case revoke(String), delete(String) }

    public var surfaces: [Surface]?
    public var unavailable = false
    public var selected = 0
    public var pairings: [Pairing]?
    public var pairingsOf: String?
    public var selectedPairing = 0
    public var focus = Focus.surfaces
    /// The code just minted, shown once.
    public var code: PairingCode?
    public var asking: Question?
    public var message = "Loading..."

    public init() {}

    public var selectedSurface: Surface? {
        guard let surfaces, surfaces.indices.contains(selected) else { return nil }
        return surfaces[selected]
    }

    public var shownPairings: [Pairing] {
        guard let pairings, pairingsOf == selectedSurface?.id else { return [] }
        return pairings
    }

    public var chosenPairing: Pairing? {
        let list = shownPairings
        return list.indices.contains(selectedPairing) ? list[selectedPairing] : nil
    }

    public var openingEffects: [SurfacesScreenEffect] { [.list] }

    public mutating func update(_ event: ScreenEvent<SurfacesScreenResult>) -> ScreenStep<SurfacesScreenEffect, Never> {
        switch event {
        case .key(let key): return handle(key)
        case .paste: return .ignored
        case .result(let result): return ScreenStep(effects: apply(result))
        }
    }

    private mutating func handle(_ key: KeyPress) -> ScreenStep<SurfacesScreenEffect, Never> {
        if let question = asking {
            asking = nil
            guard key == .char("y") else {
                message = "Nothing was changed."
                return .none
            }
            switch question {
            case .revoke(let id):
                message = "Revoking..."
                return .run(.revoke(pairingID: id))
            case .delete(let id):
                message = "Deleting..."
                return .run(.delete(pairingID: id, surfaceID: pairingsOf ?? ""))
            }
        }
        let before = selectedSurface?.id
        var effects: [SurfacesScreenEffect] = []
        switch key {
        case KeyPress(.escape):
            guard code == nil else {
                code = nil  // forgotten: it is never shown again
                message = ""
                return .none
            }
            return .close
        case KeyPress(.tab), KeyPress(.tab, .shift):
            focus = focus == .surfaces && !shownPairings.isEmpty ? .pairings : .surfaces
        case _ where ListNavigation.moves(key):
            if focus == .pairings {
                selectedPairing = ListNavigation.index(after: key, from: selectedPairing, count: shownPairings.count)
            } else {
                selected = ListNavigation.index(after: key, from: selected, count: surfaces?.count ?? 0)
            }
        case .char("g"):
            message = ""
            effects.append(.list)
        case .char("c"):
            guard let surface = selectedSurface else { return .none }
            code = nil
            message = "Asking for a code..."
            effects.append(.mint(surfaceID: surface.id))
        case .char("r"):
            guard focus == .pairings, let pairing = chosenPairing else {
                message = "Tab to the pairings, then r revokes the chosen one."
                return .none
            }
            guard pairing.isActive else {
                message = "Already revoked."
                return .none
            }
            asking = .revoke(pairing.id)
        case .char("x"), KeyPress(.delete):
            guard focus == .pairings, let pairing = chosenPairing else {
                message = "Tab to the pairings, then x deletes a revoked one."
                return .none
            }
            guard !pairing.isActive else {
                message = "Revoke it first (r), then delete it."
                return .none
            }
            asking = .delete(pairing.id)
        default: return .ignored
        }
        if let surface = selectedSurface, surface.id != before {
            selectedPairing = 0
            focus = .surfaces
            code = nil  // a code belongs to the surface it was made for
            effects.append(.pairings(surfaceID: surface.id))
        }
        return ScreenStep(effects: effects)
    }

    public mutating func apply(_ result: SurfacesScreenResult) -> [SurfacesScreenEffect] {
        switch result {
        case .listed(let surfaces):
            let previous = selectedSurface?.id
            self.surfaces = surfaces
            selected = surfaces.firstIndex { $0.id == previous } ?? min(selected, max(surfaces.count - 1, 0))
            if message == "Loading..." { message = surfaces.isEmpty ? SurfaceWords.noneConfigured : "" }
            if let surface = selectedSurface { return [.pairings(surfaceID: surface.id)] }
        case .unavailable:
            unavailable = true
            message = ""
        case .pairings(let surfaceID, let pairings):
            guard surfaceID == selectedSurface?.id else { return [] }
            let previous = chosenPairing?.id
            self.pairings = pairings
            pairingsOf = surfaceID
            selectedPairing = pairings.firstIndex { $0.id == previous } ?? min(selectedPairing, max(pairings.count - 1, 0))
            if pairings.isEmpty { focus = .surfaces }
        case .minted(let code):
            guard code.surfaceID == selectedSurface?.id else { return [] }
            self.code = code
            message = SurfaceWords.afterPairing + " (g)"
        case .revoked(let pairing):
            message = "Revoked \(pairing.who)."
            return [.list]
        case .deleted:
            message = "Deleted."
            return [.list]
        case .message(let text):
            message = text
        }
        return []
    }

    public static let keys: [(key: String, title: String)] = [
        ("c", "pairing code"), ("Tab", "pairings"), ("r", "revoke"), ("x", "delete"), ("g", "refresh"),
    ]

    public static func footer(width: Int = .max) -> String {
        let actions = keys.map { "\($0.key) \($0.title)" }.joined(separator: "  ") + "  Esc close"
        let full = " ↑↓ choose  " + actions
        return full.count <= width ? full : " " + actions
    }

    public func keyHints(width: Int, now: Date) -> String {
        if asking != nil { return " y yes  n no" }
        if code != nil { return " Esc hide the code  g refresh" }
        return unavailable ? " Esc close" : Self.footer(width: width)
    }
}
