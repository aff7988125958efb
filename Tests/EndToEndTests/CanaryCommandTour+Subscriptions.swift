import Foundation
import Testing

extension CommandTour {
    /// `veet subscriptions …`: every command plain and with --json, and a refusal or a missing id each.
    func subscriptions() throws {
        let missingSubscription = String(repeating: "0", count: 64)
        let list = try run.veet(["subscriptions", "list", "--json"])
        let news = try run.value(list, "items.id", where: ("display_name", "Example News"))
        let deals = try run.value(list, "items.id", where: ("display_name", "Deals Weekly"))
        let still = try run.value(list, "items.id", where: ("display_name", "Still Sending Co"))
        let checking = try run.value(list, "items.id", where: ("display_name", "Checking Sender"))
        try run.veet(["subscriptions", "list", "--state", "kept"])
        try run.veet(["subscriptions", "list", "--state", "nonsense"], expect: [2])
        try run.veet(["subscriptions", "show", news])
        try run.veet(["subscriptions", "show", missingSubscription, "--json"], expect: [4])
        try run.veet(["subscriptions", "unsubscribe", news], stdin: "n\n", expect: [1])
        try run.veet(["subscriptions", "unsubscribe", news, "--yes"])
        try run.veet(["subscriptions", "unsubscribe", deals, "--yes", "--json"])
        try run.veet(["subscriptions", "keep", checking])
        try run.veet(["subscriptions", "keep", "--undo", checking, "--json"])
        try run.veet(["subscriptions", "spam", still, "--json"])
        try run.veet(["subscriptions", "spam", still], expect: [1])
        try run.veet(["subscriptions", "not-spam", still])
        try run.veet(["subscriptions", "not-spam", still, "--json"], expect: [1])
    }
}
