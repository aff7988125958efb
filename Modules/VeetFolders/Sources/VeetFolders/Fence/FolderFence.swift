import Foundation
import VeetTransport
import VeetWire

/// Taken when a read (an index page, a point read, the folder list) is sent;
/// handed back with its answer so the fence can tell what the read could not
/// have seen yet.
public struct ReadTicket: Sendable, Hashable, Comparable {
    public let stamp: UInt64
    public static func < (a: ReadTicket, b: ReadTicket) -> Bool { a.stamp < b.stamp }
}

/// Keeps a folder mutation from being undone by a read that was in flight
/// while it happened (docs/folders.md, The fence). Every mutation marks what it changed when its
/// answer arrives; a move or a delete also marks when it starts. A read's
/// answer is corrected by every mark still in flight or made after the read
/// was sent; a mark is dropped once no outstanding read predates it, after
/// which the server's value wins again, nil included.
///
/// A pure value: the owner (`FolderCenter`) keeps it and consults it when it
/// applies a reconcile result or a folder list.
public struct FolderFence: Sendable, Hashable {
    struct Mark<Value: Sendable & Hashable>: Sendable, Hashable {
        var value: Value
        var stamp: UInt64
        var inFlight: Bool
    }

    /// What a folder mutation left a folder as.
    public enum FolderOutcome: Sendable, Hashable {
        case present(FolderView)
        case removed
    }

    private var clock: UInt64 = 0
    private var outstanding: [UInt64: Int] = [:]
    private var sessionMarks: [String: Mark<String?>] = [:]
    private var folderMarks: [String: Mark<FolderOutcome>] = [:]

    public init() {}

    /// True when nothing is fenced (every read's answer is taken as is).
    public var isEmpty: Bool { sessionMarks.isEmpty && folderMarks.isEmpty }

    // MARK: Reads

    public mutating func beginRead() -> ReadTicket {
        clock += 1
        outstanding[clock, default: 0] += 1
        return ReadTicket(stamp: clock)
    }

    /// Ends a read (answered or failed) and drops marks no outstanding read predates.
    public mutating func endRead(_ ticket: ReadTicket) {
        if let count = outstanding[ticket.stamp] {
            outstanding[ticket.stamp] = count > 1 ? count - 1 : nil
        }
        let oldest = outstanding.keys.min() ?? (clock + 1)
        sessionMarks = sessionMarks.filter { $0.value.inFlight || $0.value.stamp >= oldest }
        folderMarks = folderMarks.filter { $0.value.inFlight || $0.value.stamp >= oldest }
    }

    private func applies<V>(_ mark: Mark<V>, to ticket: ReadTicket) -> Bool {
        mark.inFlight || mark.stamp >= ticket.stamp
    }

    /// The folder id a session should have after a read sent with `ticket`
    /// answered `server`.
    public func folderID(forSession id: String, server: String?, readWith ticket: ReadTicket) -> String? {
        if let mark = sessionMarks[id], applies(mark, to: ticket) { return mark.value }
        if let server, let mark = folderMarks[server], applies(mark, to: ticket), mark.value == .removed {
            return nil
        }
        return server
    }

    /// A session view as the fence lets it through.
    public func correct(_ view: SessionView, readWith ticket: ReadTicket) -> SessionView {
        var view = view
        view.folderID = folderID(forSession: view.id, server: view.folderID, readWith: ticket)
        return view
    }

    /// The folder list after a list read sent with `ticket`: created folders are
    /// kept, new names kept, deleted folders stay gone.
    public func correct(_ folders: [FolderView], readWith ticket: ReadTicket) -> [FolderView] {
        var byID = Dictionary(folders.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for (id, mark) in folderMarks where applies(mark, to: ticket) {
            switch mark.value {
            case .present(let folder): byID[id] = folder
            case .removed: byID[id] = nil
            }
        }
        return byID.values.sorted(by: FolderOrder.before)
    }

    /// What the fence currently says about rows already cached (for a render
    /// between a mutation and the next reconciliation).
    public func effectiveFolderID(forSession id: String, cached: String?) -> String? {
        if let mark = sessionMarks[id] { return mark.value }
        if let cached, folderMarks[cached]?.value == .removed { return nil }
        return cached
    }

    // MARK: Mutations

    private mutating func tick() -> UInt64 {
        clock += 1
        return clock
    }

    /// A move is fenced from the moment it is sent (the row moves at once).
    public mutating func moveStarted(sessionID: String, to folderID: String?) {
        sessionMarks[sessionID] = Mark(value: folderID, stamp: tick(), inFlight: true)
    }

    /// The server's answer to a move: its folder id is the one to keep.
    public mutating func moveAnswered(sessionID: String, folderID: String?) {
        sessionMarks[sessionID] = Mark(value: folderID, stamp: tick(), inFlight: false)
    }

    /// A refused or lost move: the server's value is right again.
    public mutating func moveFailed(sessionID: String) {
        sessionMarks[sessionID] = nil
    }

    public mutating func deleteStarted(folderID: String) {
        folderMarks[folderID] = Mark(value: .removed, stamp: tick(), inFlight: true)
    }

    public mutating func deleteAnswered(folderID: String) {
        folderMarks[folderID] = Mark(value: .removed, stamp: tick(), inFlight: false)
    }

    public mutating func deleteFailed(folderID: String) {
        folderMarks[folderID] = nil
    }

    /// A create, a rename or an accepted proposal answered with this folder.
    public mutating func folderAnswered(_ folder: FolderView) {
        folderMarks[folder.id] = Mark(value: .present(folder), stamp: tick(), inFlight: false)
    }
}

/// The server's folder order: case-folded name, then id.
enum FolderOrder {
    static func before(_ a: FolderView, _ b: FolderView) -> Bool {
        let left = a.name.lowercased(), right = b.name.lowercased()
        return left != right ? left < right : a.id < b.id
    }
}
