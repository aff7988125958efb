import Foundation
import VeetTransport

/// The scope rules of a history import (docs/wire/people.md §10), checked before
/// anything is sent so the owner is told which field to change.
public enum ImportScopeRules {
    public static let maximumCost: Decimal = 100

    /// Every problem with `scope`, in words; empty when it can be sent.
    public static func problems(_ scope: ImportScope) -> [String] {
        var problems: [String] = []
        if scope.sessionIDs.isEmpty && scope.accountIDs.isEmpty {
            problems.append("Choose at least one chat or mail account to import from.")
        }
        if scope.sessionIDs.count > 100 { problems.append("At most 100 chats can be imported at once.") }
        if scope.accountIDs.count > 10 { problems.append("At most 10 mail accounts can be imported at once.") }
        if scope.personIDs.count > 3 { problems.append("An import can be restricted to at most 3 people.") }
        if scope.excludedSourceIDs.count > 1000 { problems.append("At most 1000 sources can be excluded.") }
        if scope.emailSource == "mailbox" && scope.accountIDs.isEmpty {
            problems.append("Reading the mailbox needs a mail account.")
        }
        if !["retained", "mailbox"].contains(scope.emailSource) {
            problems.append("The mail source must be retained or mailbox.")
        }
        for (name, list) in [("chats", scope.sessionIDs), ("accounts", scope.accountIDs), ("people", scope.personIDs),
                             ("excluded sources", scope.excludedSourceIDs)] where Set(list).count != list.count {
            problems.append("The \(name) are listed more than once.")
        }
        switch (scope.since.date, scope.until.date) {
        case let (since?, until?) where since < until: break
        case (_?, _?): problems.append("The start of the date range must be before its end.")
        default: problems.append("The date range needs a start and an end with a time zone offset.")
        }
        if !(1...10_000).contains(scope.maxRecords) { problems.append("The record limit must be 1 to 10000.") }
        if scope.maxCostUSD <= 0 || scope.maxCostUSD > maximumCost {
            problems.append("The spending cap must be more than $0 and at most $100.")
        }
        return problems
    }
}
