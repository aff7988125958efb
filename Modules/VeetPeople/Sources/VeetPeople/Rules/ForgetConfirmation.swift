import Foundation

/// The checks before a person is forgotten (docs/wire/people.md §9). A person typed
/// their name (or the word `forget` for a person without one) to confirm;
/// a script instead states the counts it expects, which must equal the
/// preview's exactly (a differing count means the preview is not what the
/// script was written for).
public enum ForgetConfirmation {
    /// What must be typed to confirm forgetting `person`.
    public static func phrase(for person: Person) -> String {
        let name = person.displayName.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? "forget" : name
    }

    public static func confirms(_ typed: String?, person: Person) -> Bool {
        typed?.trimmingCharacters(in: .whitespacesAndNewlines) == phrase(for: person)
    }

    /// `kind=n,kind=n`; nil when not of that form.
    public static func parseCounts(_ text: String) -> [String: Int]? {
        var counts: [String: Int] = [:]
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, !pair[0].isEmpty, let n = Int(pair[1]), n >= 0, counts[pair[0]] == nil else { return nil }
            counts[pair[0]] = n
        }
        return counts.isEmpty ? nil : counts
    }

    /// The preview's counts as `kind=n,…`, sorted (what `parseCounts` reads back).
    public static func countsText(_ counts: [String: Int]) -> String {
        counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    }

    /// True when `expected` names the same kinds with the same numbers (a kind
    /// with 0 may be left out on either side).
    public static func matches(_ expected: [String: Int], _ preview: [String: Int]) -> Bool {
        expected.filter { $0.value != 0 } == preview.filter { $0.value != 0 }
    }
}
