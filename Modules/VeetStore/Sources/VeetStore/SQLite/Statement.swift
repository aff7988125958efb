import CSQLite
import Foundation

/// A value bound to a statement parameter.
public enum SQLValue: Sendable, Hashable {
    case int(Int64)
    case double(Double)
    case text(String)
    case blob(Data)
    case null

    public static func optional(_ text: String?) -> SQLValue { text.map(SQLValue.text) ?? .null }
}

/// A prepared statement with typed bindings (1-based) and typed column reads (0-based).
public final class Statement {
    let raw: OpaquePointer
    unowned let connection: SQLiteConnection

    init(_ raw: OpaquePointer, connection: SQLiteConnection) {
        self.raw = raw
        self.connection = connection
    }

    deinit { sqlite3_finalize(raw) }

    func reset() {
        sqlite3_reset(raw)
        sqlite3_clear_bindings(raw)
    }

    public func bind(_ values: [SQLValue]) throws {
        for (offset, value) in values.enumerated() { try bind(value, at: Int32(offset + 1)) }
    }

    public func bind(_ value: SQLValue, at index: Int32) throws {
        let code: Int32
        switch value {
        case .int(let v): code = sqlite3_bind_int64(raw, index, v)
        case .double(let v): code = sqlite3_bind_double(raw, index, v)
        case .text(let v): code = sqlite3_bind_text(raw, index, v, Int32(v.utf8.count), sqliteTransient)
        case .blob(let v):
            code = v.withUnsafeBytes { bytes in
                sqlite3_bind_blob(raw, index, bytes.baseAddress, Int32(bytes.count), sqliteTransient)
            }
        case .null: code = sqlite3_bind_null(raw, index)
        }
        guard code == SQLITE_OK else { throw connection.errorFor(code) }
    }

    /// Advances to the next row; false when done. The statement resets itself at the end.
    public func step() throws -> Bool {
        let code = sqlite3_step(raw)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE:
            sqlite3_reset(raw)
            return false
        default:
            let error = connection.errorFor(code)
            sqlite3_reset(raw)
            throw error
        }
    }

    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(raw, column) == SQLITE_NULL }
    public func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(raw, column) }
    public func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(raw, column)) }
    public func double(_ column: Int32) -> Double { sqlite3_column_double(raw, column) }

    public func text(_ column: Int32) -> String {
        guard let pointer = sqlite3_column_text(raw, column) else { return "" }
        let count = Int(sqlite3_column_bytes(raw, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    public func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
    public func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }

    public func blob(_ column: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(raw, column))
        guard count > 0, let pointer = sqlite3_column_blob(raw, column) else { return Data() }
        return Data(bytes: pointer, count: count)
    }
}
