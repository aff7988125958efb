import Foundation
import VeetTransport
import VeetWire
import VeetStore

/// The session index as the reconciler should see it: every page and point
/// read passes through the folder fence (so a read in flight during a move or
/// a delete cannot undo it), and each page tells the `FolderCenter` whether
/// the server's rows carry the `folder_id` key at all.
///
///     let source = FencedIndexSource(sender: .live(client: client), center: folders)
///     try await store.reconcile(from: source)
public struct FencedIndexSource: SessionIndexSource {
    public let send: HTTPRequestSender
    public let center: FolderCenter

    /// Index reads retry on 429/5xx and lost answers.
    public init(sender: HTTPRequestSender, center: FolderCenter, retry: RetryPolicy = .standard) {
        send = sender.retrying(retry, .reads)
        self.center = center
    }

    public func page(cursor: String?, limit: Int) async throws -> Page<SessionView> {
        let ticket = await center.beginRead()
        do {
            let response = try await send(.page("/v1/sessions", limit: limit, cursor: cursor))
            var page = try response.decoded(as: Page<SessionView>.self)
            let probe = try? response.decoded(as: Page<FolderKeyProbe>.self)
            await center.noteIndexPage(hasFolderKey: probe.flatMap(Self.folderKeyPresence))
            page.items = await center.correct(page.items, readWith: ticket)
            await center.endRead(ticket)
            return page
        } catch {
            await center.endRead(ticket)
            throw error
        }
    }

    public func session(id: String) async throws -> SessionView? {
        let ticket = await center.beginRead()
        do {
            let response = try await send(.get("/v1/sessions/\(segment: id)"))
            let view = response.status == 404 ? nil : try response.decoded(as: SessionView.self)
            let corrected = await center.correct(view.map { [$0] } ?? [], readWith: ticket).first
            await center.endRead(ticket)
            return corrected
        } catch {
            await center.endRead(ticket)
            throw error
        }
    }

    /// True when every row carries the key, false when one lacks it, nil for an empty page.
    static func folderKeyPresence(_ page: Page<FolderKeyProbe>) -> Bool? {
        page.items.isEmpty ? nil : page.items.allSatisfy(\.hasFolderKey)
    }
}

/// Decodes only whether a row has the `folder_id` key (null counts as present).
struct FolderKeyProbe: Codable, Sendable {
    var hasFolderKey: Bool
    enum CodingKeys: String, CodingKey { case folderID = "folder_id" }
    init(from decoder: Decoder) throws {
        hasFolderKey = try decoder.container(keyedBy: CodingKeys.self).contains(.folderID)
    }
    func encode(to encoder: Encoder) throws {}
}
