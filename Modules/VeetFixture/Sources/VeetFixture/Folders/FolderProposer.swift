import Foundation

/// The server's own grouping suggestions, made the way a lexical proposer
/// would and fully deterministic for tests: when several recent, unfiled
/// chat conversations share a word in their titles, propose a folder named
/// after it; when they share a word with an existing folder's name, propose
/// adding them to it. At most three proposals are open at once, members are
/// never in two open proposals, and a declined grouping is never proposed again.
extension FoldersState {
    /// Conversations that must share a word before a new folder is proposed.
    static let newFolderThreshold = 3
    /// Conversations that must share a word with a folder before adding them is proposed.
    static let addToFolderThreshold = 2
    /// Only the most recent conversations are looked at (newest first).
    static let scanLimit = 300
    static let maximumMembers = 12

    func proposeGroupings(in state: StoreState, now: Instant) {
        guard proposalsEnabled, openProposalCount < Self.maximumOpenProposals else { return }
        let open = proposals.values.filter { $0.state == "proposed" }
        var taken = Set(open.flatMap(\.members))
        var keys = Set(open.compactMap(\.groupingKey))
        var candidates: [(id: String, words: Set<String>)] = []
        for key in state.sessionOrder.newestFirst.prefix(Self.scanLimit) {
            guard let session = state.sessions[key.id], sessionFolder[session.id] == nil, !taken.contains(session.id),
                  session.metadata["schedule_id"] == nil, session.metadata["purpose"] == nil,
                  let title = session.title else { continue }
            candidates.append((session.id, Self.keywords(title)))
        }
        for grouping in groupings(candidates) where openProposalCount < Self.maximumOpenProposals {
            guard !keys.contains(grouping.key), !declinedGroupings.contains(grouping.key) else { continue }
            let members = grouping.members.filter { !taken.contains($0) }.prefix(Self.maximumMembers)
            guard members.count >= grouping.threshold else { continue }
            let proposal = Proposal(
                id: Identifier.make(), kind: grouping.folderID == nil ? "new_folder" : "add_to_folder",
                proposedName: grouping.folderID == nil ? grouping.word.capitalized : nil,
                targetFolderID: grouping.folderID, members: Array(members),
                rationale: "\(members.count) recent conversations mention \u{201C}\(grouping.word)\u{201D}.",
                createdAt: now, groupingKey: grouping.key)
            proposals[proposal.id] = proposal
            taken.formUnion(members)
            keys.insert(grouping.key)
        }
    }

    private struct Grouping {
        var key: String
        var word: String
        var folderID: String?
        var members: [String]
        var threshold: Int
    }

    /// Additions to existing folders first (in folder order), then new
    /// folders by how many conversations share the word, then the word.
    private func groupings(_ candidates: [(id: String, words: Set<String>)]) -> [Grouping] {
        var result: [Grouping] = []
        var folderWords: Set<String> = []
        for folder in sortedFolders {
            for word in Self.keywords(folder.name).sorted() {
                folderWords.insert(word)
                let members = candidates.filter { $0.words.contains(word) }.map(\.id)
                result.append(Grouping(key: "add:\(folder.id):\(word)", word: word, folderID: folder.id,
                                       members: members, threshold: Self.addToFolderThreshold))
            }
        }
        var byWord: [String: [String]] = [:]
        for candidate in candidates {
            for word in candidate.words where !folderWords.contains(word) { byWord[word, default: []].append(candidate.id) }
        }
        let ranked = byWord.filter { $0.value.count >= Self.newFolderThreshold && !isNameTaken($0.key) }
            .sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }
        result += ranked.map { Grouping(key: "new:\($0.key)", word: $0.key, folderID: nil, members: $0.value,
                                        threshold: Self.newFolderThreshold) }
        return result
    }

    /// Lowercased words of four letters or more that say something about a topic.
    static func keywords(_ text: String) -> Set<String> {
        let words = text.lowercased().split { !$0.isLetter }.map(String.init)
        return Set(words.filter { $0.count >= 4 && !stopWords.contains($0) })
    }

    static let stopWords: Set<String> = [
        "about", "after", "again", "also", "before", "best", "could", "does", "doing", "from", "have", "help", "here",
        "into", "just", "make", "more", "much", "need", "next", "only", "over", "should", "some", "than", "that",
        "their", "them", "then", "there", "these", "they", "this", "what", "when", "where", "which", "while", "will",
        "with", "would", "your", "wrong", "getting", "started", "ideas", "question", "questions", "please", "thanks",
    ]
}
