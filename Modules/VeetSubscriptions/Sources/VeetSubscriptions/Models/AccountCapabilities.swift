import Foundation

/// What one mail account offers this token, as the app read it from the
/// account list (docs/wire/email.md §3) and handed over: this package never imports the
/// Email feature. A missing flag is false (never fall back to another command).
public struct SubscriptionAccountCapabilities: Codable, Sendable, Hashable {
    public var accountID: String
    public var unsubscribeSupported: Bool
    public var spamSupported: Bool

    public init(accountID: String, unsubscribeSupported: Bool, spamSupported: Bool) {
        self.accountID = accountID
        self.unsubscribeSupported = unsubscribeSupported
        self.spamSupported = spamSupported
    }

    enum CodingKeys: String, CodingKey {
        case accountID = "id", unsubscribeSupported = "unsubscribe_supported", spamSupported = "spam_supported"
    }

    /// Decodes just these flags from an account object; the rest of it is ignored.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        accountID = try c.decode(String.self, forKey: .accountID)
        unsubscribeSupported = try c.decodeIfPresent(Bool.self, forKey: .unsubscribeSupported) ?? false
        spamSupported = try c.decodeIfPresent(Bool.self, forKey: .spamSupported) ?? false
    }
}

/// The flags of every account, or none known (an older server without the
/// account list, or one that could not be read): then the census is shown but
/// no action is offered on any row.
public struct AccountFlags: Sendable, Hashable {
    public private(set) var accounts: [String: SubscriptionAccountCapabilities]

    public init(_ accounts: [SubscriptionAccountCapabilities]) {
        self.accounts = Dictionary(accounts.map { ($0.accountID, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// No account flags known: every action hidden.
    public static let unknown = AccountFlags([])

    public func unsubscribeSupported(_ accountID: String) -> Bool { accounts[accountID]?.unsubscribeSupported ?? false }

    /// Report spam / Not spam need both the feature and the account's spam flag.
    public func spamSupported(_ accountID: String) -> Bool {
        unsubscribeSupported(accountID) && (accounts[accountID]?.spamSupported ?? false)
    }

    /// Whether any account offers the feature (an app shows its entry only then).
    public var anyUnsubscribeSupported: Bool { accounts.values.contains(where: \.unsubscribeSupported) }
}
