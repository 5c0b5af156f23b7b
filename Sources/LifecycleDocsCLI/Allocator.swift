import CMimalloc

#if canImport(Glibc)
    import Glibc
#endif

/// The tool's memory allocator: mimalloc (Debian's libmimalloc), linked into the program, so it
/// replaces malloc and free for the whole process (Swift's runtime, Foundation, cmark-gfm). A
/// build allocates and frees millions of small Strings and arrays on every core; with glibc's
/// allocator that was a tenth of a 2,000-page build's time even tuned (a larger per-thread cache,
/// big blocks mapped apart, which took the process starting itself again with GLIBC_TUNABLES set).
/// bench/README.md has the measurements.
enum Allocator {
    /// How long freed memory stays committed before it goes back to the kernel, in ms, for a
    /// command that runs and exits. mimalloc 2.0's 25 ms kept what a page had used through the
    /// next ones: a 20,000-page build peaked at 228–233 MiB, against 212–223 MiB with 5 ms for
    /// the same time (1 ms: 196–216 MiB, 10–20% slower).
    static let decommitDelay = 5

    /// The delay for `serve`: none. Its connection threads come and go, and a thread that ends
    /// leaves its freed memory committed until another thread takes its pages over: with any
    /// delay, 18,000 requests of 100 clients left the server 50–60 MB larger (test_load.py).
    static let serverDecommitDelay = 0

    /// Sets the decommit delay for `command`, unless the environment chose one
    /// (MIMALLOC_DECOMMIT_DELAY, read by mimalloc itself). Once, before the command's work.
    static func configure(command: String?, environment: [String: String]) {
        guard let delay = decommitDelay(command: command, environment: environment) else { return }
        mi_option_set(mi_option_decommit_delay, delay)
    }

    /// The delay to set for `command`: none when the environment chose one.
    static func decommitDelay(command: String?, environment: [String: String]) -> Int? {
        guard environment["MIMALLOC_DECOMMIT_DELAY"] == nil else { return nil }
        return command == "serve" ? serverDecommitDelay : decommitDelay
    }

    /// "mimalloc 2.0.9, decommit delay 5 ms" when the process's malloc is mimalloc's; otherwise
    /// says that it is not (the library not linked ahead of the C library's allocator, which
    /// would be a packaging bug).
    static var description: String {
        let version = Int(mi_version())
        let name = "mimalloc \(version / 100).\(version / 10 % 10).\(version % 10)"
        guard isInEffect else { return "the C library's (\(name) is linked but malloc is not its)" }
        return name + ", decommit delay \(mi_option_get(mi_option_decommit_delay)) ms"
    }

    /// Whether a block from `malloc` comes from mimalloc's heap.
    static var isInEffect: Bool {
        guard let block = malloc(64) else { return false }
        defer { free(block) }
        return mi_is_in_heap_region(block)
    }
}
