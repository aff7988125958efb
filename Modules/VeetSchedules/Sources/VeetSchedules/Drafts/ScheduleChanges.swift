import Foundation

/// What changed in a schedule between two reads, in words: after a `409` an
/// edit form says what someone else changed meanwhile while it keeps the
/// owner's own text.
public enum ScheduleChanges {
    public static func between(_ before: ScheduleRecord, _ after: ScheduleRecord) -> [String] {
        var changes: [String] = []
        let old = before.revision.definition, new = after.revision.definition
        if old.title != new.title { changes.append("the title is now “\(new.title)” (was “\(old.title)”)") }
        if old.instruction != new.instruction { changes.append("the instruction was rewritten") }
        if old.cadence != new.cadence { changes.append("it now runs \(CadenceText.describe(new.cadence).lowercasedFirst)") }
        if old.agentID != new.agentID || old.agentVersion != new.agentVersion {
            changes.append("it now runs agent \(new.agentID) version \(new.agentVersion)")
        }
        if old.limits != new.limits || old.requestedScopes != new.requestedScopes
            || old.runTimeoutSeconds != new.runTimeoutSeconds || old.policyProfile != new.policyProfile {
            changes.append("its limits or scopes changed")
        }
        if before.schedule.state != after.schedule.state {
            changes.append("it is now \(after.schedule.state.rawValue.lowercased())")
        }
        if changes.isEmpty, before.schedule.currentRevision != after.schedule.currentRevision {
            changes.append("it was saved again with the same definition")
        }
        return changes
    }

    /// "Changed elsewhere meanwhile (now revision 3): the title is now … and it is now paused."
    public static func sentence(_ before: ScheduleRecord, _ after: ScheduleRecord) -> String {
        let changes = between(before, after)
        let said = changes.isEmpty ? "" : ": " + CadenceText.list(changes)
        return "Changed elsewhere meanwhile (now revision \(after.schedule.currentRevision))\(said)."
    }
}

extension String {
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
