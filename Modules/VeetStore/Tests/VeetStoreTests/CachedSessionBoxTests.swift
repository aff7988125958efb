import Foundation
import Testing
import VeetTestSupport
import VeetTransport
@testable import VeetStore

/// `CachedSession` keeps its fields in one box shared by copies. On random
/// rows it must encode to the same JSON as the plain struct it was (whose
/// Codable and Hashable were synthesized), decode back equal, compare and
/// hash as that struct did, and a copy written to must leave the original as it was.
@Suite struct CachedSessionBoxTests {
    /// The row as it was before the box: stored fields, synthesized conformances.
    struct PlainRow: Codable, Hashable {
        var id: String
        var title: String?
        var localTitle: String?
        var agentID: String
        var status: String
        var createdAt: Timestamp
        var updatedAt: Timestamp
        var activeRunID: String?
        var lastRunID: String?
        var folderID: String?
        var scheduleID: String?

        init(_ row: CachedSession) {
            (id, title, localTitle, agentID, status) = (row.id, row.title, row.localTitle, row.agentID, row.status)
            (createdAt, updatedAt, activeRunID, lastRunID) = (row.createdAt, row.updatedAt, row.activeRunID, row.lastRunID)
            (folderID, scheduleID) = (row.folderID, row.scheduleID)
        }
    }

    static func randomRow(_ random: inout SplitMix64) -> CachedSession {
        func text(_ prefix: String) -> String? {
            Int.random(in: 0...2, using: &random) == 0 ? nil : prefix + "\(Int.random(in: 0...3, using: &random))"
        }
        let stamps: [Timestamp] = ["2026-11-30T09:00:00Z", "2026-11-30T09:00:00+00:00", "2026-11-30T09:00:00.5Z", "junk"]
        return CachedSession(id: text("s") ?? "s", title: text("t"), localTitle: text("l"), agentID: text("a") ?? "",
                             status: Bool.random(using: &random) ? "ACTIVE" : "ARCHIVED",
                             createdAt: stamps.randomElement(using: &random)!, updatedAt: stamps.randomElement(using: &random)!,
                             activeRunID: text("r"), lastRunID: text("q"), folderID: text("f"), scheduleID: text("c"))
    }

    @Test func theBoxedRowEncodesComparesAndHashesAsThePlainStructDid() throws {
        var random = SplitMix64(seed: 11)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for _ in 0..<500 {
            let row = Self.randomRow(&random), other = Self.randomRow(&random)
            let json = try encoder.encode(row)
            #expect(json == (try encoder.encode(PlainRow(row))))
            let decoded = try JSONDecoder().decode(CachedSession.self, from: json)
            #expect(decoded == row && decoded.hasSameColumns(as: row))
            #expect(PlainRow(try JSONDecoder().decode(CachedSession.self, from: try encoder.encode(PlainRow(other)))) == PlainRow(other))
            #expect((row == other) == (PlainRow(row) == PlainRow(other)))
            if row == other { #expect(row.hashValue == other.hashValue) }
            #expect(Set([row, other, decoded]).count == Set([PlainRow(row), PlainRow(other), PlainRow(decoded)]).count)
        }
    }

    @Test func aCopyWrittenToLeavesTheOriginalAsItWas() {
        var random = SplitMix64(seed: 12)
        for _ in 0..<200 {
            let original = Self.randomRow(&random)
            let before = PlainRow(original)
            var copy = original
            switch Int.random(in: 0...10, using: &random) {
            case 0: copy.id += "x"
            case 1: copy.title = "changed"
            case 2: copy.localTitle = nil
            case 3: copy.agentID = "changed"
            case 4: copy.status = "DELETED"
            case 5: copy.createdAt = "2020-01-01T00:00:00Z"
            case 6: copy.updatedAt = "2020-01-01T00:00:00Z"
            case 7: copy.activeRunID = "changed"
            case 8: copy.lastRunID = "changed"
            case 9: copy.folderID = "changed"
            default: copy.scheduleID = "changed"
            }
            #expect(PlainRow(original) == before)
            var rows = [original, original]
            rows[1].title = "only the second"
            #expect(rows[0].title == original.title && rows[1].title == "only the second")
        }
    }
}
