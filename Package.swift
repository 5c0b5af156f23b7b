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
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]),

        // Escaping and quoting for HTML, JSON and YAML: the one encoder of each, used by every module.
        .target(name: "Encoding"),
        .target(name: "Diagnostics", dependencies: ["Encoding"]),
        .target(name: "LifecycleModel", dependencies: ["Encoding"]),
        .target(name: "Diagrams", dependencies: ["LifecycleModel", "Encoding"]),
        .target(name: "Scenarios", dependencies: ["LifecycleModel", "Diagnostics"]),
        .target(name: "Markdown", dependencies: ["CCMarkGFM", "Diagnostics"]),
        .target(name: "YAML", dependencies: ["CYAML"]),
        .target(name: "Mustache", dependencies: ["Diagnostics", "Encoding"]),
        .target(name: "Highlight", dependencies: ["Encoding"]),
        .target(name: "Site", dependencies: ["Diagnostics", "Encoding", "Markdown", "YAML", "Mustache", "Highlight", "LifecycleModel", "Diagrams", "Scenarios"]),
        // The live-reload script is a .js file, embedded into the binary at build time (no resource bundle to install).
        .target(
            name: "PreviewServer", dependencies: ["CMicroHTTPD", "Diagnostics", "Encoding"],
            resources: [.embedInCode("Resources/live-reload.js")]),
        .target(name: "LifecycleDocsCLI", dependencies: ["Site", "Diagnostics", "Encoding", "LifecycleModel", "PreviewServer"]),
        .executableTarget(name: "lifecycle-docs", dependencies: ["LifecycleDocsCLI"]),
        .executableTarget(name: "lifecycle-bench", dependencies: ["LifecycleModel"]),

        // Helpers every test target shares: the repository's folders, temporary projects, snapshots.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "EncodingTests", dependencies: ["Encoding"]),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
        .testTarget(name: "LifecycleModelTests", dependencies: ["LifecycleModel", "Encoding"]),
        .testTarget(name: "DiagramsTests", dependencies: ["Diagrams"]),
        .testTarget(name: "ScenariosTests", dependencies: ["Scenarios"], exclude: ["FuzzRegressions"]),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown"]),
        .testTarget(name: "YAMLTests", dependencies: ["YAML"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"], exclude: ["FuzzRegressions", "spec"]),
        .testTarget(name: "HighlightTests", dependencies: ["Highlight"]),
        .testTarget(name: "SiteTests", dependencies: ["Site", "Diagnostics", "Encoding", "TestSupport"], exclude: ["Fixtures", "FuzzRegressions"]),
        .testTarget(name: "LifecycleDocsCLITests", dependencies: ["LifecycleDocsCLI", "TestSupport"], exclude: ["BadInputs"]),
        .testTarget(name: "PreviewServerTests", dependencies: ["PreviewServer", "Diagnostics"], exclude: ["FuzzRegressions"]),
    ]
)
