import FaultProxyCore
import Foundation
import VeetAccount
import VeetFolders
import VeetSchedules
import VeetTransport
import VeetWebsiteAccess

/// `veet-soak --conformance`: drives every route family the client libraries
/// use (chat, uploads and artifacts, folders, schedules, website access,
/// devices and notifications) through those libraries, and checks each answer
/// against the contract: shapes (the client's own decoders), status codes,
/// error envelopes, idempotent replays, paging. A family the server does not
/// offer (404 `not_found` on its first route, docs/wire/README.md §2) is skipped with a
/// line, never failed. What it creates it deletes where the contract allows.
/// One file per family (`Conformance+Family.swift`); this one holds the checks' rules.
struct Conformance {
    enum Verdict: String {
        case pass = "PASS", skip = "SKIP", fail = "FAIL"
    }

    /// The route families, in the order they run and report.
    enum Family: String, CaseIterable {
        case health, chat, uploads, folders, schedules
        case websiteAccess = "website access", taskGrants = "task grants", sessionWebsite = "session website"
        case devices = "devices and notifications"
        case leftovers = "left behind"
    }

    struct Line {
        var family: Family
        var verdict: Verdict
        var route: String
        var detail: String
    }

    /// A check that cannot run against this server; reported as SKIP with the reason.
    struct NotChecked: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    let target: SoakTarget
    private(set) var lines: [Line] = []
    private var notOffered: Set<Family> = []

    init(target: SoakTarget) { self.target = target }

    /// One route check. `body` answers nil when the answer matches the
    /// contract, else the exact mismatch. With `probe`, a 404 `not_found`
    /// means the family is not offered: this and every later check of the
    /// family are skipped.
    mutating func check(_ route: String, _ family: Family, probe: Bool = false,
                        _ body: () async throws -> String?) async {
        guard !notOffered.contains(family) else {
            lines.append(Line(family: family, verdict: .skip, route: route, detail: "not offered"))
            return
        }
        let verdict: Verdict
        let detail: String
        do {
            if let mismatch = try await body() { (verdict, detail) = (.fail, mismatch) } else { (verdict, detail) = (.pass, "") }
        } catch let skipped as NotChecked {
            (verdict, detail) = (.skip, "not checked: \(skipped.reason)")
        } catch where probe && Self.isNotOffered(error) {
            notOffered.insert(family)
            (verdict, detail) = (.skip, "not offered")
        } catch {
            (verdict, detail) = (.fail, Self.describe(error))
        }
        lines.append(Line(family: family, verdict: verdict, route: route, detail: detail))
    }

    func isOffered(_ family: Family) -> Bool { !notOffered.contains(family) }

    mutating func run() async throws -> SoakResult {
        let start = ContinuousClock.now
        await checkSessions()
        await checkRunControl()
        await checkUploadsAndArtifacts()
        await checkFolders()
        await checkSchedules()
        await checkWebsiteAccess()
        await checkDevicesAndNotifications()
        await checkNothingLeftBehind()

        for family in Family.allCases {
            let mine = lines.filter { $0.family == family }
            guard !mine.isEmpty else { continue }
            say("  \(family.rawValue): \(Self.tally(mine))")
            for line in mine { say("    \(line.verdict.rawValue) \(line.route)\(line.detail.isEmpty ? "" : ": \(line.detail)")") }
        }
        let recorded = lines
        let count = { (verdict: Verdict) in recorded.filter { $0.verdict == verdict }.count }
        return SoakResult(name: "contract conformance",
                          figures: [("passed", "\(count(.pass))"), ("skipped", "\(count(.skip))"), ("failed", "\(count(.fail))")],
                          held: count(.fail) == 0, seconds: elapsed(since: start))
    }

