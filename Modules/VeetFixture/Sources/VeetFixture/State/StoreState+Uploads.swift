import Foundation

/// An upload's idempotency record.
struct UploadEntry {
    var sessionID: String
    var fingerprint: String
    var artifactID: String
}

extension StoreState {
    /// `POST /v1/sessions/{id}/artifacts` ([newer], docs/wire/sessions-runs.md §6.3): 201 new, 200 replay.
    func upload(sessionID: String, name: String, declaredType: String, bytes: Data, key: String) throws
        -> (status: Int, artifact: ArtifactRecord)
    {
        let session = try existingSession(sessionID)
        let fingerprint = "\(name)\n\(declaredType)\n\(SHA256.hex(bytes))"
        if let entry = uploadKeys[key] {
            guard entry.sessionID == sessionID, entry.fingerprint == fingerprint, let artifact = artifacts[entry.artifactID]
            else { throw APIFailure.idempotencyKeyReused }
            return (200, artifact)
        }
        guard session.status == "ACTIVE" else { throw APIFailure.invalidState("session is closed") }
        let detected = MediaSniffing.detect(bytes, declared: declaredType)
        var attachment: JSON = ["kind": .string(detected.kind)]
        if let pages = detected.pageCount { attachment = attachment.setting("page_count", .int(pages)) }
        let created = now()
        let artifact = ArtifactRecord(
            id: Identifier.make(), sessionID: sessionID, runID: nil, name: name, mediaType: detected.mediaType,
            bytes: bytes, sha256: SHA256.hex(bytes), metadata: ["attachment": attachment], createdAt: created,
            uploadFingerprint: fingerprint, expiresAt: created.adding(seconds: 24 * 3600))
        artifacts[artifact.id] = artifact
        uploadKeys[key] = UploadEntry(sessionID: sessionID, fingerprint: fingerprint, artifactID: artifact.id)
        // The upload receipt is a session-level event: it takes a sequence number and moves the session.
        _ = takeSequence(in: session)
        return (201, artifact)
    }

    /// Readable now: unknown, deleted and expired unclaimed uploads are not.
    func liveArtifact(_ id: String) -> ArtifactRecord? {
        guard let artifact = artifacts[id] else { return nil }
        if artifact.runID == nil, let expiry = artifact.expiresAt, expiry < now() { return nil }
        return artifact
    }

    /// Checks the attachment blocks of a message (at most 10; an `image` block names an image
    /// upload) and rewrites blocks naming a known upload with its recorded type and name.
    /// A block naming an unknown artifact is kept as given unless `strict`.
    func resolveAttachments(_ blocks: [JSON], sessionID: String, strict: Bool) throws -> [JSON] {
        let attachmentCount = blocks.filter { $0["type"]?.stringValue != "text" }.count
        guard attachmentCount <= 10 else { throw APIFailure.malformed("A message may carry at most 10 attachments.") }
        return try blocks.map { block in
            guard let type = block["type"]?.stringValue, type != "text", let id = block["artifact_id"]?.stringValue
            else { return block }
            guard let artifact = liveArtifact(id) else {
                if strict || artifacts[id] != nil { throw APIFailure.notFound("artifact") }
                return block
            }
            guard artifact.sessionID == sessionID else { throw APIFailure.notFound("artifact") }
            guard artifact.uploadFingerprint != nil else { return block }
            if type == "image" {
                guard artifact.attachmentKind == "image" else {
                    throw APIFailure.malformed("An image block must name an image upload.")
                }
                return block.setting("media_type", .string(artifact.mediaType))
            }
            return block.setting("media_type", .string(artifact.mediaType)).setting("filename", .string(artifact.name))
        }
    }

    /// Uploads named by `blocks` now belong to `runID` (they live as long as the conversation).
    func claimUploads(in blocks: [JSON], runID: String) {
        for block in blocks {
            guard let id = block["artifact_id"]?.stringValue, var artifact = artifacts[id],
                artifact.uploadFingerprint != nil, artifact.runID == nil
            else { continue }
            artifact.runID = runID
            artifact.expiresAt = nil
            artifacts[id] = artifact
        }
    }

    /// The event form of a REST block: `kind` instead of `type`; a known upload adds the
    /// [newer] `filename`/`size_bytes` (image) or `size_bytes`/`page_count` (file).
    func eventPart(_ block: JSON) -> JSON {
        var part = Self.eventPart(block)
        guard let kind = block["type"]?.stringValue, let id = block["artifact_id"]?.stringValue,
            let artifact = artifacts[id], artifact.uploadFingerprint != nil
        else { return part }
        part = part.setting("size_bytes", .int(artifact.bytes.count))
        if kind == "image" { return part.setting("filename", .string(artifact.name)) }
        return part.setting("page_count", artifact.metadata["attachment"]?["page_count"] ?? nil)
    }

    /// The first attachment's upload name, for the title of a message made only of attachments.
    func firstAttachmentName(_ blocks: [JSON]) -> String? {
        for block in blocks {
            if let id = block["artifact_id"]?.stringValue, let artifact = artifacts[id] { return artifact.name }
            if let name = block["filename"]?.stringValue, !name.isEmpty { return name }
        }
        return nil
    }
}
