import Foundation
import VeetCurses
import VeetPeople

/// The People screen's identity keys: Merge (from a suggestion, or "merge
/// with…"), Not the same, Repair identity, undo; and the sheets they open.
extension ChatScreen {
    /// m, k, r, u on the chosen person; false when the key is not one of them.
    func handlePeopleIdentityKey(_ key: KeyPress, _ screen: inout PeopleScreen) -> Bool {
        guard screen.writeAccess.showsWrites,
              let person = screen.selectedProfile?.person ?? screen.selectedPerson else { return false }
        switch key {
        case .char("m"):
            if let suggestion = screen.suggestion(for: person) {
                previewMerge(suggestion.source, into: suggestion.target, suggestionID: suggestion.id, &screen)
            } else {
                screen.sheet = .mergeTarget(MergeTargetPicker(source: person))
            }
        case .char("k"):
            guard let suggestion = screen.suggestion(for: person) else {
                screen.message = "\(person.displayName) is not a possible duplicate of anyone."
                return true
            }
            screen.message = "Keeping \(suggestion.source.displayName) and \(suggestion.target.displayName) apart..."
            _ = backend.peopleAction(.keepApart(suggestion), person: person)
        case .char("r"):
            screen.sheet = .repair(RepairPicker(person: person))
            _ = backend.peopleAction(.readIdentityEvidence, person: person)
        case .char("u"):
            guard let profile = screen.selectedProfile, let merge = screen.undoable(for: profile).first else {
                screen.message = "Nothing here to undo: \(person.displayName)'s profile shows no merge or separation."
                return true
            }
            screen.message = "Undoing..."
            _ = backend.peopleAction(.undo(operationID: merge.operationID, revision: merge.revision), person: person)
        default:
            return false
        }
        return true
    }

    private func previewMerge(_ source: Person, into target: Person, suggestionID: String?, _ screen: inout PeopleScreen) {
        screen.sheet = .identity(IdentitySheet(purpose: .merge(source: source, target: target, suggestionID: suggestionID)))
        _ = backend.peopleAction(.previewMerge(into: target), person: source)
    }

    /// Keys while an identity sheet is up; false when the sheet is not one of them.
    func handlePeopleIdentitySheet(_ key: KeyPress, _ screen: inout PeopleScreen) -> Bool {
        switch screen.sheet {
        case .identity(var sheet)?:
            if key == KeyPress(.escape) {
                screen.sheet = nil
                if case .applying = sheet.stage { return true }  // the answer still arrives and is shown
                screen.message = "Nothing was changed (the preview expires by itself)."
                return true
            }
            if key == KeyPress(.enter), case .ready(let preview) = sheet.stage {
                guard sheet.applicable(now: Date()) != nil else {
                    sheet.stage = .refused(PreviewExpiry.expired.text + " Nothing was changed.", canPreviewAgain: true)
                    screen.sheet = .identity(sheet)
                    return true
                }
                sheet.stage = .applying(preview)
                screen.sheet = .identity(sheet)
                _ = backend.peopleAction(.apply(preview, describing: Self.appliedText(sheet)), person: Self.subject(of: sheet))
            } else if key == .char("r"), sheet.keys(now: Date()).hasPrefix("r ") {
                sheet.stage = .previewing
                screen.sheet = .identity(sheet)
                switch sheet.purpose {
                case .merge(let source, let target, _):
                    _ = backend.peopleAction(.previewMerge(into: target), person: source)
                case .split(let person, let selected):
                    _ = backend.peopleAction(.previewSplit(selected: selected), person: person)
                }
            }
            return true
        case .mergeTarget(var picker)?:
            let found = picker.matches(in: screen.people)
            switch key {
            case KeyPress(.escape):
                screen.sheet = nil
                screen.message = "Nothing was changed."
            case KeyPress(.up): picker.cursor = max(picker.cursor - 1, 0)
            case KeyPress(.down): picker.cursor = min(picker.cursor + 1, max(found.count - 1, 0))
            case KeyPress(.enter):
                guard found.indices.contains(picker.cursor) else { return true }
                previewMerge(picker.source, into: found[picker.cursor], suggestionID: nil, &screen)
                return true
            default:
                _ = picker.input.handle(.key(key), policy: .chat)
                picker.cursor = 0
            }
            if case .mergeTarget? = screen.sheet { screen.sheet = .mergeTarget(picker) }
            return true
        case .repair(var picker)?:
            let records = picker.evidence ?? []
            switch key {
            case KeyPress(.escape):
                screen.sheet = nil
                screen.message = "Nothing was changed."
                return true
            case KeyPress(.up): picker.cursor = max(picker.cursor - 1, 0)
            case KeyPress(.down): picker.cursor = min(picker.cursor + 1, max(records.count - 1, 0))
            case .char(" "):
                guard records.indices.contains(picker.cursor) else { return true }
                let id = records[picker.cursor].id
                if picker.chosen.remove(id) == nil { picker.chosen.insert(id) }
            case KeyPress(.enter):
                guard !picker.selectedIDs.isEmpty else {
                    screen.message = "Mark with Space the records that belong to someone else, then Enter."
                    return true
                }
                screen.message = ""
                screen.sheet = .identity(IdentitySheet(purpose: .split(person: picker.person, selected: picker.selectedIDs)))
                _ = backend.peopleAction(.previewSplit(selected: picker.selectedIDs), person: picker.person)
                return true
            default: return true
            }
            screen.sheet = .repair(picker)
            return true
        default:
            return false
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

    /// What the identity calls report, on the screen.
    func applyIdentity(_ update: PeopleUpdate, _ screen: inout PeopleScreen) {
        switch update {
        case .suggestions(let suggestions):
            let before = screen.selectedPerson?.id
            screen.show(suggestions: suggestions)
            if let person = screen.selectedPerson, person.id != before { _ = backend.loadProfile(personID: person.id) }
        case .identityEvidence(let personID, let evidence):
            if case .repair(var picker)? = screen.sheet, picker.person.id == personID {
                picker.evidence = evidence
                screen.sheet = .repair(picker)
            }
        case .identityPreview(let preview, let labels):
            if case .identity(var sheet)? = screen.sheet {
                sheet.stage = .ready(preview)
                sheet.labels = labels
                screen.sheet = .identity(sheet)
            }
        case .identityApplied(let operation, let message):
            var mergedInto: String?
            if case .identity(let sheet)? = screen.sheet {
                if case .merge(_, let target, _) = sheet.purpose { mergedInto = target.id }
                screen.sheet = nil
            }
            if let undone = operation.undoOf {
                screen.applied.removeAll { $0.id == undone }
            } else {
                screen.applied.insert(operation, at: 0)
                // A merge leaves the target: the selection moves there, its profile offers the undo.
                if let target = mergedInto, let index = screen.people.firstIndex(where: { $0.id == target }) {
                    screen.selected = index
                }
            }
            screen.message = message
            if let person = screen.selectedPerson { _ = backend.loadProfile(personID: person.id) }
        case .identityRefused(let reason, let again):
            if case .identity(var sheet)? = screen.sheet {
                sheet.stage = .refused(reason, canPreviewAgain: again)
                screen.sheet = .identity(sheet)
            } else {
                screen.message = reason
            }
        default: break
        }
    }
}
