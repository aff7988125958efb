import CSQLite
import Foundation

/// `veet_rank(search_fts)`: FTS5's bm25 without its inverse document
/// frequency. bm25 counts, once per query, every row holding each term; for a
/// common prefix ("pla*" over a million messages) that count costs more than
/// the whole rest of the search. Every listed row holds every term (all are
/// required), so the frequency is one constant weight per term: a one-word
/// query ranks exactly as bm25 does, and a longer one weighs its words alike.
/// Lower is better (negative), like bm25.
public enum SearchRanking {
    public static let functionName = "veet_rank"
    /// bm25's usual constants (FTS5 uses the same).
    static let k1 = 1.2
    static let b = 0.75

    /// Registers `veet_rank` on a connection unless it already has it; false when FTS5 is missing.
    @discardableResult
    public static func register(on db: OpaquePointer) -> Bool {
        if isRegistered(on: db) { return true }
        guard let api = fts5API(db), let create = api.pointee.xCreateFunction else { return false }
        return create(api, functionName, nil, rank, nil) == SQLITE_OK
    }

    static func isRegistered(on db: OpaquePointer) -> Bool {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT 1 FROM pragma_function_list WHERE name = '\(functionName)'", -1,
                                 &statement, nil) == SQLITE_OK else { return false }
        defer { sqlite3_finalize(statement) }
        return sqlite3_step(statement) == SQLITE_ROW
    }

    /// The connection's FTS5 API (the documented `SELECT fts5(?)` pointer handshake).
    private static func fts5API(_ db: OpaquePointer) -> UnsafeMutablePointer<fts5_api>? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, nil) == SQLITE_OK else { return nil }
        defer { sqlite3_finalize(statement) }
        // SQLite keeps the type name until the statement is done with it: give it a C string that lives that long.
        guard let type = strdup("fts5_api_ptr") else { return nil }
        defer { free(type) }
        var api: UnsafeMutablePointer<fts5_api>?
        return withUnsafeMutablePointer(to: &api) { slot in
            guard sqlite3_bind_pointer(statement, 1, slot, type, nil) == SQLITE_OK else { return nil }
            _ = sqlite3_step(statement)
            sqlite3_reset(statement)
            return slot.pointee
        }
    }

    /// Σ over the query's phrases of tf·(k1+1) / (tf + k1·(1 − b + b·length/average length)), negated.
    private static let rank: fts5_extension_function = { api, fts, context, _, _ in
        guard let api = api?.pointee, let fts,
              let phraseCount = api.xPhraseCount, let instCount = api.xInstCount, let inst = api.xInst,
              let columnSize = api.xColumnSize, let rowCount = api.xRowCount,
              let totalSize = api.xColumnTotalSize else {
            sqlite3_result_error(context, "veet_rank: FTS5 API unavailable", -1)
            return
        }
        let phrases = Int(phraseCount(fts))
        var instances: Int32 = 0
        var rows: Int64 = 0, total: Int64 = 0
        var length: Int32 = 0
        guard instCount(fts, &instances) == SQLITE_OK, rowCount(fts, &rows) == SQLITE_OK,
              totalSize(fts, -1, &total) == SQLITE_OK, columnSize(fts, -1, &length) == SQLITE_OK else {
            sqlite3_result_error(context, "veet_rank: cannot read the match", -1)
            return
        }
        var frequencies = [Double](repeating: 0, count: max(phrases, 1))
        for index in 0..<instances {
            var phrase: Int32 = 0, column: Int32 = 0, offset: Int32 = 0
            if inst(fts, index, &phrase, &column, &offset) == SQLITE_OK, Int(phrase) < phrases {
                frequencies[Int(phrase)] += 1
            }
        }
        let average = rows > 0 && total > 0 ? Double(total) / Double(rows) : 1
        let norm = k1 * (1 - b + b * Double(length) / average)
        var score = 0.0
        for tf in frequencies where tf > 0 { score += tf * (k1 + 1) / (tf + norm) }
        sqlite3_result_double(context, -score)
    }
}
