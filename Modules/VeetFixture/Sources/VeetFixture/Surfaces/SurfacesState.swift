import Foundation

/// Messaging surfaces, their pairings and open pairing codes (docs/wire/surfaces.md),
/// seeded on first use. A code is kept only as a salted hash, as the server keeps it.
final class SurfacesState {
    struct Surface {
        var id: String
        var clientDeviceID: String
        var name: String
        var platform: String
        var createdAt: Instant
        var lastSeenAt: Instant
        var updatedAt: Instant
        /// The sender whose chat gets notifications; nil while none is routed.
        var routedSender: String?
        var routedAt: Instant?
    }

    struct Pairing {
        var id: String
        var surfaceID: String
        var senderID: String
        var senderLabel: String?
        var grantedScopes: [String]
        var pairedAt: Instant
        var revokedAt: Instant?
        var lastMessageAt: Instant?
    }

    struct Code {
        var id: String
        var surfaceID: String
        var salt: String
        var hash: String
        var grantedScopes: [String]
        var expiresAt: Instant
        var failures = 0
        var used = false
    }

    /// The scopes the fixture's token holds: a code may grant only these (the scope ceiling).
    static let tokenScopes: Set<String> = [
        "approval.read", "approval.resolve", "run.cancel", "run.read", "run.write", "session.read", "session.write",
        "surface.read", "surface.write", "call.read", "call.cancel", "call.delete", "memory.read",
    ]
    static let codeLifetime = 600.0
    static let maxAttempts = 5
    static let codeAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    var surfaces: [Surface] = []
    var pairings: [Pairing] = []
    var codes: [Code] = []
    /// Idempotency keys already used, per surface.
    var usedKeys: Set<String> = []
    private var seeded = false

    enum Seed {
        static let telegram = "0198e5a0-3c11-7d42-8e6f-1a2b3c4d5e6f"
        static let whatsapp = "0198e5a0-4d22-7e53-9f70-2b3c4d5e6f70"
        static let samPairing = "0198e5a4-9b02-7e13-a4c5-6d7e8f9a0b1c"
        static let oldPairing = "0198e5a4-8a01-7d02-93b4-5c6d7e8f9a0b"
    }

    func seedIfNeeded(now: Instant) {
        guard !seeded else { return }
        seeded = true
        let day = 86_400.0
        surfaces = [
            Surface(id: Seed.telegram, clientDeviceID: "surface-telegram-primary", name: "Veetbot on Telegram",
                    platform: "telegram", createdAt: now.adding(seconds: -10 * day), lastSeenAt: now.adding(seconds: -3600),
                    updatedAt: now.adding(seconds: -3600), routedSender: "583920174", routedAt: now.adding(seconds: -2 * day)),
            Surface(id: Seed.whatsapp, clientDeviceID: "surface-whatsapp", name: "Veetbot on WhatsApp",
                    platform: "whatsapp", createdAt: now.adding(seconds: -5 * day), lastSeenAt: now.adding(seconds: -5 * day),
                    updatedAt: now.adding(seconds: -5 * day), routedSender: nil, routedAt: nil),
        ]
        let chat = ["approval.read", "approval.resolve", "run.cancel", "run.read", "run.write"]
        pairings = [
            Pairing(id: Seed.oldPairing, surfaceID: Seed.telegram, senderID: "402118233", senderLabel: "Old phone",
                    grantedScopes: ["run.read", "run.write"], pairedAt: now.adding(seconds: -9 * day),
                    revokedAt: now.adding(seconds: -3 * day), lastMessageAt: now.adding(seconds: -4 * day)),
            Pairing(id: Seed.samPairing, surfaceID: Seed.telegram, senderID: "583920174", senderLabel: "Sam",
                    grantedScopes: chat, pairedAt: now.adding(seconds: -2 * day), revokedAt: nil,
                    lastMessageAt: now.adding(seconds: -3600)),
        ]
    }

    func surfaceView(_ surface: Surface) -> JSON {
        let fingerprint = surface.routedSender.map { String(SHA256.hex($0).prefix(6)) }
        return [
            "id": .string(surface.id), "client_device_id": .string(surface.clientDeviceID), "name": .string(surface.name),
            "kind": "surface", "platform": .string(surface.platform), "app_bundle_id": nil,
            "push_provider": .string(surface.routedSender == nil ? nil : surface.platform), "push_environment": nil,
            "push_token_fingerprint": .string(fingerprint), "push_token_updated_at": .string(surface.routedAt?.zulu),
            "push_token_invalidated_at": nil, "muted_kinds": [], "capabilities": [], "status": "active",
            "revoked_at": nil, "last_seen_at": .string(surface.lastSeenAt.zulu), "created_at": .string(surface.createdAt.zulu),
            "updated_at": .string(surface.updatedAt.zulu),
        ]
    }

    func pairingView(_ pairing: Pairing) -> JSON {
        [
            "id": .string(pairing.id), "surface_id": .string(pairing.surfaceID), "sender_id": .string(pairing.senderID),
            "sender_label": .string(pairing.senderLabel), "granted_scopes": .array(pairing.grantedScopes.sorted().map { .string($0) }),
            "paired_at": .string(pairing.pairedAt.zulu), "revoked_at": .string(pairing.revokedAt?.zulu),
            "last_message_at": .string(pairing.lastMessageAt?.zulu),
        ]
    }

    static func newCode() -> String {
        String((0..<11).map { _ in codeAlphabet.randomElement()! })
    }

    /// A sender's `/pair <code>` in a direct chat: the first match consumes the code and pairs the
    /// sender; a wrong code counts against every open code of the surface.
    func pair(surfaceID: String, code: String, senderID: String, label: String?, now: Instant) -> Bool {
        let open = codes.indices.filter {
            codes[$0].surfaceID == surfaceID && !codes[$0].used && codes[$0].expiresAt > now
                && codes[$0].failures < Self.maxAttempts
        }
        guard let index = open.first(where: { SHA256.hex(codes[$0].salt + code) == codes[$0].hash }) else {
            for index in open { codes[index].failures += 1 }
            return false
        }
        codes[index].used = true
        if let active = pairings.firstIndex(where: { $0.surfaceID == surfaceID && $0.senderID == senderID && $0.revokedAt == nil }) {
            pairings[active].grantedScopes = codes[index].grantedScopes
        } else {
            pairings.append(Pairing(id: Identifier.make(), surfaceID: surfaceID, senderID: senderID, senderLabel: label,
                                    grantedScopes: codes[index].grantedScopes, pairedAt: now))
        }
        if let surface = surfaces.firstIndex(where: { $0.id == surfaceID }) {
            surfaces[surface].routedSender = senderID
            surfaces[surface].routedAt = now
            surfaces[surface].updatedAt = now
        }
        return true
    }
}
