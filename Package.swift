// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "LifecycleDocs",
    products: [
        .executable(name: "lifecycle-docs", targets: ["lifecycle-docs"])
    ],
    targets: [
        // C libraries from Debian, reached through pkg-config.
        .systemLibrary(
            name: "CCMarkGFM", pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .systemLibrary(
            name: "CYAML", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]),
        // Only its header: `serve` loads the library itself (dlopen), so that it and gnutls are
        // not loaded at every start of the tool. No pkg-config here, which would link it.
        .systemLibrary(
            name: "CMicroHTTPD",
            providers: [.apt(["libmicrohttpd-dev"])]),
        // Snowball stemmers for search; Debian's package has no pkg-config file.
        .systemLibrary(name: "CStemmer", providers: [.apt(["libstemmer-dev"])]),
        // mimalloc replaces malloc and free for the whole process once linked (no pkg-config file either).
        .systemLibrary(name: "CMimalloc", providers: [.apt(["libmimalloc-dev"])]),

        // Escaping and quoting for HTML, JSON and YAML: the one encoder of each, used by every module.
        .target(name: "Encoding"),
        // Whole-file reads and writes (EINTR, short reads and writes, atomic replace): the one copy.
        .target(name: "FileIO"),
        .target(name: "Diagnostics", dependencies: ["Encoding"]),
        // The engine (machines, simulation, queries) and, apart, the four machines it runs.
        .target(name: "LifecycleModel", dependencies: ["Encoding"]),
        .target(name: "LifecycleMachines", dependencies: ["LifecycleModel", "Encoding"]),
        .target(name: "Diagrams", dependencies: ["LifecycleModel", "Encoding"]),
        .target(name: "Scenarios", dependencies: ["LifecycleModel", "LifecycleMachines", "Diagnostics", "Encoding", "Markdown"]),
        .target(name: "Markdown", dependencies: ["CCMarkGFM", "Diagnostics", "Encoding"]),
        .target(name: "YAML", dependencies: ["CYAML"]),
        .target(name: "Mustache", dependencies: ["Diagnostics", "Encoding"]),
        .target(name: "Highlight", dependencies: ["Encoding"]),
        // Full-text search built with the site: stemmed per language, split into small files by term prefix.
        .target(name: "Search", dependencies: ["CStemmer", "Encoding"]),
        // The site, in the order a build runs: content is read (and verified, by Scenarios),
        // translations compared, pages rendered, the output built and written.
        .target(name: "SiteContent", dependencies: ["Diagnostics", "Encoding", "Highlight", "Markdown", "YAML", "LifecycleModel", "LifecycleMachines", "Scenarios", "FileIO"]),
        .target(name: "Translations", dependencies: ["SiteContent", "Scenarios", "Diagnostics", "Encoding", "Highlight", "YAML", "LifecycleModel"]),
        .target(name: "SiteRender", dependencies: ["SiteContent", "Translations", "Diagnostics", "Encoding", "Markdown", "Mustache", "Highlight", "LifecycleModel", "LifecycleMachines", "Diagrams", "Scenarios", "FileIO"]),
        .target(name: "SiteBuild", dependencies: ["SiteContent", "Translations", "SiteRender", "Search", "Diagnostics", "Encoding", "LifecycleModel", "LifecycleMachines", "Mustache", "FileIO"]),
        // The live-reload script is a .js file, embedded into the binary at build time (no resource bundle to install).
        .target(
            name: "PreviewServer", dependencies: ["CMicroHTTPD", "Diagnostics", "Encoding", "FileIO"],
            resources: [.embedInCode("Resources/live-reload.js")]),
        .target(name: "LifecycleDocsCLI", dependencies: ["CMimalloc", "SiteBuild", "SiteContent", "Translations", "Scenarios", "Diagnostics", "Encoding", "LifecycleModel", "LifecycleMachines", "PreviewServer", "FileIO"]),
        .executableTarget(name: "lifecycle-docs", dependencies: ["LifecycleDocsCLI"]),
        .executableTarget(name: "lifecycle-bench", dependencies: ["LifecycleModel", "LifecycleMachines"]),

        // Helpers every test target shares: the repository's folders, temporary projects, snapshots, fuzz inputs.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "EncodingTests", dependencies: ["Encoding", "FileIO", "TestSupport"]),
        .testTarget(name: "FileIOTests", dependencies: ["FileIO"]),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics", "TestSupport"]),
        .testTarget(name: "LifecycleModelTests", dependencies: ["LifecycleModel", "LifecycleMachines", "Encoding", "TestSupport"]),
        .testTarget(name: "DiagramsTests", dependencies: ["Diagrams", "LifecycleMachines"]),
        .testTarget(name: "ScenariosTests", dependencies: ["Scenarios", "LifecycleMachines", "TestSupport"], exclude: ["FuzzRegressions"]),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown", "CCMarkGFM", "TestSupport"]),
        .testTarget(name: "YAMLTests", dependencies: ["YAML", "TestSupport"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache", "TestSupport"], exclude: ["FuzzRegressions", "spec"]),
        .testTarget(name: "HighlightTests", dependencies: ["Highlight", "Encoding", "TestSupport"]),
        .testTarget(name: "SearchTests", dependencies: ["Search", "TestSupport"], exclude: ["FuzzRegressions"]),
        .testTarget(name: "SiteTests", dependencies: ["SiteContent", "Translations", "Highlight", "SiteRender", "SiteBuild", "Search", "Diagnostics", "Encoding", "TestSupport"], exclude: ["Fixtures", "FuzzRegressions"]),
        .testTarget(name: "LifecycleDocsCLITests", dependencies: ["LifecycleDocsCLI", "CMimalloc", "SiteBuild", "TestSupport"], exclude: ["BadInputs"]),
        .testTarget(name: "PreviewServerTests", dependencies: ["PreviewServer", "Diagnostics", "TestSupport"], exclude: ["FuzzRegressions"]),
    ]
)
