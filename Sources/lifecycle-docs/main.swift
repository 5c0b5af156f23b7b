import LifecycleDocsCLI

#if canImport(Glibc)
    import Glibc
#endif

exit(CLI.run(Array(CommandLine.arguments.dropFirst())))
