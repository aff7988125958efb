import Foundation
import VeetCurses
import VeetPeople

/// The People screen's identity keys: Merge (from a suggestion, or "merge
/// with…"), Not the same, Repair identity, undo; and the sheets they open.
extension PeopleScreen {
    /// m, k, r, u on the chosen person; nil when the key is not one of them.
    mutating func handleIdentityKey(_ key: KeyPress) -> [PeopleScreenEffect]? {
        guard writeAccess.showsWrites, let person = selectedProfile?.person ?? selectedPerson else { return nil }
        switch key {
        case .char("m"):
            if let suggestion = suggestion(for: person) {
                return previewMerge(suggestion.source, into: suggestion.target, suggestionID: suggestion.id)
            }
            sheet = .mergeTarget(MergeTargetPicker(source: person))
        case .char("k"):
            guard let suggestion = suggestion(for: person) else {
                message = "\(person.displayName) is not a possible duplicate of anyone."
                return []
            }
            message = "Keeping \(suggestion.source.displayName) and \(suggestion.target.displayName) apart..."
            return [.action(.keepApart(suggestion), person: person)]
        case .char("r"):
            sheet = .repair(RepairPicker(person: person))
            return [.action(.readIdentityEvidence, person: person)]
        case .char("u"):
            guard let profile = selectedProfile, let merge = undoable(for: profile).first else {
                message = "Nothing here to undo: \(person.displayName)'s profile shows no merge or separation."
                return []
            }
            message = "Undoing..."
            return [.action(.undo(operationID: merge.operationID, revision: merge.revision), person: person)]
        default:
            return nil
        }
        return []
    }

    private mutating func previewMerge(_ source: Person, into target: Person, suggestionID: String?) -> [PeopleScreenEffect] {
        sheet = .identity(IdentitySheet(purpose: .merge(source: source, target: target, suggestionID: suggestionID)))
        return [.action(.previewMerge(into: target), person: source)]
    }

    /// Keys while an identity sheet is up; nil when the sheet is not one of them.
    mutating func handleIdentitySheet(_ key: KeyPress) -> [PeopleScreenEffect]? {
        switch sheet {
        case .identity(var identity)?:
            if key == KeyPress(.escape) {
                sheet = nil
                if case .applying = identity.stage { return [] }  // the answer still arrives and is shown
                message = "Nothing was changed (the preview expires by itself)."
                return []
            }
            if key == KeyPress(.enter), case .ready(let preview) = identity.stage {
                guard identity.applicable(now: now()) != nil else {
                    identity.stage = .refused(PreviewExpiry.expired.text + " Nothing was changed.", canPreviewAgain: true)
                    sheet = .identity(identity)
                    return []
                }
                identity.stage = .applying(preview)
                sheet = .identity(identity)
                return [.action(.apply(preview, describing: Self.appliedText(identity)), person: Self.subject(of: identity))]
            } else if key == .char("r"), identity.keys(now: now()).hasPrefix("r ") {
                identity.stage = .previewing
                sheet = .identity(identity)
                switch identity.purpose {
                case .merge(let source, let target, _):
                    return [.action(.previewMerge(into: target), person: source)]
                case .split(let person, let selected):
                    return [.action(.previewSplit(selected: selected), person: person)]
                }
            }
            return []
        case .mergeTarget(var picker)?:
            let found = picker.matches(in: people)
            switch key {
            case KeyPress(.escape):
                sheet = nil
                message = "Nothing was changed."
            case KeyPress(.up): picker.cursor = max(picker.cursor - 1, 0)
            case KeyPress(.down): picker.cursor = min(picker.cursor + 1, max(found.count - 1, 0))
            case KeyPress(.enter):
                guard found.indices.contains(picker.cursor) else { return [] }
                return previewMerge(picker.source, into: found[picker.cursor], suggestionID: nil)
            default:
                _ = picker.input.handle(.key(key), policy: .chat)
                picker.cursor = 0
            }
            if case .mergeTarget? = sheet { sheet = .mergeTarget(picker) }
            return []
        case .repair(var picker)?:
            let records = picker.evidence ?? []
            switch key {
            case KeyPress(.escape):
                sheet = nil
                message = "Nothing was changed."
                return []
            case KeyPress(.up): picker.cursor = max(picker.cursor - 1, 0)
            case KeyPress(.down): picker.cursor = min(picker.cursor + 1, max(records.count - 1, 0))
            case .char(" "):
                guard records.indices.contains(picker.cursor) else { return [] }
                let id = records[picker.cursor].id
                if picker.chosen.remove(id) == nil { picker.chosen.insert(id) }
            case KeyPress(.enter):
                guard !picker.selectedIDs.isEmpty else {
                    message = "Mark with Space the records that belong to someone else, then Enter."
                    return []
                }
                message = ""
                sheet = .identity(IdentitySheet(purpose: .split(person: picker.person, selected: picker.selectedIDs)))
                return [.action(.previewSplit(selected: picker.selectedIDs), person: picker.person)]
            default: return []
            }
            sheet = .repair(picker)
            return []
        default:
            return nil
        }
    }

    static func subject(of sheet: IdentitySheet) -> Person {
        switch sheet.purpose {
        case .merge(let source, _, _): source
        case .split(let person, _): person
        }
    }

    static func appliedText(_ sheet: IdentitySheet) -> String {
        switch sheet.purpose {
        case .merge(let source, let target, _):
            "Merged \(source.displayName) into \(target.displayName); u on \(target.displayName)'s profile undoes it."
        case .split(let person, let selected):
            "Separated \(selected.count) record\(selected.count == 1 ? "" : "s") from \(person.displayName) into a new "
                + "person; u undoes it."
        }
    }

    /// What the identity calls report, on the screen; returns the reads it calls for.
    mutating func applyIdentity(_ result: PeopleScreenResult) -> [PeopleScreenEffect] {
        switch result {
        case .suggestions(let suggestions):
            let before = selectedPerson?.id
            show(suggestions: suggestions)
            if let person = selectedPerson, person.id != before { return [.loadProfile(personID: person.id)] }
        case .identityEvidence(let personID, let evidence):
            if case .repair(var picker)? = sheet, picker.person.id == personID {
                picker.evidence = evidence
                sheet = .repair(picker)
            }
        case .identityPreview(let preview, let labels):
            if case .identity(var identity)? = sheet {
                identity.stage = .ready(preview)
                identity.labels = labels
                sheet = .identity(identity)
            }
        case .identityApplied(let operation, let text):
            var mergedInto: String?
            if case .identity(let identity)? = sheet {
                if case .merge(_, let target, _) = identity.purpose { mergedInto = target.id }
                sheet = nil
            }
            if let undone = operation.undoOf {
                applied.removeAll { $0.id == undone }
            } else {
                applied.insert(operation, at: 0)
                // A merge leaves the target: the selection moves there, its profile offers the undo.
                if let target = mergedInto, let index = people.firstIndex(where: { $0.id == target }) {
                    selected = index
                }
            }
            message = text
            if let person = selectedPerson { return [.loadProfile(personID: person.id)] }
        case .identityRefused(let reason, let again):
            if case .identity(var identity)? = sheet {
                identity.stage = .refused(reason, canPreviewAgain: again)
                sheet = .identity(identity)
            } else {
                message = reason
            }
        default: break
        }
        return []
    }
}
