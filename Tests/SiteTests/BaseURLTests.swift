import Foundation
import Testing

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender
@testable import Translations

/// `BuildOptions.baseURL` (from `--base-url` or LIFECYCLE_DOCS_BASE_URL) replaces
/// site.yml's `baseURL` in every absolute URL, and a build with another one
/// rewrites every page: an incremental build never mixes two base URLs.
@Suite struct BaseURLTests {
    static let content = [
        "site.yml": """
            baseURL: "https://docs.example.org/"
            defaultLanguage: es
            languages:
              - {code: es, name: Español, title: Sitio}
              - {code: pt, name: Português, title: Site}

            """,
        "es/a.md": "---\ntitle: A\n---\n## Uno\n\nTexto.\n",
        "pt/a.md": "---\ntitle: A\n---\n## Um\n\nTexto.\n",
        "es/b.md": "---\ntitle: B\n---\nTexto.\n",
    ]

    @Test(arguments: [
        ("https://user.github.io/repo", "https://user.github.io/repo/"),
        ("https://docs.example.org/", "https://docs.example.org/"),
        ("http://localhost:8080", "http://localhost:8080/"),
        ("HTTPS://Example.org/Docs", "HTTPS://Example.org/Docs/"),
        ("/", "/"),
        ("/repo", "/repo/"),
    ])
    func validBaseURLsEndWithASlash(_ text: String, _ normalized: String) {
        #expect(SiteConfig.normalizedBaseURL(text) == normalized)
    }

    @Test(arguments: [
        "", "docs", "docs/", "./docs", "ftp://example.org/", "https://", "https:///path", "//cdn.example.org/",
        "https://example.org/a b", "https://example.org/?q=1", "https://example.org/#top", "https://example.org/\n",
        "file:///tmp/site", "javascript:alert(1)", "https://exa<mple.org/",
    ])
    func invalidBaseURLsAreRefused(_ text: String) {
        #expect(SiteConfig.normalizedBaseURL(text) == nil)
    }

    @Test func siteYMLFollowsTheSameRule() throws {
        var content = Self.content
        content["site.yml"] = content["site.yml"]?.replacing("\"https://docs.example.org/\"", with: "\"https://\"")
        let root = try makeProject(content: content)
        let result = SiteBuilder.build(buildOptions(root))
        #expect(!result.succeeded)
        #expect(result.diagnostics.map(\.message) == ["'baseURL' must be an absolute http:// or https:// URL or a path starting with /"])
        #expect(result.diagnostics.first?.location?.line == 1)
    }

    @Test func theOverrideIsInEveryAbsoluteURL() throws {
        let root = try makeProject(content: Self.content)
        var options = buildOptions(root)
        options.baseURL = "https://user.github.io/repo/"
        let result = SiteBuilder.build(options)
        try #require(result.succeeded, "\(result.diagnostics)")
        let public_ = root.appending(path: "public")

        let article = try read(public_.appending(path: "es/a/index.html"))
        #expect(article.contains(#"<link rel="canonical" href="https://user.github.io/repo/es/a/">"#))
        #expect(article.contains(#"<link rel="alternate" hreflang="pt" href="https://user.github.io/repo/pt/a/">"#))
        #expect(article.contains(#"<link rel="alternate" hreflang="x-default" href="https://user.github.io/repo/es/a/">"#))

        let sitemap = try read(public_.appending(path: "sitemap.xml"))
        #expect(sitemap.contains("<loc>https://user.github.io/repo/</loc>"))
        #expect(sitemap.contains("<loc>https://user.github.io/repo/es/b/</loc>"))
        #expect(sitemap.contains(#"hreflang="pt" href="https://user.github.io/repo/pt/a/""#))

        // The 404 page is served at any depth, so its links start at the base path.
        let notFound = try read(public_.appending(path: "404.html"))
        #expect(notFound.contains(#"href="/repo/es/index.html""#))
        #expect(notFound.contains(#"href="/repo/assets/style."#))
        #expect(notFound.contains(#"href="/repo/es/tutorials/index.html""#))
        #expect(!notFound.contains(#"href="es/tutorials/"#), "no relative link: the page is served at any depth")
        #expect(!notFound.contains(#"href="/es/"#) && !notFound.contains(#"href="/assets/"#))

        // Not a trace of site.yml's address anywhere.
        for (path, data) in try snapshot(public_) {
            #expect(!String(decoding: data, as: UTF8.self).contains("docs.example.org"), "\(path)")
        }
    }

    @Test func theBaseURLIsPartOfTheSiteWideKey() throws {
        let root = try makeProject(content: Self.content)
        Thread.sleep(forTimeInterval: 0.06)  // racy stamps differ on every call (FileStamp)
        var options = buildOptions(root)
        let plain = BuildCache.stamps(options)
        options.baseURL = "https://a.example/"
        let first = BuildCache.stamps(options)
        options.baseURL = "https://b.example/"
        let second = BuildCache.stamps(options)
        #expect(plain.siteKey != first.siteKey && first.siteKey != second.siteKey)
        #expect(first.inputs != second.inputs)
        options.baseURL = "https://a.example/"
        #expect(BuildCache.stamps(options) == first)
    }

    @Test func anotherBaseURLRewritesEveryPage() throws {
        let root = try makeProject(content: Self.content)
        Thread.sleep(forTimeInterval: 0.06)
        var options = buildOptions(root)
        options.baseURL = "https://first.example/"
        try #require(SiteBuilder.build(options).succeeded)
        // A reused build would keep the old pages: an edit makes one group dirty.
        try write(Data("---\ntitle: B\n---\nOtro texto.\n".utf8), to: root.appending(path: "Content/es/b.md"))
        Thread.sleep(forTimeInterval: 0.06)

        options.baseURL = "https://second.example/sub/"
        let second = SiteBuilder.build(options)
        #expect(second.succeeded)
        #expect(second.changedFiles == nil, "a full build, not an incremental one")
        #expect(second.decision == .full(reason: "a site-wide input changed (the tool, the templates, site.yml, the base URL, --drafts, which articles exist or a published file)"))

        let ours = try snapshot(root.appending(path: "public"))
        let pages = ours.keys.filter { ($0.hasSuffix(".html") && $0 != "404.html") || $0 == "sitemap.xml" }
        try #require(pages.count >= 10, "\(ours.keys.sorted())")
        for path in pages {
            let text = String(decoding: ours[path] ?? Data(), as: UTF8.self)
            #expect(text.contains("https://second.example/sub/"), "\(path)")
            #expect(!text.contains("first.example"), "\(path) keeps the old base URL")
        }

        // And byte for byte what a clean build with the new base URL writes.
        var clean = options
        clean.outputDir = try makeTemporaryDirectory().appending(path: "public").path
        try #require(SiteBuilder.build(clean).succeeded)
        let theirs = try snapshot(URL(filePath: clean.outputDir))
        #expect(ours.keys.sorted() == theirs.keys.sorted())
        for (path, data) in theirs where ours[path] != data { Issue.record("\(path) differs from a clean build's") }
    }
}
