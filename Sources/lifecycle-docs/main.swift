import LifecycleDocsCLI

#if canImport(Glibc)
    import Glibc

    /// glibc keeps at most 7 freed blocks of each size per thread before going to its shared
    /// bins; a build frees and allocates millions of small Strings and arrays, and once a
    /// quarter of its CPU went to `_int_malloc` and `malloc_consolidate`. Since the allocations
    /// were cut, 100 per size keeps what is left of that gain (a few percent, within the noise
    /// of interleaved runs) for 5 MiB; 1,000 cost 58 MiB more at the peak (bench/README.md).
    ///
    /// A block of 256 KiB or more (a page's bytes, a search run) is always mapped on its own and
    /// unmapped when freed. glibc's own threshold starts at 128 KiB but rises to the size of every
    /// mapped block freed, up to 32 MiB: after the first large one, pages went into the arenas,
    /// which kept their memory between the small blocks a build holds until its end. On 20,000
    /// pages that was 51 MiB of the peak (307 → 256 MiB), for a few percent of system time.
    ///
    /// Freed memory at the top of an arena goes back to the kernel once it passes the trim
    /// threshold, 128 KiB by default: each thread's arena gave back what a page had used and
    /// faulted it in again for the next page. At 1 MiB a full build of 2,000 pages takes 33,000
    /// page faults instead of 140,000 (0.3 s less system time) for the same peak.
    ///
    /// Tunables are read only when a process starts, so the process starts itself once more
    /// with them set (about 10 ms), and the started copy, finding them set, never starts again.
    /// A caller who set GLIBC_TUNABLES keeps exactly that. If the start fails the command just goes on.
    nonisolated func startWithTunedAllocator() {
        setenv("GLIBC_TUNABLES", "glibc.malloc.tcache_count=100:glibc.malloc.mmap_threshold=262144:glibc.malloc.trim_threshold=1048576", 1)
        let arguments = CommandLine.arguments.map { strdup($0) } + [nil]
        execv("/proc/self/exe", arguments)
        // Still here: the exec failed (no /proc); run with the default allocator settings.
        unsetenv("GLIBC_TUNABLES")
    }

    let command = CommandLine.arguments.dropFirst().first ?? ""
    let untuned = (getenv("GLIBC_TUNABLES").map { String(cString: $0) } ?? "").isEmpty
    // `check` and `serve` render every page (serve again on every edit): they start again at once.
    if untuned && ["check", "serve"].contains(command) { startWithTunedAllocator() }
    // `build` starts again only once it knows it renders every page: a build with nothing to do,
    // or one edited article, takes less time than the second start would cost.
    let beforeFullBuild: (@Sendable () -> Void)? = untuned && command == "build" ? { @Sendable in startWithTunedAllocator() } : nil
#else
    let beforeFullBuild: (@Sendable () -> Void)? = nil
#endif

exit(CLI.run(Array(CommandLine.arguments.dropFirst()), beforeFullBuild: beforeFullBuild))
