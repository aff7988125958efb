/// "Did you mean" suggestions by edit distance.
enum Suggestions {
    /// The closest candidate, when it is close enough to be a likely typo:
    /// at most one edit for short words, two for longer ones. Ties go to the
    /// candidate declared first.
    static func closest(to typed: String, among candidates: [String]) -> String? {
        let allowed = typed.count <= 3 ? 1 : 2
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, candidate)
            guard distance <= allowed, distance < candidate.count else { continue }
            if best == nil || distance < best!.distance {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// Optimal string alignment distance: insertions, deletions,
    /// substitutions and swaps of two neighbours each cost one, so the common
    /// typo `jsno` is one edit from `json`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased()), b = Array(b.lowercased())
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