    /// On the in-process fixture, which holds nothing else, everything this
    /// run made and the contract lets it delete must be gone.
    mutating func checkNothingLeftBehind() async {
        let fixture = target.fixture
        let folders = try? SoakTarget.client(target.url, token: target.token)
        await check("sessions, folders, browser profiles and devices all deleted", .leftovers) {
            guard let fixture, let folders else { throw NotChecked("only countable on the in-process fixture") }
            let folderCount = try await FoldersAPI(sender: .live(client: folders)).folders().count
            let left = [("sessions", fixture.sessionIDs().count), ("folders", folderCount),
                        ("browser profiles", fixture.profileCount()), ("devices", fixture.deviceIDs().count)]
                .filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }
            return left.isEmpty ? nil : "left behind: \(left.joined(separator: ", "))"
        }
    }

    static func tally(_ lines: [Line]) -> String {
        let count = { (verdict: Verdict) in lines.filter { $0.verdict == verdict }.count }
        return "\(count(.pass)) passed, \(count(.skip)) skipped, \(count(.fail)) failed"
    }

    // MARK: Shared rules

    /// docs/wire/README.md §2: a family that is off answers 404 `not_found` on its paths.
    static func isNotOffered(_ error: any Error) -> Bool {
        guard let api = apiError(error) else { return false }
        return api.status == 404 && api.code == .notFound
    }

    /// The server's answer inside an error a feature library wraps.
    static func apiError(_ error: any Error) -> APIError? {
        switch error {
        case let api as APIError: api
        case let conflict as ScheduleConflict: conflict.underlying
        case let validation as ScheduleValidationError: validation.underlying
        case let refused as ScheduleDefinitionRefused: refused.underlying
        case let absent as TaskPermissionsUnavailable: absent.underlying
        case let device as DeviceRefusal: device.underlying
        default: nil
        }
    }

    static func describe(_ error: any Error) -> String {
        if let api = apiError(error) {
            return "HTTP \(api.status) \(api.code.rawValue)\(api.reason.map { " (\($0))" } ?? ""): \(api.message)"
        }
        return "\(type(of: error)): \(error)"
    }

    /// Nil when `body` fails with exactly this status, code (and `details.reason`);
    /// otherwise what happened instead.
    static func expectError(_ status: Int, _ code: ErrorCode?, reason: String? = nil,
                            _ body: () async throws -> Void) async -> String? {
        let expected = "\(status)\(code.map { " \($0.rawValue)" } ?? "")\(reason.map { " (\($0))" } ?? "")"
        do {
            try await body()
            return "answered success, expected \(expected)"
        } catch {
            guard let api = apiError(error) else { return "\(describe(error)), expected \(expected)" }
            guard api.status == status, code == nil || api.code == code, reason == nil || api.reason == reason else {
                return "\(describe(error)), expected \(expected)"
            }
            return api.message.isEmpty ? "the \(expected) envelope has no message" : nil
        }
    }

    static func envelopeMismatch(_ response: HTTPResponse, status: Int, code: ErrorCode) -> String? {
        guard response.status == status else { return "status \(response.status), expected \(status)" }
        guard (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["error"] != nil else {
            return "no {\"error\": …} envelope"
        }
        let error = APIError(response: response)
        return error.code == code ? nil : "code \(error.code.rawValue), expected \(code.rawValue)"
    }

    /// The first mismatch of several, or nil.
    static func first(_ mismatches: String?...) -> String? { mismatches.compactMap { $0 }.first }

    /// A name no earlier run used, so checks never collide with the owner's data.
    static func uniqueName(_ prefix: String) -> String {
        "\(prefix) \(UUID().uuidString.prefix(8).lowercased())"
    }

    /// An id nothing on the server has.
    static let unknownID = "00000000-0000-4000-8000-00000000c0de"
}

/// A send closure for the feature APIs built on one (folders, schedules,
/// account) that remembers the last answer's status, so a check can tell a
/// `201` from a replayed `200`.
final class StatusRecorder: Sendable {
    private let last = ThreadLock(0)

    var lastStatus: Int { last.withLock { $0 } }

    func sender(_ client: HTTPClient) -> HTTPRequestSender {
        HTTPRequestSender(send: { [last] request in
            let response = try await client.send(request)
            last.withLock { $0 = response.status }
            return response
        })
    }
}

/// Runs `body`, throwing `ConformanceTimeout` if it outlives `seconds` (every wait has a deadline).
func within<T: Sendable>(_ seconds: Double, _ what: String, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .milliseconds(Int(seconds * 1_000)))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            throw ConformanceTimeout(what: what, seconds: seconds)
        }
        return value
    }
}

struct ConformanceTimeout: Error, CustomStringConvertible {
    var what: String
    var seconds: Double
    var description: String { "\(what) did not finish within \(Int(seconds)) s" }
}
