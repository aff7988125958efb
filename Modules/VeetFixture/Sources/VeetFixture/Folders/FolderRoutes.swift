import Foundation

/// The folder routes (docs/wire/sessions-runs.md §9) and the session move route.
/// Answers nil for any other path, so the main router carries on; when
/// `options.folders` is off every folder path answers 404 like a server
/// without the family, and session views carry no `folder_id` key.
extension Router {
    func foldersResponse(
        _ head: RequestHead, authorized: Bool, readBody: (Int) -> RequestReader.BodyResult
    ) throws -> HTTPResponse? {
        let segments = head.rawPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let isMove = segments.count == 4 && segments[0] == "v1" && segments[1] == "sessions" && segments[3] == "folder"
        guard isMove || (segments.count >= 2 && segments[0] == "v1" && segments[1] == "folders") else { return nil }
        guard options.folders else { throw APIFailure.unknownRoute }
        if !isMove, segments.count >= 3, segments[2] == "proposals", !options.folderProposals { throw APIFailure.unknownRoute }
        guard authorized else { throw APIFailure.routeAuthentication }
        var body = Data()
        if ["POST", "PUT", "PATCH"].contains(head.method) {
            switch readBody(options.maximumBodyBytes) {
            case .body(let data): body = data
            case .tooLarge: throw APIFailure.payloadTooLarge
            case .broken: throw BrokenBody()
            }
        }
        let answer: (Int, JSON?) = try store.transaction { state in
            let handler = FolderHandlers(state: state, folders: state.folders, now: state.now(), body: body)
            return try handler.handle(method: head.method, segments: Array(segments.dropFirst()), isMove: isMove)
        }
        guard let json = answer.1 else { return HTTPResponse(status: answer.0, headers: Self.noStore) }
        var response = HTTPResponse.json(answer.0, json)
        response.headers += Self.noStore
        return response
    }

    static let noStore = [("cache-control", "private, no-store")]

    /// Session views gain `folder_id` while folders are on (newer servers).
    func addingFolderIDs(to response: HTTPResponse, head: RequestHead) -> HTTPResponse {
        guard options.folders, (200..<300).contains(response.status), head.rawPath.hasPrefix("/v1/sessions"),
              head.rawPath.split(separator: "/").count <= 3, case .bytes(let data) = response.body,
              let json = try? JSONParser.parse(data) else { return response }
        let folders = store.transaction { $0.folders.sessionFolder }
        func withFolder(_ view: JSON) -> JSON {
            guard case .object(var members) = view, let id = view["id"]?.stringValue, view["folder_id"] == nil else {
                return view
            }
            members.append(JSON.Member(key: "folder_id", value: .string(folders[id])))
            return .object(members)
        }
        let rewritten: JSON
        if let items = json["items"]?.arrayValue, case .object(var members) = json {
            members = members.map { $0.key == "items" ? JSON.Member(key: "items", value: .array(items.map(withFolder))) : $0 }
            rewritten = .object(members)
        } else {
            rewritten = withFolder(json)
        }
        var copy = response
        copy.body = .bytes(rewritten.serializedData())
        return copy
    }
}

/// One folder request against the locked state.
struct FolderHandlers {
    let state: StoreState
    let folders: FoldersState
    let now: Instant
    let body: Data

    /// `segments` start after `v1`.
    func handle(method: String, segments: [String], isMove: Bool) throws -> (Int, JSON?) {
        if isMove {
            guard method == "PUT" else { throw APIFailure.unsupportedMethod }
            return try move(sessionID: segments[1])
        }
        switch (method, segments.count) {
        case ("GET", 1):
            return (200, ["items": .array(folders.sortedFolders.map(folders.view)), "next_cursor": nil])
        case ("POST", 1):
            return (201, try create())
        case (_, 2) where segments[1] == "proposals":
            guard method == "GET" else { throw APIFailure.unsupportedMethod }
            folders.proposeGroupings(in: state, now: now)
            return (200, proposalPage())
        case ("GET", 2):
            return (200, folders.view(try folder(segments[1])))
        case ("PATCH", 2):
            return (200, try rename(segments[1]))
        case ("DELETE", 2):
            try delete(segments[1])
            return (204, nil)
        case ("POST", 4) where segments[1] == "proposals" && segments[3] == "accept":
            return (200, try accept(segments[2]))
        case ("POST", 4) where segments[1] == "proposals" && segments[3] == "decline":
            return (200, try decline(segments[2]))
        default:
            throw segments.count <= 2 ? APIFailure.unsupportedMethod : APIFailure.unknownRoute
        }
    }

    private func folder(_ id: String) throws -> FoldersState.Folder {
        guard let folder = folders.folders[Identifier.canonical(id) ?? id] else { throw APIFailure.notFound("folder") }
        return folder
    }

    private func requestedName(optional: Bool = false) throws -> String? {
        if optional && body.isEmpty { return nil }
        let fields = try Validation.closedObject(try Validation.jsonBody(body), allowed: ["name"])
        guard let raw = fields["name"]?.stringValue, (1...256).contains(raw.count),
              let name = FoldersState.normalizedName(raw) else { throw APIFailure.malformed("folder name is invalid") }
        return name
    }

