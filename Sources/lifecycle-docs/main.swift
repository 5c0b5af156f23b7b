import LifecycleDocsCLI

#if canImport(Glibc)
    import Glibc

    /// glibc keeps at most 7 freed blocks of each size per thread before going to its shared
    /// bins; a build frees and allocates millions of small Strings and arrays, and a quarter of
    /// its CPU went to `_int_malloc` and `malloc_consolidate`. With 1,000 per size a build of
    /// 2,000 unique pages takes about 25% less CPU for 20 MB more memory (bench/README.md).
    /// The count is a tunable read only when a process starts, so the commands that render
    /// start themselves once more with it set (about 10 ms). A caller who set GLIBC_TUNABLES
    /// keeps exactly that: this glibc (Debian's 2.36) applies none of several tunables joined.
    /// If the start fails they just go on.
    let tunables = "GLIBC_TUNABLES"
    let renders = ["build", "check", "serve"].contains(CommandLine.arguments.dropFirst().first ?? "")
    if renders && (getenv(tunables).map { String(cString: $0) } ?? "").isEmpty {
        // The started copy finds the variable set and runs the command: it never starts again.
        setenv(tunables, "glibc.malloc.tcache_count=1000", 1)
        let arguments = CommandLine.arguments.map { strdup($0) } + [nil]
        execv("/proc/self/exe", arguments)
        // Still here: the exec failed (no /proc); run with the default allocator settings.
        unsetenv(tunables)
    }
#endif

exit(CLI.run(Array(CommandLine.arguments.dropFirst())))
