import Foundation
import VeetConsole
import VeetSurfaces
import VeetTransport

/// The `veet surfaces` commands' work, printed through `Console`. Sender labels are the
/// channel's untrusted text: one safe line each.
struct SurfacesCommandRun {
    let api: SurfacesAPI
    let console: Console
    let now: @Sendable () -> Date

    func list() async throws -> ExitCode {
        let surfaces = try await api.list()
        if console.json {
            try console.printJSON(surfaces)
            return .success
        }
        if surfaces.isEmpty { console.err.writeLine(SurfaceWords.noneConfigured) }
        let style = console.outStyle
        for surface in surfaces {
            let route = surface.routesToAChat
                ? "notifications to a paired chat" + (surface.routeFingerprint.map { " (\($0))" } ?? "")
                : "no chat paired for notifications"
            console.out.writeLine("\(style.emphasis(ServerText.line(surface.name)))  \(surface.platform?.words ?? "?")  "
                                  + "\(surface.status?.rawValue ?? "?")  \(style.dim(route))")
            console.out.writeLine("  " + style.dim(surface.id))
        }
        return .success
    }

    func pairings(_ surfaceID: String) async throws -> ExitCode {
        let pairings = try await api.pairings(surfaceID: surfaceID)
        if console.json {
            try console.printJSON(pairings)
            return .success
        }
        if pairings.isEmpty { console.err.writeLine(SurfaceWords.noPairings) }
        let style = console.outStyle
        for pairing in pairings {
            let state = pairing.revokedAt.map { "revoked \($0.text)" } ?? "active"
            let paired = pairing.pairedAt.map { "paired \($0.text)" } ?? ""
            console.out.writeLine("\(style.emphasis(ServerText.line(pairing.who)))  \(state)  \(style.dim(paired))")
            console.out.writeLine("  \(style.dim(pairing.id))  scopes: \(pairing.grantedScopes.joined(separator: ", "))")
        }
        return .success
    }

    /// The code goes to stdout once, for the owner; it is kept nowhere.
    func pair(_ surfaceID: String, _ request: PairingRequest) async throws -> ExitCode {
        let code = try await api.mintCode(surfaceID: surfaceID, request)
        if console.json {
            try console.printJSON(Minted(code))
            return .success
        }
        let attempts = code.maxAttempts.map { "; \($0) attempts" } ?? ""
        console.out.writeLine("Pairing code: \(console.outStyle.emphasis(code.secret.reveal()))  "
                              + "(\(SurfaceWords.expiry(of: code, now: now())), at \(code.expiresAt.text)\(attempts))")
        console.out.writeLine(code.instruction)
        console.out.writeLine(console.outStyle.dim(SurfaceWords.shownOnce + " " + SurfaceWords.afterPairing))
        return .success
    }

    /// `--json`'s shape of a new code: the wire's keys, the code in plain text (the owner asked for it).
    struct Minted: Encodable {
        var id: String
        var surfaceID: String
        var grantedScopes: [String]
        var label: String?
        var expiresAt: Timestamp
        var maxAttempts: Int?
        var code: String

        init(_ code: PairingCode) {
            id = code.id
            surfaceID = code.surfaceID
            grantedScopes = code.grantedScopes
            label = code.label
            expiresAt = code.expiresAt
            maxAttempts = code.maxAttempts
            self.code = code.secret.reveal()
        }

        enum CodingKeys: String, CodingKey {
            case id, surfaceID = "surface_id", grantedScopes = "granted_scopes", label, expiresAt = "expires_at"
            case maxAttempts = "max_attempts", code
        }
    }

    func revoke(_ pairingID: String, confirmed: Bool) async throws -> ExitCode {
        try await ask(SurfaceWords.revokeQuestion, confirmed: confirmed, doing: "revoking a pairing",
                      nothing: "Nothing was revoked.")
        let pairing = try await api.revoke(pairingID: pairingID)
        if console.json {
            try console.printJSON(pairing)
        } else {
            console.out.writeLine("Revoked \(ServerText.line(pairing.who)).")
        }
        return .success
    }

    func delete(_ pairingID: String, confirmed: Bool) async throws -> ExitCode {
        try await ask(SurfaceWords.deleteQuestion, confirmed: confirmed, doing: "deleting a pairing",
                      nothing: "Nothing was deleted.")
        try await api.delete(pairingID: pairingID)
        if console.json {
            try console.printJSON(Deleted(id: pairingID))
        } else {
            console.out.writeLine("Deleted.")
        }
        return .success
    }

    private struct Deleted: Encodable {
        var id: String
        var deleted = true
    }

    private func ask(_ question: String, confirmed: Bool, doing: String, nothing: String) async throws {
        guard !confirmed else { return }
        guard console.terminal.stdinIsTerminal else {
            throw CommandFailure.usage("\(console.programName): \(doing) needs confirmation: run it on a terminal, "
                                       + "or add --yes. \(nothing)")
        }
        guard await console.confirm("\(question) [y/N] ") else { throw CommandFailure(nothing) }
    }
}
