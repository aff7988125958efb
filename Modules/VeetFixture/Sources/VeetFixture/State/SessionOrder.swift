import Foundation

/// The session list's order, `(updated_at, id)` ascending, kept sorted as sessions
/// move so a page is a binary search plus a short walk instead of a full sort.
///
/// Activity almost always moves the newest session again, which is already last:
/// that update is a replacement in place.
struct SessionOrder {
    struct Key: Comparable {
        var instant: Instant
        var id: String

        static func < (lhs: Key, rhs: Key) -> Bool {
            lhs.instant != rhs.instant ? lhs.instant < rhs.instant : lhs.id < rhs.id
        }
    }

    private(set) var keys: [Key] = []

    var count: Int { keys.count }

    /// First index whose key is not less than `key`.
    private func lowerBound(_ key: Key) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    mutating func insert(_ key: Key) {
        if let last = keys.last, last < key {
            keys.append(key)
        } else {
            keys.insert(key, at: lowerBound(key))
        }
    }

    /// Adds many keys at once (seeding): one sort instead of many insertions.
    mutating func insert(contentsOf newKeys: [Key]) {
        keys.append(contentsOf: newKeys)
        keys.sort()
    }

    mutating func remove(_ key: Key) {
        let index = lowerBound(key)
        if index < keys.count, keys[index] == key { keys.remove(at: index) }
    }

    mutating func move(_ old: Key, to new: Key) {
        let index = lowerBound(old)
        guard index < keys.count, keys[index] == old else { return insert(new) }
        let staysInPlace = (index == 0 || keys[index - 1] < new) && (index == keys.count - 1 || new < keys[index + 1])
        if staysInPlace {
            keys[index] = new
        } else {
            keys.remove(at: index)
            insert(new)
        }
    }

    /// Up to `limit` keys after `position` in list order (newest first); from the top when nil.
    func page(after position: Key?, limit: Int) -> [Key] {
        var index = position.map(lowerBound) ?? keys.count
        var result: [Key] = []
        result.reserveCapacity(min(limit, index))
        while index > 0, result.count < limit {
            index -= 1
            result.append(keys[index])
        }
        return result
    }

    /// The key right after `position` in list order (what the next page would start with).
    func next(after position: Key) -> Key? {
        let index = lowerBound(position)
        return index > 0 ? keys[index - 1] : nil
    }

    /// Newest first.
    var newestFirst: [Key] { keys.reversed() }

    var oldest: Key? { keys.first }
}