    private static func nameTaken() -> APIFailure {
        .conflict("A folder with this name already exists.", details: ["reason": "folder_name_taken"])
    }

    private func create() throws -> JSON {
        guard let name = try requestedName() else { throw APIFailure.malformed() }
        guard !folders.isNameTaken(name) else { throw Self.nameTaken() }
        guard folders.folders.count < FoldersState.maximumFolders else {
            throw APIFailure.conflict("Too many folders.", details: ["reason": "folder_limit"])
        }
        let folder = FoldersState.Folder(id: Identifier.make(), name: name, createdAt: now, updatedAt: now)
        folders.folders[folder.id] = folder
        return folders.view(folder)
    }

    private func rename(_ id: String) throws -> JSON {
        var folder = try folder(id)
        guard let name = try requestedName() else { throw APIFailure.malformed() }
        if name != folder.name {
            guard !folders.isNameTaken(name, except: folder.id) else { throw Self.nameTaken() }
            folder.name = name
            folder.updatedAt = now
            folders.folders[folder.id] = folder
        }
        return folders.view(folder)
    }

    private func delete(_ id: String) throws {
        let folder = try folder(id)
        folders.folders[folder.id] = nil
        folders.sessionFolder = folders.sessionFolder.filter { $0.value != folder.id }
        for (key, proposal) in folders.proposals where proposal.state == "proposed" && proposal.targetFolderID == folder.id {
            folders.proposals[key]?.state = "withdrawn"
            folders.proposals[key]?.withdrawalReason = "target_gone"
            folders.proposals[key]?.resolvedAt = now
        }
    }

    private func move(sessionID: String) throws -> (Int, JSON?) {
        let fields = try Validation.closedObject(try Validation.jsonBody(body), allowed: ["folder_id"])
        guard let value = fields["folder_id"] else { throw APIFailure.malformed() }  // `{}` never unfiles
        let session = try state.existingSession(Identifier.canonical(sessionID) ?? sessionID)
        let target: String? = value.isNull ? nil : try folder(value.stringValue ?? "").id
        if target != nil, session.metadata["schedule_id"] != nil || session.metadata["purpose"] != nil {
            throw APIFailure.conflict("Only chat sessions can be filed.", details: ["reason": "session_not_chat"])
        }
        if folders.sessionFolder[session.id] != target {
            folders.sessionFolder[session.id] = target
            folders.withdrawProposals(naming: session.id, now: now)
        }
        var view = session.view
        if case .object(var members) = view {
            members.append(JSON.Member(key: "folder_id", value: .string(target)))
            view = .object(members)
        }
        return (200, view)
    }

    private func proposalPage() -> JSON {
        let open = folders.proposals.values.filter { $0.state == "proposed" }
            .sorted { ($0.createdAt.zulu, $0.id) > ($1.createdAt.zulu, $1.id) }
        return ["items": .array(open.map(folders.view)), "next_cursor": nil]
    }

    private func proposal(_ id: String) throws -> FoldersState.Proposal {
        guard let proposal = folders.proposals[Identifier.canonical(id) ?? id] else { throw APIFailure.notFound("proposal") }
        return proposal
    }

    private static let resolved = APIFailure.conflict("The proposal is already resolved.",
                                                      details: ["reason": "proposal_resolved"])

    private func accept(_ id: String) throws -> JSON {
        var proposal = try proposal(id)
        if proposal.state == "accepted" { return folders.view(proposal) }
        guard proposal.state == "proposed" else { throw Self.resolved }
        let override = try requestedName(optional: true)
        let members = proposal.members.filter { state.sessions[$0] != nil && folders.sessionFolder[$0] == nil }
        let targetGone = proposal.kind == "add_to_folder" && folders.folders[proposal.targetFolderID ?? ""] == nil
        if members.isEmpty || targetGone {
            proposal.state = "withdrawn"
            proposal.withdrawalReason = targetGone ? "target_gone" : "member_gone"
            proposal.resolvedAt = now
            folders.proposals[proposal.id] = proposal
            throw APIFailure.conflict("The proposal is stale.", details: ["reason": "proposal_stale"])
        }
        let folderID: String
        if proposal.kind == "new_folder" {
            let name = override ?? proposal.proposedName ?? "New folder"
            guard !folders.isNameTaken(name) else { throw Self.nameTaken() }
            folderID = Identifier.make()
            folders.folders[folderID] = FoldersState.Folder(id: folderID, name: name, createdAt: now, updatedAt: now)
        } else {
            folderID = proposal.targetFolderID ?? ""
        }
        for member in members { folders.sessionFolder[member] = folderID }
        proposal.state = "accepted"
        proposal.resultingFolderID = folderID
        proposal.resolvedAt = now
        folders.proposals[proposal.id] = proposal
        return folders.view(proposal)
    }

    private func decline(_ id: String) throws -> JSON {
        var proposal = try proposal(id)
        if proposal.state == "declined" { return folders.view(proposal) }
        guard proposal.state == "proposed" else { throw Self.resolved }
        proposal.state = "declined"
        proposal.resolvedAt = now
        if let key = proposal.groupingKey { folders.declinedGroupings.insert(key) }
        folders.proposals[proposal.id] = proposal
        return folders.view(proposal)
    }
}
