import Glibc

/// glibc's allocator set for a process that runs all day (docs/daemon.md, "Memory over a day").
/// With the page caches capped, what veetd still grew by over the compressed day was free memory
/// inside glibc's arenas: one arena per thread that ever allocated (up to eight per core), each
/// keeping its own free pieces. Two arenas and the free pages handed back after each sync round
/// held the day's growth to +0.35 MiB from +0.88 MiB (docs/bench.md).
///
/// `mallopt` and `malloc_trim` are glibc's (malloc.h), which Swift's Glibc module does not import,
/// so they are looked up by name; on a C library without them both do nothing.
enum HeapUpkeep {
    private typealias SetOption = @convention(c) (Int32, Int32) -> Int32
    private typealias Trim = @convention(c) (Int) -> Int32
    /// glibc's M_ARENA_MAX.
    private static let arenaMaxOption: Int32 = -8

    /// At most two arenas: veetd's work is a sync round every half minute and a few run streams,
    /// never many threads allocating at once. Called first in main, before other threads exist.
    @discardableResult
    static func limitArenas(to count: Int32 = 2) -> Bool {
        guard let symbol = dlsym(nil, "mallopt") else { return false }
        return unsafeBitCast(symbol, to: SetOption.self)(arenaMaxOption, count) == 1
    }

    /// Hands the whole free pages of every arena back to the system (a sync round freed what it
    /// read and decoded); walks two arenas of a few MiB, once a round.
    static func returnFreePages() {
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
}
