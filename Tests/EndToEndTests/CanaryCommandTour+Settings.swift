import Foundation
import Testing

extension CommandTour {
    /// `veet settings …`: every command plain and with --json, and a refusal or a missing id each.
    func settings() throws {
        try run.veet(["settings", "models"])
        try run.veet(["settings", "models", "--chat", "fast", "--json"])
        try run.veet(["settings", "models", "--chat", "fast", "--effort", "high"], expect: [1])
        try run.veet(["settings", "persona"])
        try run.veet(["settings", "persona", "show"])
        let shown = try run.veet(["settings", "persona", "show", "--json"])
        let nomination = try run.value(shown, "open_nominations.id")
        try run.veet(["settings", "persona", "history"])
        try run.veet(["settings", "persona", "history", "--json"])
        try run.veet(["settings", "persona", "affirm", nomination])
        try run.veet(["settings", "persona", "affirm", missing, "--json"], expect: [4])
        try run.veet(["settings", "persona", "decline", missing], expect: [4])
        let left = try run.value(try run.veet(["settings", "persona", "show", "--json"]), "open_nominations.id")
        try run.veet(["settings", "persona", "decline", left, "--json"])
        // `true` leaves the file as it is: no change, nothing saved.
        try run.veet(["settings", "persona", "edit"], environment: ["EDITOR": "true"])
        try run.veet(["settings", "persona", "edit", "--json"], environment: ["EDITOR": "false"], expect: [1])
        try run.veet(["settings", "privacy"])
        try run.veet(["settings", "privacy", "--json"])
    }
}
